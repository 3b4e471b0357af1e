import { PostRecord } from '../posts/post-record.entity';
import { Column, Entity, Index } from 'typeorm';

@Entity('organizers')
@Index('UQ_organizers_slug', ['slug'], { unique: true })
// The next scheduled organizer to become due (the data version, contract §10); the list's count and its
// newest-first page read only this index (issue 9).
@Index('IDX_organizers_due', ['status', 'publishedUtc'])
export class Organizer extends PostRecord {
  @Column({ type: 'varchar', length: 64 })
  phone: string;

  @Column({ type: 'varchar', length: 2048 })
  website: string;

  @Column({ type: 'varchar', length: 255 })
  email: string;
}
