import { Entity, PrimaryColumn } from 'typeorm';
import { SlotCounter } from '../counters/slot-counter';

/**
 * A term's published-event count is the sum of `count` over its rows here (SlotCounter), so that
 * writers on different Galera nodes never update one row for a popular term. Kept by
 * TermCountsRepository; a recount folds the slots back into slot 0.
 */
@Entity('term_counts')
export class TermCount extends SlotCounter {
  @PrimaryColumn({ name: 'term_id', type: 'integer' })
  termId: number;
}
