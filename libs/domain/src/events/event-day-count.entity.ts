import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * Listed events per UTC start day and scope (0: all; a term ID: that term's events without a
 * password; -1: the longest event span in seconds), kept by TermCountsRepository so that a list's
 * total is a sum over at most a few hundred rows instead of a count over the window's events.
 * Each writing process adds to its own `slot` row (PROCESS_WRITE_SLOT): a count is the sum over
 * the slots (the span their maximum), and a recount folds them back into slot 0.
 */
@Entity('event_day_counts')
export class EventDayCount {
  @PrimaryColumn({ name: 'scope_id', type: 'integer' })
  scopeId: number;

  @PrimaryColumn({ type: 'varchar', length: 10 })
  day: string;

  @PrimaryColumn({ type: 'integer', default: 0 })
  slot: number;

  @Column({ type: 'integer', default: 0 })
  count: number;
}
