import { Column, PrimaryColumn } from 'typeorm';

/**
 * A counter kept as a sum over rows, one row per writing process (PROCESS_WRITE_SLOT): the
 * `slot` key column and the `count` of the row. Entities add the key columns of what they count.
 */
export abstract class SlotCounter {
  @PrimaryColumn({ type: 'integer', default: 0 })
  slot: number;

  @Column({ type: 'integer', default: 0 })
  count: number;
}
