import { insertRowsRaw, rowLocksSupported } from '@app/database';
import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { eventSearchGrams } from '../search/search-gram-kinds';
import { TermCountsRepository } from '../terms/term-counts.repository';
import { CalendarEvent, IMPORT_LINK_COLUMNS } from './event.entity';

/** One occurrence as a series write wants it: its original start (identity) and its start and end. */
export interface PlannedOccurrence {
  start: Date;
  end: Date;
}

/** An occurrence row as the rewrite reads it. */
interface StoredOccurrence {
  id: number;
  recurrenceIdUtc: Date;
  ownFields: ExceptionField[];
}

/** Fields an exception (`scope=this`) may change, and the columns each one is stored in. */
export const EXCEPTION_FIELDS = {
  title: ['title'],
  description: ['description'],
  excerpt: ['excerpt'],
  start_date: ['startUtc'],
  end_date: ['endUtc'],
  venue: [],
  organizer: [],
  cost: ['cost'],
  website: ['website'],
  image: ['imageId'],
  featured: ['featured'],
  sticky: ['sticky'],
  hide_from_listings: ['hideFromListings'],
} as const satisfies Record<string, readonly (keyof CalendarEvent)[]>;

type ExceptionField = keyof typeof EXCEPTION_FIELDS;

/** Columns an occurrence never copies from its series: its own identity and dates, and the series' rule. */
const OWN_COLUMNS = new Set<string>([
  'id',
  'slug',
  'startUtc',
  'endUtc',
  'recurrence',
  'isSeries',
  'recurringEventId',
  'recurrenceIdUtc',
  'ownFields',
  'textId',
  'materializedUntil',
  'image',
  ...IMPORT_LINK_COLUMNS,
]);

/** Rows per multi-row statement: well below either engine's bound-parameter limit. */
const CHUNK = 100;

/** Occurrence slugs never clash with real ones (slugs are `[a-z0-9-]`); answers show the series' slug. */
export function occurrenceSlug(seriesId: number, start: Date): string {
  return `${OCCURRENCE_SLUG_PREFIX}${seriesId}-${Math.round(start.getTime() / 1000)}`;
}

/** Marks the internal slugs of occurrence rows. */
export const OCCURRENCE_SLUG_PREFIX = '~';

/** The exception fields that are searchable texts: an exception changing one owns all its texts. */
const TEXT_FIELDS: readonly ExceptionField[] = ['title', 'description', 'excerpt'];

/** Whose texts the event shows (its text_id): an occurrence's series' until it changed a text itself. */
export function textOwnerOf(event: Pick<CalendarEvent, 'id' | 'recurringEventId' | 'ownFields'>): number {
  const ownsTexts = event.recurringEventId === null || parseOwnFields(event.ownFields).some((field) => TEXT_FIELDS.includes(field));
  return ownsTexts ? event.id : (event.recurringEventId as number);
}

export function parseOwnFields(text: string | null): ExceptionField[] {
  return text ? (text.split(',').filter((field) => field in EXCEPTION_FIELDS) as ExceptionField[]) : [];
}

/**
 * The occurrence rows of series. An occurrence is a row of `events` copying its series' fields
 * and links, so every list filter, index and kept count treats it like a single event. A series
 * write rewrites them in its transaction: rows whose original start still occurs keep their IDs,
 * exceptions keep the fields they changed themselves, the others go.
 */
@Injectable()
export class SeriesOccurrencesRepository {
  constructor(private readonly counts: TermCountsRepository) {}

  /**
   * `forUpdate`: read and locked (MySQL: FOR UPDATE) by a write that decides from them. On a Galera
   * cluster an exception edit through another node holds the series' lock only on its own node; an
   * occurrence row this write has locked makes that edit's arrival abort this transaction (it is
   * retried and sees the edit) instead of being overwritten from a plain read taken before it.
   */
  async occurrencesOf(seriesId: number, db: EntityManager, forUpdate = false): Promise<StoredOccurrence[]> {
    const lock = forUpdate && rowLocksSupported(db) ? ' FOR UPDATE' : '';
    const rows: Array<{ id: number | string; rid: string | Date; own: string | null }> = await db.query(
      `SELECT id, recurrence_id_utc AS rid, own_fields AS own FROM events WHERE recurring_event_id = ? ORDER BY recurrence_id_utc${lock}`,
      [seriesId],
    );
    return rows.map((row) => ({ id: Number(row.id), recurrenceIdUtc: toDate(row.rid), ownFields: parseOwnFields(row.own) }));
  }

