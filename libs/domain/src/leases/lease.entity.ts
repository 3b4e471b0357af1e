import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * A named lease (LeasesRepository): which process may do a piece of work that exactly one
 * instance should do at a time, and until when. A holder that stops renewing loses it at
 * `expires_at`, so a killed process frees it without help.
 */
@Entity('leases')
export class Lease {
  @PrimaryColumn({ type: 'varchar', length: 100 })
  name: string;

  @Column({ type: 'varchar', length: 100 })
  holder: string;

  /** UTC, in milliseconds, from the database's own clock (the one clock every instance shares). */
  @Column({ name: 'expires_at', type: 'datetime', precision: 3 })
  expiresAt: Date;
}
