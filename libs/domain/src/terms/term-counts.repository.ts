import { writeSlotOf } from '@app/database';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { dayKeys, EventTally, SPAN_DAY, SPAN_SCOPE, tallyOf, termDayKeys } from '../events/event-tally';
import { upsertCounters } from '../counters/upsert-counters';
import { eventSearchGrams } from '../search/search-gram-kinds';
import { termCountSql } from './term.entity';

/**
 * SQL recomputing the stored count of the term aliased `terms` from the link rows (published
 * events only; a series once, by its own row, not by its occurrences).
 */
const RECOUNT_SQL = `(SELECT COUNT(*) FROM event_terms et INNER JOIN events e ON e.id = et.event_id WHERE et.term_id = terms.id AND e.status = 'publish' AND e.recurring_event_id IS NULL)`;

const isSqlite = (db: EntityManager) => db.connection.options.type === 'better-sqlite3';

interface Pending {
  terms: Map<number, number>;
  /** `scope|day` → delta. */
  days: Map<string, number>;
  span: number;
  /** Events noted: their search postings' copies of their columns follow their rows at the flush. */
  events: Set<number>;
  /** Of those, the ones whose postings already copy the row as last written (copiesCurrent). */
  current: Set<number>;
}

/**
 * The counts kept for lists, changed in the write transactions that change what they count:
 *
 * - each term's published-event count (`term_counts`), as WordPress keeps `term_taxonomy.count`;
 * - `event_day_counts`: listed (published, not hidden) events per UTC start day, overall
 *   (scope 0) and per term for events without a password (scope = term ID), from which
 *   EventsRepository answers `X-TEC-Total` without counting the window's rows; and the longest
 *   span of any event (scope -1).
 *
 * A write notes an event's tally before and after (`noteEvent`) and its term changes; `flush`
 * applies the sum at the end of the transaction with `count = count + ?` (never read-modify-
 * write: concurrent writers add up, and the rows are locked only for the last statements), on
 * the transaction's slot rows (writeSlotOf), so that writers on different Galera nodes never
 * change one row and never fail certification over a popular term or day. A `future` event
 * counts once DueEventsPublisher has flipped it to `publish`, which every read of counts makes
 * happen first.
 */
@Injectable()
export class TermCountsRepository {
  /** Deltas per open transaction (each has its own EntityManager; a retried one starts afresh). */
  private readonly pending = new WeakMap<EntityManager, Pending>();

  constructor(private readonly dataSource: DataSource) {}

  /** The event as the counts see it now, or null when it does not exist; its row and terms in one statement. */
  async tallyOf(eventId: number, db: EntityManager, withTerms = true): Promise<EventTally | null> {
    const qb = db
      .createQueryBuilder()
      .select([
        'e.status AS status',
        'e.hide_from_listings AS hide',
        'e.password AS password',
        'e.start_utc AS start',
        'e.end_utc AS end',
        'e.is_series AS series',
        'e.recurring_event_id AS recurringEventId',
        'e.published_utc AS published',
      ])
      .from('events', 'e')
      .where('e.id = :eventId', { eventId });
    // One row per linked term (one with a null term when there is none).
    if (withTerms) qb.addSelect('et.term_id', 'termId').leftJoin('event_terms', 'et', 'et.event_id = e.id');
    const rows = await qb.getRawMany<TallyRow & { termId?: number | string | null }>();
    if (rows.length === 0) return null;
    const termIds = rows.filter((row) => row.termId !== null && row.termId !== undefined).map((row) => Number(row.termId));
    return tallyOfRow(rows[0], termIds, eventId);
  }

  /**
   * Notes (`sign` 1 or -1) everything a series' occurrences count for, in two queries however many
   * there are: a series write takes them all away before it rewrites them and adds them back after.
   */
  async noteOccurrences(db: EntityManager, seriesId: number, sign: 1 | -1): Promise<void> {
    const rows = await db.query(
      `SELECT e.id AS id, e.status AS status, e.hide_from_listings AS hide, e.password AS password, e.start_utc AS start,
       e.end_utc AS end, e.is_series AS series, e.recurring_event_id AS recurringEventId FROM events e WHERE e.recurring_event_id = ?`,
      [seriesId],
    );
    if (rows.length === 0) return;
    const links: Array<{ eventId: number | string; termId: number | string }> = await db.query(
      `SELECT et.event_id AS eventId, et.term_id AS termId FROM event_terms et INNER JOIN events e ON e.id = et.event_id
       WHERE e.recurring_event_id = ?`,
      [seriesId],
    );
    const terms = new Map<number, number[]>();
    for (const link of links) {
      const id = Number(link.eventId);
      terms.set(id, [...(terms.get(id) ?? []), Number(link.termId)]);
    }
    for (const row of rows as Array<TallyRow & { id: number | string }>)
      this.noteEvent(db, tallyOfRow(row, terms.get(Number(row.id)) ?? [], Number(row.id)), sign);
  }

