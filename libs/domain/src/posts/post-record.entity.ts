import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { PostStatus } from './post-status';
import { Image } from './image.entity';

/**
 * The columns every post-like record (event, venue, organizer) carries. Each kind has its own
 * table; this base keeps the shared part in one place. Instants are stored in UTC.
 */
export abstract class PostRecord {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ type: 'varchar', length: 200 })
  slug: string;

  @Index()
  @Column({ type: 'varchar', length: 20 })
  status: PostStatus;

  @Column({ name: 'author_id', type: 'integer' })
  authorId: number;

  /** The title of an event, the name of a venue or organizer. */
  @Column({ type: 'varchar', length: 255 })
  title: string;

  @Column({ type: 'text' })
  description: string;

  @Column({ type: 'text' })
  excerpt: string;

  @Column({ name: 'image_id', type: 'integer', nullable: true })
  imageId: number | null;

  @ManyToOne(() => Image, { nullable: true, createForeignKeyConstraints: false })
  @JoinColumn({ name: 'image_id' })
  image?: Image | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  password: string | null;

  /** Once published, a contributor may no longer edit or delete the record (docs/api-rules.md, Statuses, users and permissions). */
  @Column({ name: 'was_published', type: 'boolean', default: false })
  wasPublished: boolean;

  @Column({ name: 'published_utc', type: 'datetime' })
  publishedUtc: Date;

  @Column({ name: 'modified_utc', type: 'datetime' })
  modifiedUtc: Date;
}

/** The name of the unique key on a post-like table's slug. */
export function slugKeyName(table: string): string {
  return `UQ_${table}_slug`;
}

/**
 * The table of a post-like kind with the indexes every kind has: its unique slug; which records show
 * an image (whether a caller may link it, ImagesRepository); and the next scheduled record to become
 * due, and the due ones, in one index lookup (the data version, docs/api-rules.md, HTTP caching and
 * preconditions; DueEventsPublisher), which is all a count of a list of venues or organizers reads
 * (bench/README.md, Scale).
 */
export function PostRecordTable(table: string): ClassDecorator {
  return (target) => {
    Entity(table)(target);
    Index(slugKeyName(table), ['slug'], { unique: true })(target);
    Index(`IDX_${table}_image`, ['imageId'])(target);
    Index(`IDX_${table}_due`, ['status', 'publishedUtc'])(target);
  };
}

/** The records events link to (venues, organizers): a post-like record with a phone and a website. */
export abstract class LinkedRecord extends PostRecord {
  @Column({ type: 'varchar', length: 64 })
  phone: string;

  @Column({ type: 'varchar', length: 2048 })
  website: string;
}
