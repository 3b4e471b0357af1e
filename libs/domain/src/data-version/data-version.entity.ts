import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * The data version (docs/api-rules.md, HTTP caching and preconditions): the sum of `version` over all rows, raised by one in every write
 * transaction. Each process raises a row of its own (a random slot), so writers on different
 * Galera nodes never update one row and never fail certification over it.
 */
@Entity('data_versions')
export class DataVersionSlot {
  @PrimaryColumn({ type: 'integer' })
  slot: number;

  @Column({ type: 'integer', default: 0 })
  version: number;
}
