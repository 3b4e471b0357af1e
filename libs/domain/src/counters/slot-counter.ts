import { Column, PrimaryColumn } from 'typeorm';

/**
 * A counter kept as a sum over rows, one row per open write transaction of a process (writeSlotOf): the
 * `slot` key column and the `count` of the row. Entities add the key columns of what they count.
 */
export abstract class SlotCounter {
  @PrimaryColumn({ type: 'integer', default: 0 })
  slot: number;

  @Column({ type: 'integer', default: 0 })
  count: number;
}
