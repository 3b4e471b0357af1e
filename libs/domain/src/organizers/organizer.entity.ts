import { LinkedRecord, PostRecordTable } from '../posts/post-record.entity';
import { Column, Index } from 'typeorm';

@PostRecordTable('organizers')
// A page of the list, newest first: walked backwards, covering the status (migration 1797300000005).
@Index('IDX_organizers_list_order', ['publishedUtc', 'id', 'status'])
export class Organizer extends LinkedRecord {
  @Column({ type: 'varchar', length: 255 })
  email: string;
}
