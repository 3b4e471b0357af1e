import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * Rows writers update to take turns on a name (WriteLocksRepository): one row per bucket of names,
 * so the table stays small however many names there are.
 */
@Entity('write_locks')
export class WriteLock {
  @PrimaryColumn({ type: 'integer' })
  id: number;

  /** How often the row was taken; only its being written matters. */
  @Column({ type: 'integer', default: 0 })
  taken: number;
}