  /** Adds (`sign` 1) or takes away (-1) everything the event counts for. */
  noteEvent(db: EntityManager, tally: EventTally | null, sign: 1 | -1): void {
    if (!tally) return;
    const pending = this.pendingOf(db);
    if (tally.eventId !== undefined) {
      pending.events.add(tally.eventId);
      pending.current.delete(tally.eventId);
    }
    if (tally.published) for (const id of tally.termIds) pending.terms.set(id, (pending.terms.get(id) ?? 0) + sign);
    for (const key of dayKeys(tally)) this.addDay(pending, key, sign);
    if (sign > 0) pending.span = Math.max(pending.span, tally.span);
  }

  /**
   * The event's search postings copy its row as written last (noted since by noteEvent): the
   * flush need not sync them. Noting the event again undoes this.
   */
  copiesCurrent(db: EntityManager, eventId: number): void {
    this.pendingOf(db).current.add(eventId);
  }

  /** The event (stored as `tally` says, links aside) lost `removed` and gained `added` terms. */
  noteTermChange(db: EntityManager, tally: EventTally | null, removed: number[], added: number[]): void {
    if (!tally) return;
    const pending = this.pendingOf(db);
    for (const [ids, sign] of [
      [removed, -1],
      [added, 1],
    ] as const) {
      if (tally.published) for (const id of ids) pending.terms.set(id, (pending.terms.get(id) ?? 0) + sign);
      for (const key of termDayKeys(tally, ids)) this.addDay(pending, key, sign);
    }
  }

  /** Applies the pending changes: the term rows in one statement, then the day counts. */
  async flush(db: EntityManager): Promise<void> {
    const pending = this.pending.get(db);
    this.pending.delete(db);
    if (!pending) return;
    const slot = writeSlotOf(db);
    // Asked before the first counter row is taken: the rows are held from there to the commit.
    // Most events are no longer than the longest so far: only a longer one touches a span row.
    const longerSpan = pending.span > 0 && pending.span > (await this.longestSpan(db));
    const changes = [...pending.terms].filter(([, delta]) => delta !== 0).sort((a, b) => a[0] - b[0]);
    const termRows = changes.map(([termId, delta]) => [termId, slot, delta]);
    await upsertCounters(db, 'term_counts', ['term_id', 'slot'], termRows, 'add');
    const days = [...pending.days]
      .filter(([, delta]) => delta !== 0)
      .map(([key, delta]): [number, string, number, number] => {
        const [scope, day] = key.split('|');
        return [Number(scope), day, slot, delta];
      })
      .sort((a, b) => a[0] - b[0] || (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0));
    await upsertDayCounts(db, days, 'add');
    if (longerSpan) await upsertDayCounts(db, [[SPAN_SCOPE, SPAN_DAY, slot, pending.span]], 'max');
    // Every write of what these counts see of an event (status, listing, lock, dates) notes the
    // event: its search postings' copies of those columns follow here, last, from its row.
    await eventSearchGrams.syncCopies(
      [...pending.events].filter((id) => !pending.current.has(id)),
      db,
    );
  }

  private async longestSpan(db: EntityManager): Promise<number> {
    const row = await this.longestSpanQuery(db).getRawOne<{ span: number | string | null }>();
    return Number(row?.span ?? 0);
  }

  /** Query: listed events of the scope starting on days in [fromDay, toDay) (`YYYY-MM-DD`, toDay excluded). */
  sumDaysQuery(scope: number, fromDay: string, toDay: string): SelectQueryBuilder<ObjectLiteral> {
    return this.dataSource
      .createQueryBuilder()
      .select('COALESCE(SUM(d.count), 0)', 'total')
      .from('event_day_counts', 'd')
      .where('d.scope_id = :scope AND d.day >= :fromDay AND d.day < :toDay', { scope, fromDay, toDay });
  }

  /** Query: the longest span of any event in seconds (an upper bound: it only grows until a recount). */
  longestSpanQuery(db: EntityManager = this.dataSource.manager): SelectQueryBuilder<ObjectLiteral> {
    return db
      .createQueryBuilder()
      .select('MAX(d.count)', 'span')
      .from('event_day_counts', 'd')
      .where('d.scope_id = :spanScope AND d.day = :spanDay', { spanScope: SPAN_SCOPE, spanDay: SPAN_DAY });
  }

