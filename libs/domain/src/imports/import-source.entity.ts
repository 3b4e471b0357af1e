import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** What becomes of imported events whose UID is no longer in the source. */
export type OnRemoved = 'trash' | 'keep';

/**
 * A calendar to import: a URL (fetched on every run, refreshed every `refreshSeconds` when set)
 * or an uploaded file (url null), with the options every event of it gets and its last run.
 */
@Entity('import_sources')
export class ImportSource {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id: number;

  @Column({ type: 'varchar', length: 2048, nullable: true })
  url: string | null;

  @Column({ type: 'varchar', length: 255 })
  name: string;

  /** Status of the events a run creates. */
  @Column({ type: 'varchar', length: 20 })
  status: string;

  /** Category and tag references (IDs, slugs or names) added to every event, as JSON arrays. */
  @Column({ type: 'text' })
  categories: string;

  @Column({ type: 'text' })
  tags: string;

  /** Zone of floating times and all-day days; null: the file's X-WR-TIMEZONE, else SITE_TIMEZONE. */
  @Column({ type: 'varchar', length: 64, nullable: true })
  timezone: string | null;

  @Column({ name: 'refresh_seconds', type: 'integer', nullable: true })
  refreshSeconds: number | null;

  @Column({ name: 'on_removed', type: 'varchar', length: 10 })
  onRemoved: OnRemoved;

  /** The user whose rights a run writes with (who created the source). */
  @Column({ name: 'author_id', type: 'integer' })
  authorId: number;

  /** The validators of the last fetched answer, for conditional requests. */
  @Column({ type: 'varchar', length: 1024, nullable: true })
  etag: string | null;

  @Column({ name: 'last_modified_header', type: 'varchar', length: 255, nullable: true })
  lastModifiedHeader: string | null;

  /** When a refresh is due; null for sources without `refresh`. */
  @Index('IDX_import_sources_next_run')
  @Column({ name: 'next_run_at', type: 'datetime', nullable: true })
  nextRunAt: Date | null;

  @Column({ name: 'last_run_at', type: 'datetime', nullable: true })
  lastRunAt: Date | null;

  @Column({ name: 'last_success_at', type: 'datetime', nullable: true })
  lastSuccessAt: Date | null;

  /** JSON `{code, params}` of the last run's failure; null when it succeeded. */
  @Column({ name: 'last_error', type: 'text', nullable: true })
  lastError: string | null;

  /** JSON of the last run's ImportReport. */
  @Column({ name: 'last_report', type: 'text', nullable: true })
  lastReport: string | null;

  @Column({ name: 'created_utc', type: 'datetime' })
  createdUtc: Date;

  @Column({ name: 'modified_utc', type: 'datetime' })
  modifiedUtc: Date;
}
