import { PostRecord } from '../posts/post-record.entity';
import { Column, Entity, Index } from 'typeorm';

@Entity('organizers')
@Index('UQ_organizers_slug', ['slug'], { unique: true })
// The list's count and its newest-first page read this index only (issue 9).
@Index('IDX_organizers_status_published', ['status', 'publishedUtc'])
export class Organizer extends PostRecord {
  @Column({ type: 'varchar', length: 64 })
  phone: string;

  @Column({ type: 'varchar', length: 2048 })
  website: string;

  @Column({ type: 'varchar', length: 255 })
  email: string;
}