  /**
   * Makes the series' occurrence rows those of `wanted` (after its own row and links are saved):
   * the kept counts lose the old rows and gain the new ones in the same transaction.
   */
  async rewrite(series: CalendarEvent, wanted: PlannedOccurrence[], db: EntityManager): Promise<void> {
    await this.counts.noteOccurrences(db, series.id, -1);
    const existing = await this.occurrencesOf(series.id, db, true);
    const wantedByStart = new Map(wanted.map((occurrence) => [occurrence.start.getTime(), occurrence]));
    const exceptions = existing.filter((row) => row.ownFields.length > 0 && wantedByStart.has(row.recurrenceIdUtc.getTime()));
    const exceptionStarts = new Set(exceptions.map((row) => row.recurrenceIdUtc.getTime()));
    const replaced = existing.filter((row) => !exceptionStarts.has(row.recurrenceIdUtc.getTime()));
    const reusedIds = new Map(replaced.map((row) => [row.recurrenceIdUtc.getTime(), row.id]));
    await this.deleteRows(
      replaced.map((row) => row.id),
      db,
    );
    const fresh = wanted.filter((occurrence) => !exceptionStarts.has(occurrence.start.getTime()));
    await this.insertRows(series, fresh, reusedIds, db);
    for (const exception of exceptions) {
      await this.refreshException(series, exception, wantedByStart.get(exception.recurrenceIdUtc.getTime()) as PlannedOccurrence, db);
    }
    await this.copyLinks(series.id, exceptions, db);
    await this.counts.noteOccurrences(db, series.id, 1);
  }

  /** Adds occurrences after the series' last one (an endless series growing with the horizon). */
  async append(series: CalendarEvent, added: PlannedOccurrence[], db: EntityManager): Promise<void> {
    if (added.length === 0) return;
    await this.insertRows(series, added, new Map(), db);
    const ids = await db
      .createQueryBuilder()
      .select('e.id', 'id')
      .from('events', 'e')
      .where('e.recurring_event_id = :seriesId AND e.recurrence_id_utc >= :from', { seriesId: series.id, from: added[0].start })
      .getRawMany<{ id: number | string }>();
    await this.copyLinksTo(
      series.id,
      ids.map((row) => Number(row.id)),
      db,
    );
    // Only the new rows: their tallies are added as single events would be.
    for (const { id } of ids) this.counts.noteEvent(db, await this.counts.tallyOf(Number(id), db), 1);
  }

  /** Every occurrence row of the series and its links, when the series is deleted for good or becomes a single event. */
  async removeAll(seriesId: number, db: EntityManager): Promise<void> {
    await this.counts.noteOccurrences(db, seriesId, -1);
    const rows = await this.occurrencesOf(seriesId, db);
    await this.deleteRows(
      rows.map((row) => row.id),
      db,
    );
  }

  /** One occurrence row and its links (an occurrence cancelled by an EXDATE). */
  async removeOne(id: number, db: EntityManager): Promise<void> {
    this.counts.noteEvent(db, await this.counts.tallyOf(id, db), -1);
    await this.deleteRows([id], db);
  }

  /** The occurrences follow the series' status (trash and restore, scheduling). */
  async setStatus(seriesId: number, status: string, modifiedUtc: Date, db: EntityManager): Promise<void> {
    await this.counts.noteOccurrences(db, seriesId, -1);
    await db
      .createQueryBuilder()
      .update(CalendarEvent)
      .set({ status: status as CalendarEvent['status'], modifiedUtc })
      .where('recurring_event_id = :seriesId', { seriesId })
      .execute();
    await this.counts.noteOccurrences(db, seriesId, 1);
  }

  /** Moves occurrences from `fromId` to the series `toId` (a split: the later part becomes a new series). */
  async moveOccurrences(fromId: number, toId: number, fromStart: Date, db: EntityManager): Promise<void> {
    // Occurrences showing the old series' texts show the new one's (text_id follows).
    await db
      .createQueryBuilder()
      .update(CalendarEvent)
      .set({ recurringEventId: toId, textId: () => `CASE WHEN text_id = ${Math.trunc(fromId)} THEN ${Math.trunc(toId)} ELSE text_id END` })
      .where('recurring_event_id = :fromId AND recurrence_id_utc >= :fromStart', { fromId, fromStart })
      .execute();
  }

  private async deleteRows(ids: number[], db: EntityManager): Promise<void> {
    for (let start = 0; start < ids.length; start += CHUNK * 5) {
      const chunk = ids.slice(start, start + CHUNK * 5);
      const list = chunk.join(',');
      await eventSearchGrams.forget(chunk, db);
      for (const table of ['event_terms', 'event_venues', 'event_organizers'])
        await db.query(`DELETE FROM ${table} WHERE event_id IN (${list})`);
      await db.query(`DELETE FROM events WHERE id IN (${list})`);
    }
  }

  private async insertRows(series: CalendarEvent, wanted: PlannedOccurrence[], reused: Map<number, number>, db: EntityManager) {
    const shared = sharedValues(series, db);
    const rows = wanted.map((occurrence) => {
      const id = reused.get(occurrence.start.getTime());
      return {
        ...shared,
        ...(id !== undefined ? { id } : {}),
        slug: occurrenceSlug(series.id, occurrence.start),
        startUtc: occurrence.start,
        endUtc: occurrence.end,
        recurrence: null,
        isSeries: false,
        recurringEventId: series.id,
        recurrenceIdUtc: occurrence.start,
        ownFields: null,
        textId: series.id,
        materializedUntil: null,
      };
    });
    // Rows with a kept ID and new rows in separate statements: an engine fills a missing ID only
    // when the whole statement leaves it out.
    const [kept, fresh] = [rows.filter((row) => 'id' in row), rows.filter((row) => !('id' in row))];
    await insertRowsRaw(db, CalendarEvent, kept, { withIds: true });
    await insertRowsRaw(db, CalendarEvent, fresh);
  }

