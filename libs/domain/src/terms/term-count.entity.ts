import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * A term's published-event count is the sum of `count` over its rows here: each writing process
 * adds to its own `slot` row (PROCESS_WRITE_SLOT), so writers on different Galera nodes never
 * update one row for a popular term. Kept by TermCountsRepository; a recount folds the slots back
 * into slot 0.
 */
@Entity('term_counts')
export class TermCount {
  @PrimaryColumn({ name: 'term_id', type: 'integer' })
  termId: number;

  @PrimaryColumn({ type: 'integer', default: 0 })
  slot: number;

  @Column({ type: 'integer', default: 0 })
  count: number;
}
