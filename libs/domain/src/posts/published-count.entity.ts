import { Entity, PrimaryColumn } from 'typeorm';
import { SlotCounter } from '../counters/slot-counter';

/**
 * How many records of a kind (`kind`: its table, `venues` or `organizers`) have the status
 * `publish`: the sum of `count` over the kind's rows (SlotCounter), one per writing process, so
 * that writers on different Galera nodes never change one row. Kept by PublishedCountsRepository
 * in the transactions that write the records; a recount folds the slots back into slot 0.
 */
@Entity('published_counts')
export class PublishedCount extends SlotCounter {
  @PrimaryColumn({ type: 'varchar', length: 20 })
  kind: string;
}
