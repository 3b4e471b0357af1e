import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A featured image reference. URLs given by clients are recorded, never downloaded. */
@Entity('images')
export class Image {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ type: 'varchar', length: 2048 })
  url: string;

  @Column({ type: 'varchar', length: 16 })
  extension: string;

  @Column({ type: 'integer', nullable: true })
  width: number | null;

  @Column({ type: 'integer', nullable: true })
  height: number | null;

  @Column({ name: 'created_utc', type: 'datetime' })
  createdUtc: Date;
}
