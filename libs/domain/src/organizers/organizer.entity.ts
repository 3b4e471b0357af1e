import { PostRecord } from '../posts/post-record.entity';
import { Column, Entity, Index } from 'typeorm';

@Entity('organizers')
@Index('UQ_organizers_slug', ['slug'], { unique: true })
// Which records show an image: whether a caller may link it (ImagesRepository).
@Index('IDX_organizers_image', ['imageId'])
// The next scheduled organizer to become due (the data version, README, HTTP caching and preconditions); the list's count reads
// only this index (bench/README.md, Scale).
@Index('IDX_organizers_due', ['status', 'publishedUtc'])
// A page of the list, newest first: walked backwards, covering the status (migration 1797300000005).
@Index('IDX_organizers_list_order', ['publishedUtc', 'id', 'status'])
export class Organizer extends PostRecord {
  @Column({ type: 'varchar', length: 64 })
  phone: string;

  @Column({ type: 'varchar', length: 2048 })
  website: string;

  @Column({ type: 'varchar', length: 255 })
  email: string;
}
