import { selectScalars, selectScalarsSideBySide } from '@app/database';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, IsNull, Not, SelectQueryBuilder, WhereExpressionBuilder } from 'typeorm';
import { IdPage, PageReach, PageWindow, PostRecordsRepository, RecordRef } from '../posts/post-records.repository';
import { openSql, whereVisible } from '../posts/visibility';
import { TermCountsRepository } from '../terms/term-counts.repository';
import { Viewer } from '../users/viewer';
import { EventLinksRepository, PlaceKind } from './event-links.repository';
import { EventListCriteria, LinkedEventCriteria } from './event-list-criteria';
import { applyEventListFilters, distanceSql, narrowsByMatches, PLACE_LINKS, walksStartOrder } from './event-list-filters.sql';
import { CalendarEvent, LIST_ORDER_INDEX } from './event.entity';
import { talliedScope, wholeDays } from './event-list-total';
import { OCCURRENCE_SLUG_PREFIX } from './series-occurrences.repository';
import { countIndexedSearch, searchesIndex, whereEventSearch } from './event-search.sql';
import { tallyOfEvent, utcDay } from './event-tally';
import { SeriesOccurrencesRepository, textOwnerOf } from './series-occurrences.repository';
import { eventSearchGrams } from '../search/search-gram-kinds';
import { SearchCandidates } from '../search/search-gram-index';
import {
  countsFromPostings,
  OWN_TEXT_PARTS,
  ownTextMatchesQuery,
  ownTextPartStarts,
  SHARED_TEXT_POSTINGS,
} from './event-search-postings.sql';

/**
 * Every query over the events table: the event list with its filters and order, and what other
 * lists ask of events (term counts, venues and organizers linked to readable events).
 */
@Injectable()
export class EventsRepository extends PostRecordsRepository<CalendarEvent, EventListCriteria> {
  protected readonly searchGrams = eventSearchGrams;
  /**
   * save notes the event with the kept counts, and every event write ends with their flush
   * (flushTermCounts), which syncs the copies of every noted event's postings from its row.
   */
  protected override readonly postingCopiesSyncedLater = true;

  constructor(
    dataSource: DataSource,
    private readonly links: EventLinksRepository,
    private readonly counts: TermCountsRepository,
    private readonly occurrences: SeriesOccurrencesRepository,
  ) {
    super(dataSource, CalendarEvent);
  }

  /** Up to `limit` endless series whose occurrences end before `instant` (the materialized_until index). */
  async seriesMaterializedBefore(instant: Date, limit: number): Promise<number[]> {
    const rows = await this.manager
      .createQueryBuilder<CalendarEvent>(CalendarEvent, 'p')
      .select('p.id', 'id')
      .where('p.materialized_until < :instant', { instant })
      .orderBy('p.materialized_until', 'ASC')
      .limit(limit)
      .getRawMany<{ id: number | string }>();
    return rows.map((row) => Number(row.id));
  }

  /** The exceptions (changed occurrences) of these series, with their images. */
  async exceptionsOf(seriesIds: number[]): Promise<CalendarEvent[]> {
    if (seriesIds.length === 0) return [];
    return this.baseQuery()
      .where('p.recurring_event_id IN (:...seriesIds)', { seriesIds })
      .andWhere('p.own_fields IS NOT NULL')
      .orderBy('p.recurrence_id_utc', 'ASC')
      .getMany();
  }

  /** Whether the event is a series (has a recurrence). */
  async isSeries(id: number): Promise<boolean> {
    const row = await this.manager
      .createQueryBuilder<CalendarEvent>(CalendarEvent, 'p')
      .select('p.is_series', 'series')
      .where('p.id = :id', { id })
      .getRawOne<{ series: number | boolean }>();
    return Boolean(Number(row?.series ?? 0));
  }

  /**
   * `expand=false`: each series once in place of its matching occurrences, ordered by the first
   * of them; single events as usual.
   */
  override async page(criteria: EventListCriteria, window: PageWindow): Promise<IdPage> {
    if (criteria.expand !== false) return super.page(criteria, window);
    const key = 'COALESCE(p.recurring_event_id, p.id)';
    const counted = await (await this.filteredQuery(criteria))
      .select(`COUNT(DISTINCT ${key})`, 'cnt')
      .getRawOne<{ cnt: number | string }>();
    const total = Number(counted?.cnt ?? 0);
    const offset = (window.page - 1) * window.perPage;
    if (offset >= total) return { ids: [], total };
    const rows = await (await this.filteredQuery(criteria))
      .select(key, 'id')
      .addSelect('MIN(p.start_utc)', 'first_start')
      .groupBy(key)
      .orderBy('first_start', 'ASC')
      .addOrderBy('id', 'ASC')
      .offset(offset)
      .limit(window.perPage)
      .getRawMany<{ id: number | string }>();
    return { ids: rows.map((row) => Number(row.id)), total };
  }

