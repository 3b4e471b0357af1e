import { Entity, PrimaryColumn } from 'typeorm';
import { SlotCounter } from '../counters/slot-counter';

/**
 * Listed events per UTC start day and scope (0: all; a term ID: that term's events without a
 * password; -1: the longest event span in seconds), kept by TermCountsRepository so that a list's
 * total is a sum over at most a few hundred rows instead of a count over the window's events.
 * A count is the sum over the slots (SlotCounter), the span their maximum; a recount folds them
 * back into slot 0.
 */
@Entity('event_day_counts')
export class EventDayCount extends SlotCounter {
  @PrimaryColumn({ name: 'scope_id', type: 'integer' })
  scopeId: number;

  @PrimaryColumn({ type: 'varchar', length: 10 })
  day: string;
}