  /** Rebuilds every stored count from the events and links; how many terms there are and how many were wrong. */
  async recount(db: EntityManager = this.dataSource.manager): Promise<{ terms: number; corrected: number }> {
    const wrong = await db.query(`SELECT COUNT(*) AS n FROM terms WHERE (${termCountSql('terms')}) <> ${RECOUNT_SQL}`);
    await db.query('DELETE FROM term_counts');
    await db.query(`INSERT INTO term_counts (term_id, slot, count) SELECT terms.id, 0, ${RECOUNT_SQL} FROM terms`);
    await rebuildDayCounts(db);
    const all = await db.query('SELECT COUNT(*) AS n FROM terms');
    return { terms: Number(all[0].n), corrected: Number(wrong[0].n) };
  }

  private pendingOf(db: EntityManager): Pending {
    let pending = this.pending.get(db);
    if (!pending) this.pending.set(db, (pending = { terms: new Map(), days: new Map(), span: 0, events: new Set(), current: new Set() }));
    return pending;
  }

  private addDay(pending: Pending, [scope, day]: [number, string], sign: number): void {
    const key = `${scope}|${day}`;
    pending.days.set(key, (pending.days.get(key) ?? 0) + sign);
  }
}

/* The SQL of `event_day_counts`, module functions so that its migration can rebuild the table too. */

interface TallyRow {
  status: string;
  hide: number | boolean;
  password: string | null;
  start: string | Date;
  end: string | Date;
  series: number | boolean;
  recurringEventId: number | string | null;
  /** Read where the copies of its postings are compared (tallyOf). */
  published?: string | Date;
}

function tallyOfRow(row: TallyRow, termIds: number[], eventId: number): EventTally {
  const date = (value: string | Date) => (value instanceof Date ? value : new Date(`${value.replace(' ', 'T')}Z`));
  const event = {
    status: row.status,
    hideFromListings: Boolean(Number(row.hide)),
    password: row.password,
    startUtc: date(row.start),
    endUtc: date(row.end),
    isSeries: Boolean(Number(row.series)),
  };
  const tally = tallyOf({ ...event, termIds, isOccurrence: row.recurringEventId !== null, eventId });
  return row.published === undefined
    ? tally
    : { ...tally, copies: eventSearchGrams.copiesOf({ ...event, publishedUtc: date(row.published) }) };
}

/** Adds to or raises the day counts: rows of (scope, day, slot, count). */
async function upsertDayCounts(db: EntityManager, rows: Array<[number, string, number, number]>, mode: 'add' | 'max'): Promise<void> {
  await upsertCounters(db, 'event_day_counts', ['scope_id', 'day', 'slot'], rows, mode);
}

/** SQL of the UTC start day (`YYYY-MM-DD`) and of the span in seconds of the event aliased `e`. */
function daySql(db: EntityManager): { day: string; span: string } {
  return isSqlite(db)
    ? { day: 'substr(e.start_utc, 1, 10)', span: 'CAST(ROUND((julianday(e.end_utc) - julianday(e.start_utc)) * 86400) AS INTEGER)' }
    : { day: "DATE_FORMAT(e.start_utc, '%Y-%m-%d')", span: 'TIMESTAMPDIFF(SECOND, e.start_utc, e.end_utc)' };
}

/**
 * Rebuilds `event_day_counts` from the events and their links (see TermCountsRepository). Series
 * rows are left out (lists show their occurrences); `beforeSeries` for a schema without them.
 */
export async function rebuildDayCounts(db: EntityManager, beforeSeries = false): Promise<void> {
  const { day, span } = daySql(db);
  const listed = `e.status = 'publish' AND e.hide_from_listings = 0${beforeSeries ? '' : ' AND e.is_series = 0'}`;
  await db.query('DELETE FROM event_day_counts');
  await db.query(
    `INSERT INTO event_day_counts (scope_id, day, count) SELECT 0, ${day}, COUNT(*) FROM events e WHERE ${listed} GROUP BY ${day}`,
  );
  await db.query(
    `INSERT INTO event_day_counts (scope_id, day, count) SELECT et.term_id, ${day}, COUNT(*) FROM event_terms et
     INNER JOIN events e ON e.id = et.event_id WHERE ${listed} AND (e.password IS NULL OR e.password = '') GROUP BY et.term_id, ${day}`,
  );
  await db.query(`INSERT INTO event_day_counts (scope_id, day, count) SELECT -1, 'span', COALESCE(MAX(${span}), 0) FROM events e`);
}
