import { PostRecord } from '../posts/post-record.entity';
import { Column, Entity, Index } from 'typeorm';

@Entity('organizers')
@Index('UQ_organizers_slug', ['slug'], { unique: true })
export class Organizer extends PostRecord {
  @Column({ type: 'varchar', length: 64 })
  phone: string;

  @Column({ type: 'varchar', length: 2048 })
  website: string;

  @Column({ type: 'varchar', length: 255 })
  email: string;
}
