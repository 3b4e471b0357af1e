import { LinkedRecord, PostRecordTable } from '../posts/post-record.entity';
import { Column, Index } from 'typeorm';

@PostRecordTable('venues')
// A page of the list, newest first: walked backwards, covering the status (migration 1797300000005).
@Index('IDX_venues_list_order', ['publishedUtc', 'id', 'status'])
export class Venue extends LinkedRecord {
  @Column({ type: 'varchar', length: 255 })
  address: string;

  @Column({ type: 'varchar', length: 255 })
  city: string;

  @Column({ type: 'varchar', length: 255 })
  country: string;

  @Column({ type: 'varchar', length: 255 })
  province: string;

  @Column({ type: 'varchar', length: 255 })
  state: string;

  @Column({ type: 'varchar', length: 64 })
  zip: string;

  /** Null while never set: the response then derives it from state or province. */
  @Column({ type: 'varchar', length: 255, nullable: true })
  stateprovince: string | null;

  @Column({ name: 'show_map', type: 'boolean' })
  showMap: boolean;

  @Column({ name: 'show_map_link', type: 'boolean' })
  showMapLink: boolean;

  @Column({ name: 'geo_lat', type: 'double', nullable: true })
  geoLat: number | null;

  @Column({ name: 'geo_lng', type: 'double', nullable: true })
  geoLng: number | null;
}