  protected removeLinks(id: number, db: EntityManager): Promise<void> {
    return this.links.unlinkEvent(id, db);
  }

  /**
   * An occurrence is addressed by its ID; its row's slug is internal (answers show the series'
   * slug, and its page is the series' URL with its date), so no slug reaches it.
   */
  override findByRef(ref: RecordRef, db: EntityManager = this.manager): Promise<CalendarEvent | null> {
    return isOccurrenceSlugRef(ref) ? Promise.resolve(null) : super.findByRef(ref, db);
  }

  override lockForWrite(ref: RecordRef, db: EntityManager, knownSlug?: string): Promise<number | null> {
    return isOccurrenceSlugRef(ref) ? Promise.resolve(null) : super.lockForWrite(ref, db, knownSlug);
  }

  /**
   * Saves the event and notes how the change moves the counts kept for lists (status, listing,
   * password, start day; its links are written afterwards, by EventLinksRepository, which notes
   * their changes). The caller ends the write with `flushTermCounts`.
   */
  override async save(record: CalendarEvent, db: EntityManager, options?: { skipLockWaits?: boolean }): Promise<CalendarEvent> {
    // A write to an imported row is a hand edit until the importer, writing through here too, records its own state after it.
    if (record.importSourceId !== null && record.importSourceId !== undefined) record.importEdited = true;
    const before = record.id ? await this.counts.tallyOf(record.id, db) : null;
    const saved = await super.save(record, db, options);
    this.counts.noteEvent(db, before, -1);
    // The row as just written, with the terms it had: its links are written afterwards (a new row has none yet).
    this.counts.noteEvent(db, tallyOfEvent(saved, before?.termIds ?? []), 1);
    // Its new and changed postings copied the row as written (PostRecordsRepository.save); the others did already, unless the copied columns changed.
    if (!before || before.copies === this.searchGrams.copiesOf(saved)) this.counts.copiesCurrent(db, saved.id);
    return saved;
  }

  protected override ownsTexts(saved: CalendarEvent): boolean {
    return saved.textId === saved.id;
  }

  /** The row's text_id: its own ID, or its series' while it shows the series' texts. */
  protected override async completeSavedRow(saved: CalendarEvent, db: EntityManager): Promise<void> {
    const textId = textOwnerOf(saved);
    if (saved.textId === textId) return;
    await db.update(CalendarEvent, { id: saved.id }, { textId });
    saved.textId = textId;
  }

  /** Applies the count changes this transaction noted; the last statement of an event write. */
  flushTermCounts(db: EntityManager): Promise<void> {
    return this.counts.flush(db);
  }

  /** A series' occurrences go to trash with it. */
  override async moveToTrash(id: number, modifiedUtc: Date, db: EntityManager): Promise<void> {
    this.counts.noteEvent(db, await this.counts.tallyOf(id, db), -1);
    await super.moveToTrash(id, modifiedUtc, db);
    // Trashed by hand, as far as an import knows (its own trash clears the mark after this).
    await db.update(CalendarEvent, { id, importSourceId: Not(IsNull()) }, { importEdited: true });
    await this.occurrences.setStatus(id, 'trash', modifiedUtc, db);
    await this.counts.flush(db);
  }

  /** A series is deleted with its occurrences. */
  override async remove(id: number, db: EntityManager): Promise<void> {
    this.counts.noteEvent(db, await this.counts.tallyOf(id, db), -1);
    await this.occurrences.removeAll(id, db);
    await super.remove(id, db);
    await this.counts.flush(db);
  }

  /** docs/api-rules.md, Lists: see event-search.sql.ts (the trigram index on SQLite). */
  protected override whereSearch(qb: SelectQueryBuilder<CalendarEvent>, search: string, viewer: Viewer | undefined): void {
    whereEventSearch(qb, search, viewer);
  }

  /** An event contains the whole search text (not word by word). */
  protected override searchTerms(search: string): string[] {
    return [search.trim()];
  }

  /** `unindexed`: keep SQLite off the list-order index (counts that read a covering index instead). */
  protected applyFilters(qb: SelectQueryBuilder<CalendarEvent>, criteria: EventListCriteria, unindexed = false): void {
    applyEventListFilters(qb, criteria, unindexed);
  }

