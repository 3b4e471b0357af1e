import { PostRecord, PostRecordTable } from '../posts/post-record.entity';
import { Column, Index } from 'typeorm';

/** The import link's columns (ImportedEventsRepository): one row's own, never copied to occurrences. */
export const IMPORT_LINK_COLUMNS = [
  'importSourceId',
  'importUid',
  'importKey',
  'importFingerprint',
  'importSequence',
  'importLastModified',
  'importEdited',
] as const;

/** The index a page of the event list walks (EventsRepository.orderPage). */
export const LIST_ORDER_INDEX = 'IDX_events_list_order';

@PostRecordTable('events')
// Covers the list's visibility and window conditions (a series row is not listed: `is_series` too),
// so the counts of partial days and of events running past a window read only the index.
@Index('IDX_events_listing_covering', ['status', 'startUtc', 'endUtc', 'hideFromListings', 'publishedUtc', 'isSeries'])
@Index('IDX_events_end', ['endUtc'])
// Pages of the list in (start_utc, id) order: a page walks this index from the window's start and
// stops after LIMIT rows; it covers the page's visibility and window conditions (`is_series`
// included), so the rows walked past (a deep page) are never read from the table. A walk that
// filters on content (a category, MySQL/MariaDB's common search) also checks each event's lock
// (`password`) and probes the postings by `text_id`: both here, so such a walk reads no row either.
@Index(LIST_ORDER_INDEX, ['hideFromListings', 'startUtc', 'id', 'status', 'endUtc', 'publishedUtc', 'isSeries', 'textId', 'password'])
// An occurrence is known by its series and original start; its row keeps its ID while that start occurs.
@Index('UQ_events_occurrence', ['recurringEventId', 'recurrenceIdUtc'], { unique: true })
// MySQL/MariaDB search: the index's matches are rows whose text_id is among their records; the
// columns after it are what a list checks of each match (visibility, window, lock, start order),
// so a search's total and page read this index alone, never the rows (a million events' rows do
// not stay in the buffer pool; this index does).
@Index('IDX_events_text', ['textId', 'hideFromListings', 'isSeries', 'status', 'startUtc', 'endUtc', 'publishedUtc', 'password'])
// An imported event or exception is known by its source and the hash of its UID and RECURRENCE-ID: a re-run updates it.
@Index('UQ_events_import', ['importSourceId', 'importKey'], { unique: true })
export class CalendarEvent extends PostRecord {
  @Column({ name: 'start_utc', type: 'datetime' })
  startUtc: Date;

  @Column({ name: 'end_utc', type: 'datetime' })
  endUtc: Date;

  /** IANA name (Europe/Berlin) or a fixed offset (UTC, UTC+2). */
  @Column({ type: 'varchar', length: 64 })
  timezone: string;

  @Column({ name: 'all_day', type: 'boolean' })
  allDay: boolean;

  @Column({ type: 'varchar', length: 255 })
  cost: string;

  @Column({ type: 'varchar', length: 2048 })
  website: string;

  @Column({ name: 'show_map', type: 'boolean' })
  showMap: boolean;

  @Column({ name: 'show_map_link', type: 'boolean' })
  showMapLink: boolean;

  @Column({ name: 'hide_from_listings', type: 'boolean' })
  hideFromListings: boolean;

  @Column({ type: 'boolean' })
  sticky: boolean;

  @Column({ type: 'boolean' })
  featured: boolean;

  /** Rises with every change of the event: a feed's SEQUENCE (RFC 5545), so calendar apps take the update. */
  @Column({ type: 'integer', default: 0 })
  revision: number;

  /**
   * A series' rule as stored (JSON of `{rrule, rdates, exdates}`), null on single events and on
   * occurrences, which are rows of their own copying the series' fields.
   */
  @Column({ type: 'text', nullable: true })
  recurrence: string | null;

  /** A series row: lists show its occurrences instead of it. */
  @Column({ name: 'is_series', type: 'boolean', default: false })
  isSeries: boolean;

  /** On an occurrence, its series' ID. */
  @Column({ name: 'recurring_event_id', type: 'integer', nullable: true })
  recurringEventId: number | null;

  /** On an occurrence, its original start (RECURRENCE-ID): its identity within the series. */
  @Column({ name: 'recurrence_id_utc', type: 'datetime', nullable: true })
  recurrenceIdUtc: Date | null;

  /**
   * Whose texts (title, description, excerpt) the row shows: its own ID, or on an occurrence that
   * changed none of them, its series' ID. The passage search index (MySQL/MariaDB) holds the
   * postings of text owners only, so a series' occurrences share its postings instead of copying them.
   */
  @Column({ name: 'text_id', type: 'integer', nullable: true })
  textId: number | null;

  /** On an exception, the fields it changed itself (comma-separated API names); series edits keep them. */
  @Column({ name: 'own_fields', type: 'varchar', length: 255, nullable: true })
  ownFields: string | null;

  /** On an endless series, the instant up to which its occurrences exist (the horizon when they were made). */
  @Index('IDX_events_materialized')
  @Column({ name: 'materialized_until', type: 'datetime', nullable: true })
  materializedUntil: Date | null;

  @Index('IDX_events_parent')
  @Column({ name: 'post_parent_id', type: 'integer', nullable: true })
  postParentId: number | null;

  /** The import source the event came from (ImportSource), or null. */
  @Column({ name: 'import_source_id', type: 'integer', nullable: true })
  importSourceId: number | null;

  /** Its UID in that source. */
  @Column({ name: 'import_uid', type: 'text', nullable: true })
  importUid: string | null;

  /** Hash of the UID and RECURRENCE-ID (importKeyOf): unique per source. */
  @Column({ name: 'import_key', type: 'varchar', length: 64, nullable: true })
  importKey: string | null;

  /** The fingerprint of what the source said at the last write: an equal one needs no write. */
  @Column({ name: 'import_fingerprint', type: 'varchar', length: 64, nullable: true })
  importFingerprint: string | null;

  /** SEQUENCE and LAST-MODIFIED seen at the last write: a hand edit yields to the source only when they move. */
  @Column({ name: 'import_sequence', type: 'integer', nullable: true })
  importSequence: number | null;

  @Column({ name: 'import_last_modified', type: 'datetime', nullable: true })
  importLastModified: Date | null;

  /** Written through the API since the import wrote it (every save of an imported row sets it; the importer clears it). */
  @Column({ name: 'import_edited', type: 'boolean', default: false })
  importEdited: boolean;
}
