import { PostRecord } from '../posts/post-record.entity';
import { Column, Entity, Index } from 'typeorm';

@Entity('venues')
@Index('UQ_venues_slug', ['slug'], { unique: true })
// Which records show an image: whether a caller may link it (ImagesRepository).
@Index('IDX_venues_image', ['imageId'])
// The next scheduled venue to become due (the data version, README, HTTP caching and preconditions); the list's count reads
// only this index (bench/README.md, Scale).
@Index('IDX_venues_due', ['status', 'publishedUtc'])
// A page of the list, newest first: walked backwards, covering the status (migration 1797300000005).
@Index('IDX_venues_list_order', ['publishedUtc', 'id', 'status'])
export class Venue extends PostRecord {
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

  @Column({ type: 'varchar', length: 64 })
  phone: string;

  @Column({ type: 'varchar', length: 2048 })
  website: string;

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