  /**
   * `X-TEC-Total` without counting the window's events where the kept day counts serve (see
   * talliedScope): the whole days inside the window are a sum of day counts; the partial first
   * and last days are counted (one day's events at most); the events starting inside the window
   * but ending after it are taken away, found among those starting within the longest event span
   * before the window's end (countWindow). Exact for every window.
   */
  protected override async countPage(
    qb: SelectQueryBuilder<CalendarEvent>,
    criteria: EventListCriteria,
    candidates?: SearchCandidates,
  ): Promise<number> {
    const scope = talliedScope(criteria);
    const { start, end } = criteria.window;
    const days = scope !== undefined && start && end ? wholeDays(start, end) : undefined;
    if (scope === undefined || !start || !end || !days) {
      if (searchesIndex(this.dataSource, criteria.search)) return this.countSearch(criteria);
      const passages = candidates?.set.exact?.passages;
      if (passages && countsFromPostings(criteria)) return this.countFromPostings(criteria, passages);
      return qb.getCount();
    }
    return this.countWindow(criteria, scope, { start, end }, days);
  }

  /** The longest event span (seconds) this process read last: the reach of the next window's overhang. */
  private spanSeen: number | undefined;

  /**
   * A tallied window's total (countPage). On a database server the overhang is counted beside
   * the rest, from the span read last time: a reach earlier than needed finds the same events (no
   * event is longer than the span), so that count is exact unless the span has grown since; then
   * it runs again with the span just read. SQLite, with one connection, runs them one by one.
   */
  private async countWindow(
    criteria: EventListCriteria,
    scope: number,
    window: { start: Date; end: Date },
    days: { first: Date; after: Date },
  ): Promise<number> {
    const { start, end } = window;
    const overhangFrom = async (span: number) => {
      const reach = new Date(Math.max(days.first.getTime(), end.getTime() - span * 1000));
      const [overhang] = await selectScalars(this.dataSource, [this.startsQuery(criteria, reach, days.after, 'p.end_utc > :windowEnd')]);
      return overhang;
    };
    const guess = this.dataSource.options.type === 'better-sqlite3' ? undefined : this.spanSeen;
    const [[span, middle, tail, head], guessed] = await Promise.all([
      selectScalars(this.dataSource, [
        this.counts.longestSpanQuery(),
        this.counts.sumDaysQuery(scope, utcDay(days.first), utcDay(days.after)),
        this.startsQuery(criteria, days.after, new Date(end.getTime() + 1000), 'p.end_utc <= :windowEnd'),
        ...(start < days.first ? [this.startsQuery(criteria, start, days.first, 'p.end_utc <= :windowEnd')] : []),
      ]),
      guess === undefined ? undefined : overhangFrom(guess),
    ]);
    this.spanSeen = span;
    const overhang = guess !== undefined && guessed !== undefined && span <= guess ? guessed : await overhangFrom(span);
    return (head ?? 0) + middle + tail - overhang;
  }

  /**
   * Events of the list (its statuses and filters, not its window) starting in [from, to) whose end
   * meets `endCondition` (on `:windowEnd`). `+p.hide_from_listings` steers SQLite to the covering
   * status/start/end index: these counts read a day or two of index entries and no table rows.
   */
  private startsQuery(criteria: EventListCriteria, from: Date, to: Date, endCondition: string): SelectQueryBuilder<CalendarEvent> {
    const qb = this.dataSource.createQueryBuilder<CalendarEvent>(CalendarEvent, 'p').select('COUNT(1)', 'cnt');
    whereVisible(qb, 'p', criteria.viewer, criteria.statuses, criteria.now);
    this.applyFilters(qb, { ...criteria, window: {} }, true);
    return qb.andWhere(`p.start_utc >= :countFrom AND p.start_utc < :countTo AND ${endCondition}`, {
      countFrom: from,
      countTo: to,
      windowEnd: criteria.window.end,
    });
  }

  /**
   * MySQL/MariaDB, an exactly indexed search (event-search-postings.sql.ts): the records showing
   * their own texts from the postings' copies, in parts by record ID, and the occurrences showing
   * their series' through their rows; the statements side by side.
   */
  private async countFromPostings(criteria: EventListCriteria, passages: readonly bigint[]): Promise<number> {
    const starts = await ownTextPartStarts(this.dataSource);
    const ownTextParts = Array.from({ length: OWN_TEXT_PARTS }, (_, index) =>
      ownTextMatchesQuery(this.dataSource, criteria, passages, { index, starts }),
    );
    const counts = await selectScalarsSideBySide(this.dataSource, [
      ...ownTextParts,
      this.countQuery(criteria, eventSearchGrams.exactThrough(passages, SHARED_TEXT_POSTINGS)),
    ]);
    return counts.reduce((sum, count) => sum + count, 0);
  }