  /** An exception takes every field of its series except those it changed itself. */
  private async refreshException(
    series: CalendarEvent,
    exception: StoredOccurrence,
    planned: PlannedOccurrence,
    db: EntityManager,
  ): Promise<void> {
    const values: Record<string, unknown> = { ...sharedValues(series, db), startUtc: planned.start, endUtc: planned.end };
    for (const field of exception.ownFields) for (const column of EXCEPTION_FIELDS[field]) delete values[column];
    // An exception with texts of its own has its own grams: the series' texts it keeps may change.
    const before = await eventSearchGrams.textsOf(exception.id, db);
    await db.update(CalendarEvent, { id: exception.id }, values as never);
    if (before) await eventSearchGrams.replace(exception.id, before, await eventSearchGrams.textsOf(exception.id, db), db);
  }

  /** The series' links onto its occurrences; an exception keeps the venues or organizers it changed itself. */
  private async copyLinks(seriesId: number, exceptions: StoredOccurrence[], db: EntityManager): Promise<void> {
    const ownVenues = exceptions.filter((row) => row.ownFields.includes('venue')).map((row) => row.id);
    const ownOrganizers = exceptions.filter((row) => row.ownFields.includes('organizer')).map((row) => row.id);
    const ids = exceptions.map((row) => row.id);
    if (ids.length > 0) {
      await db.query(`DELETE FROM event_terms WHERE event_id IN (${ids.join(',')})`);
      const notOwn = (own: number[]) => ids.filter((id) => !own.includes(id));
      if (notOwn(ownVenues).length) await db.query(`DELETE FROM event_venues WHERE event_id IN (${notOwn(ownVenues).join(',')})`);
      if (notOwn(ownOrganizers).length)
        await db.query(`DELETE FROM event_organizers WHERE event_id IN (${notOwn(ownOrganizers).join(',')})`);
    }
    const except = (own: number[]) => (own.length ? ` AND o.id NOT IN (${own.join(',')})` : '');
    await db.query(
      `INSERT INTO event_terms (event_id, term_id) SELECT o.id, s.term_id FROM events o INNER JOIN event_terms s ON s.event_id = ? WHERE o.recurring_event_id = ?`,
      [seriesId, seriesId],
    );
    await db.query(
      `INSERT INTO event_venues (event_id, venue_id, position) SELECT o.id, s.venue_id, s.position FROM events o
       INNER JOIN event_venues s ON s.event_id = ? WHERE o.recurring_event_id = ?${except(ownVenues)}`,
      [seriesId, seriesId],
    );
    await db.query(
      `INSERT INTO event_organizers (event_id, organizer_id, position) SELECT o.id, s.organizer_id, s.position FROM events o
       INNER JOIN event_organizers s ON s.event_id = ? WHERE o.recurring_event_id = ?${except(ownOrganizers)}`,
      [seriesId, seriesId],
    );
  }

  /** The series' links onto these new occurrence rows. */
  private async copyLinksTo(seriesId: number, ids: number[], db: EntityManager): Promise<void> {
    for (let start = 0; start < ids.length; start += CHUNK * 5) {
      const within = `o.id IN (${ids.slice(start, start + CHUNK * 5).join(',')})`;
      await db.query(
        `INSERT INTO event_terms (event_id, term_id) SELECT o.id, s.term_id FROM events o INNER JOIN event_terms s ON s.event_id = ? WHERE ${within}`,
        [seriesId],
      );
      await db.query(
        `INSERT INTO event_venues (event_id, venue_id, position) SELECT o.id, s.venue_id, s.position FROM events o INNER JOIN event_venues s ON s.event_id = ? WHERE ${within}`,
        [seriesId],
      );
      await db.query(
        `INSERT INTO event_organizers (event_id, organizer_id, position) SELECT o.id, s.organizer_id, s.position FROM events o INNER JOIN event_organizers s ON s.event_id = ? WHERE ${within}`,
        [seriesId],
      );
    }
  }
}

/** The series' column values every occurrence copies, by property name. */
function sharedValues(series: CalendarEvent, db: EntityManager): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const column of db.connection.getMetadata(CalendarEvent).columns) {
    if (OWN_COLUMNS.has(column.propertyName)) continue;
    // image_id is both a column and the image relation's join column: its value is the column's own.
    values[column.propertyName] = column.relationMetadata
      ? series[column.propertyName as keyof CalendarEvent]
      : column.getEntityValue(series);
  }
  return values;
}

function toDate(value: string | Date): Date {
  return value instanceof Date ? value : new Date(`${value.replace(' ', 'T')}Z`);
}
