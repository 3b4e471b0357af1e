import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** A featured image reference. URLs given by clients are recorded, never downloaded. */
@Entity('images')
// A URL already recorded for this owner is found by its key; a second writer of the same URL and
// owner fails this key and its retry finds the first one's record.
@Index('UQ_images_url_owner', ['urlKey', 'ownerId'], { unique: true })
export class Image {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ type: 'varchar', length: 2048 })
  url: string;

  /** SHA-256 of `url` in hex: a URL of up to 2,048 characters is too long for a MariaDB index key. */
  @Column({ name: 'url_key', type: 'varchar', length: 64 })
  urlKey: string;

  /**
   * The user who recorded it. Null for images recorded before owners were kept: those are linkable
   * only through the records that show them.
   */
  @Column({ name: 'owner_id', type: 'integer', nullable: true })
  ownerId: number | null;

  @Column({ type: 'varchar', length: 16 })
  extension: string;

  @Column({ type: 'integer', nullable: true })
  width: number | null;

  @Column({ type: 'integer', nullable: true })
  height: number | null;

  @Column({ name: 'created_utc', type: 'datetime' })
  createdUtc: Date;
}