  /** An indexed search's total (event-search.sql.ts): the index's matches, each checked. */
  private countSearch(criteria: EventListCriteria): Promise<number> {
    const qb = this.dataSource.createQueryBuilder<CalendarEvent>(CalendarEvent, 'p');
    whereVisible(qb, 'p', criteria.viewer, criteria.statuses, criteria.now);
    this.applyFilters(qb, criteria, true);
    return countIndexedSearch(qb, criteria.search ?? '', criteria.viewer);
  }

  /** Start, then ID ascending; nearest first when a point is given. */
  protected override orderPage(qb: SelectQueryBuilder<CalendarEvent>, criteria: EventListCriteria, reach: PageReach): void {
    if (criteria.near) {
      qb.addSelect(distanceSql(criteria.viewer), 'distance').orderBy('distance', 'ASC').addOrderBy('p.start_utc', 'ASC');
    } else {
      qb.orderBy('p.start_utc', 'ASC');
      // MariaDB would otherwise drive a category list from the link rows and sort all of the
      // category's events (filesort) to return ten; walking the start order stops after the page.
      // (SQLite chooses this walk by itself; TypeORM writes the hint for MySQL only.)
      if (walksStartOrder(criteria, reach)) qb.useIndex(LIST_ORDER_INDEX);
    }
    qb.addOrderBy('p.id', 'ASC');
  }

  /** Only a search's or a term filter's page chooses its walk by the total (walksStartOrder). */
  protected override pageNeedsTotal(criteria: EventListCriteria): boolean {
    return narrowsByMatches(criteria);
  }

  /** A page that walks the start order checks each event it passes against the search index. */
  protected override probesSearch(criteria: EventListCriteria, reach: PageReach): boolean {
    return !criteria.near && walksStartOrder(criteria, reach);
  }

  /**
   * MySQL/MariaDB: the walk's hint as FORCE INDEX. With USE INDEX MariaDB 10.11 reads the index by
   * `hide_from_listings` alone (ref) and skips every event before the window's start row by row: a
   * month a year ahead in a million events took 53 ms where the range on (hide, start) takes 0.4 ms.
   */
  protected override pageRows(qb: SelectQueryBuilder<CalendarEvent>): Promise<Array<{ id: number | string }>> {
    const [sql, parameters] = qb.getQueryAndParameters();
    const hint = `USE INDEX (\`${LIST_ORDER_INDEX}\`)`;
    if (!sql.includes(hint)) return super.pageRows(qb);
    return this.dataSource.query(sql.replace(hint, `FORCE INDEX (\`${LIST_ORDER_INDEX}\`)`), parameters);
  }

  /** SQL true when the term aliased `term` is linked to the event `:linkedEvent`. */
  termOfEventSql(): string {
    return 'EXISTS (SELECT 1 FROM event_terms pt WHERE pt.term_id = term.id AND pt.event_id = :linkedEvent)';
  }

  /** The `event`, `has_events` and `only_with_upcoming` filters of a venue or organizer list (alias `p`). */
  whereLinkedToEvents(
    qb: WhereExpressionBuilder,
    kind: PlaceKind,
    criteria: LinkedEventCriteria,
    viewer: Viewer | undefined,
    now: Date,
  ): void {
    const { table, column } = PLACE_LINKS[kind];
    const linked = (extra: string) =>
      `EXISTS (SELECT 1 FROM ${table} l INNER JOIN events e ON e.id = l.event_id WHERE l.${column} = p.id AND ${extra})`;
    const params = { now, viewerId: viewer?.id ?? 0 };
    if (criteria.eventId !== undefined) {
      qb.andWhere(`EXISTS (SELECT 1 FROM ${table} le WHERE le.${column} = p.id AND le.event_id = :linkedEvent)`, {
        linkedEvent: criteria.eventId,
      });
    }
    if (criteria.hasEvents !== undefined) {
      const condition = linked(openSql('e', viewer));
      qb.andWhere(criteria.hasEvents ? condition : `NOT ${condition}`, params);
    }
    if (criteria.onlyWithUpcoming) qb.andWhere(linked(`${openSql('e', viewer)} AND e.end_utc >= :now`), params);
  }
}

function isOccurrenceSlugRef(ref: RecordRef): boolean {
  return 'slug' in ref && ref.slug.startsWith(OCCURRENCE_SLUG_PREFIX);
}
