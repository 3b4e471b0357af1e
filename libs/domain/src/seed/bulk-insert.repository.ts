import { insertRowsRaw, TransactionRunner } from '@app/database';
import { Injectable } from '@nestjs/common';
import { Brackets, DataSource, EntityManager, EntityTarget, In, ObjectLiteral } from 'typeorm';
import { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { EventOrganizer, EventTerm, EventVenue } from '../events/event-link.entities';
import { CalendarEvent } from '../events/event.entity';
import { EventSearchIndexRepository, SearchMarks } from '../events/event-search-index.repository';
import { tallyOf } from '../events/event-tally';
import { createMissingIndexes, dropDeferredIndexes } from './deferred-indexes';
import { insertLiteralRows } from './mysql-literal-rows';
import { writeEventsSqlite } from './sqlite-event-writer';
import { PostRecord } from '../posts/post-record.entity';
import { isCountedKind, PublishedCountsRepository } from '../posts/published-counts.repository';
import { IndexedRecord } from '../search/search-gram-index';
import { eventSearchGrams } from '../search/search-gram-kinds';
import { TermCountsRepository } from '../terms/term-counts.repository';
import { termNameKey } from '../terms/term-name-key';
import { TermTarget, taxonomyOf } from '../terms/terms.repository';

/**
 * Rows per INSERT statement. 500 events of 24 columns stay well below SQLite's 32,766 bound
 * parameters and MySQL's packet limit, and are few enough statements to keep seeding fast.
 */
export const BATCH_SIZE = 500;

type NewRow<E extends ObjectLiteral> = QueryDeepPartialEntity<E>;
type SlugTarget = new () => PostRecord;

/** An event row and the records it links to, by ID, as the seeder writes them. */
export interface PlannedEvent {
  row: NewRow<CalendarEvent> & { slug: string };
  venueIds: number[];
  organizerIds: number[];
  termIds: number[];
}

function inBatches<T>(items: readonly T[], size = BATCH_SIZE): T[][] {
  const batches: T[][] = [];
  for (let start = 0; start < items.length; start += size) batches.push(items.slice(start, start + size));
  return batches;
}

/**
 * Multi-row INSERTs for the seeder, which writes generated records straight to the tables: through
 * the HTTP layer 10,000 events would take minutes.
 */
@Injectable()
export class BulkInsertRepository {
  constructor(
    readonly dataSource: DataSource,
    private readonly transactions: TransactionRunner,
    private readonly counts: TermCountsRepository,
    private readonly searchIndex: EventSearchIndexRepository,
    private readonly publishedCounts: PublishedCountsRepository,
  ) {}

  /**
   * Runs a load of many events. Both databases: the non-unique indexes of `events` (and MySQL's
   * search postings by passage) are dropped for the load and built again after it
   * (deferred-indexes.ts; SQLite: 1,000,000 events 135 s → 101 s of CPU). SQLite: the search
   * index is filled in one pass at its end (EventSearchIndexRepository), and this process's
   * connection skips the syncs of its commits (a crash of the machine may lose the seed, never
   * corrupts the file: WAL). A load interrupted on its way leaves indexes missing: the next load
   * creates them first. A service running beside the load answers from scans meanwhile (slower,
   * never wrong).
   */
  async bulkLoad<T>(load: () => Promise<T>): Promise<T> {
    const sqlite = this.dataSource.options.type === 'better-sqlite3';
    const [{ synchronous }] = sqlite
      ? ((await this.dataSource.query('PRAGMA synchronous')) as Array<{ synchronous: number }>)
      : [{ synchronous: 0 }];
    if (sqlite) await this.dataSource.query('PRAGMA synchronous = OFF');
    try {
      await createMissingIndexes(this.dataSource, this.transactions);
      await dropDeferredIndexes(this.dataSource, this.transactions);
      try {
        return await this.searchIndex.deferredDuring(load);
      } finally {
        await createMissingIndexes(this.dataSource, this.transactions);
      }
    } finally {
      if (sqlite) await this.dataSource.query(`PRAGMA synchronous = ${Number(synchronous)}`);
    }
  }

  /**
   * The search index's marks before a load of records that bypasses the repositories (MySQL:
   * last IDs). Events are left out: insertEvents indexes them as it writes them.
   */
  async searchMarks(): Promise<SearchMarks> {
    const { events: _indexedOnInsert, ...marks } = await this.searchIndex.marks();
    return marks;
  }

  /** Indexes for search the records loaded since `marks` (MySQL/MariaDB: their n-grams, in bulk). */
  fillSearchIndex(marks: SearchMarks): Promise<number> {
    return this.searchIndex.fillAfter(marks);
  }

  /**
   * Runs the work as one write transaction of the service's kind (BEGIN IMMEDIATE on SQLite, so
   * seeding beside a running service waits for its writes instead of failing), run again whole
   * when it lost a race: the work must decide from what it reads inside, e.g. slugs via takenSlugs.
   */
  transaction<T>(work: (db: EntityManager) => Promise<T>): Promise<T> {
    return this.transactions.run(work);
  }

  /** Which of these slugs a table already holds. */
  async takenSlugs(target: SlugTarget, slugs: string[], db: EntityManager): Promise<Set<string>> {
    const taken = new Set<string>();
    for (const batch of inBatches(slugs)) {
      const rows = await db.find(target, { select: { slug: true }, where: { slug: In(batch) } });
      for (const row of rows) taken.add(row.slug);
    }
    return taken;
  }

  /** Every slug a table holds: seeding again into the same database must pick new ones. */
  async existingSlugs(target: SlugTarget, db: EntityManager = this.dataSource.manager): Promise<string[]> {
    const rows = await db.createQueryBuilder(target, 'r').select('r.slug', 'slug').getRawMany<{ slug: string }>();
    return rows.map((row) => row.slug);
  }

  /**
   * Inserts records with unique slugs and returns their IDs in the order given. Venues and
   * organizers count in the kept published counts, raised in the same transaction.
   */
  async insertWithIds<E extends ObjectLiteral & { slug: string }>(
    target: EntityTarget<E>,
    rows: Array<NewRow<E> & { slug: string }>,
    db: EntityManager,
  ): Promise<number[]> {
    await this.insertRows(target, rows, db);
    const table = db.connection.getMetadata(target).tableName;
    if (isCountedKind(table))
      this.publishedCounts.noteInserted(
        db,
        table,
        rows.map((row) => String((row as { status?: unknown }).status)),
      );
    return this.idsBySlug(
      target,
      rows.map((row) => row.slug),
      db,
    );
  }

  /**
   * Events and their links, in the caller's transaction, so an event is never stored without its
   * links. `storedPassages`: search passages the load's committed transactions stored (a seed's
   * texts repeat), not asked for again; this transaction adds its own.
   */
  async insertEvents(plans: PlannedEvent[], db: EntityManager, storedPassages?: Set<string>): Promise<number[]> {
    const ids = db.connection.options.type === 'better-sqlite3' ? writeEventsSqlite(plans, db) : await this.insertEventRows(plans, db);
    // MySQL/MariaDB: search postings from the texts and columns at hand (no read back of the
    // rows); an occurrence is found through its series' texts (text_id), so it needs none of its own.
    const ownTexts = plans.flatMap(({ row }, i) => (row.recurringEventId == null ? [{ row, id: ids[i] }] : []));
    await eventSearchGrams.addRecords(
      ownTexts.map(
        ({ row, id }): IndexedRecord => [
          id,
          eventSearchGrams.columns.map((column) => String(row[column as 'title'] ?? '')),
          row as Record<string, unknown>,
        ],
      ),
      db,
      storedPassages,
    );
    // A single event or a series shows its own texts, an occurrence its series' (text_id, CalendarEvent).
    for (const batch of inBatches(ids))
      await db.query(
        `UPDATE events SET text_id = COALESCE(recurring_event_id, id) WHERE id IN (${batch.map((id) => Math.trunc(id)).join(',')})`,
      );
    // The counts kept for lists rise in the same transaction, so they stay exact beside a running service.
    for (const { row, termIds } of plans) {
      const tally = tallyOf({
        status: String(row.status),
        hideFromListings: Boolean(row.hideFromListings),
        password: (row.password as string | null | undefined) ?? null,
        startUtc: row.startUtc as Date,
        endUtc: row.endUtc as Date,
        termIds,
        isSeries: Boolean(row.isSeries),
        isOccurrence: row.recurringEventId !== null && row.recurringEventId !== undefined,
      });
      this.counts.noteEvent(db, tally, 1);
    }
    await this.counts.flush(db);
    return ids;
  }

  /** MySQL/MariaDB: events in raw multi-row INSERTs (complete rows, so no defaults are needed), then their links. */
  private async insertEventRows(plans: PlannedEvent[], db: EntityManager): Promise<number[]> {
    await insertRowsRaw(
      db,
      CalendarEvent,
      plans.map((plan) => plan.row as Record<string, unknown>),
    );
    const ids = await this.idsBySlug(
      CalendarEvent,
      plans.map((plan) => plan.row.slug),
      db,
    );
    const rows = <L>(pick: (plan: PlannedEvent, eventId: number) => L[]) => plans.flatMap((plan, i) => pick(plan, ids[i]));
    await this.insertRows(
      EventVenue,
      rows((plan, eventId) => plan.venueIds.map((venueId, position) => ({ eventId, venueId, position }))),
      db,
    );
    await this.insertRows(
      EventOrganizer,
      rows((plan, eventId) => plan.organizerIds.map((organizerId, position) => ({ eventId, organizerId, position }))),
      db,
    );
    await this.insertRows(
      EventTerm,
      rows((plan, eventId) => plan.termIds.map((termId) => ({ eventId, termId }))),
      db,
    );
    return ids;
  }

  /**
   * The term IDs of these names: a term that already exists with the slug, or at the top level
   * with the name (ignoring case; an earlier seed, or an editor's), is reused, the others created.
   */
  async ensureTerms(target: TermTarget, terms: Array<{ name: string; slug: string }>, db: EntityManager): Promise<Map<string, number>> {
    if (terms.length === 0) return new Map();
    const taxonomy = taxonomyOf(target);
    const find = async () => {
      const found = await db
        .createQueryBuilder(target, 't')
        .select(['t.id', 't.slug', 't.nameKey', 't.parentId'])
        .where('t.taxonomy = :taxonomy', { taxonomy })
        .andWhere(
          new Brackets((either) =>
            either
              .where('t.slug IN (:...slugs)', { slugs: terms.map((term) => term.slug) })
              .orWhere('(t.parent_id = 0 AND t.name_key IN (:...keys))', { keys: terms.map((term) => termNameKey(term.name)) }),
          ),
        )
        .getMany();
      const ids = new Map<string, number>();
      for (const { name, slug } of terms) {
        const match =
          found.find((term) => term.slug === slug) ?? found.find((term) => term.parentId === 0 && term.nameKey === termNameKey(name));
        if (match) ids.set(name, match.id);
      }
      return ids;
    };
    const existing = await find();
    const missing = terms.filter((term) => !existing.has(term.name));
    if (missing.length === 0) return existing;
    await this.insertRows(
      target,
      missing.map(({ name, slug }) => ({ taxonomy, name, nameKey: termNameKey(name), slug, description: '', parentId: 0 })),
      db,
    );
    return find();
  }

  /** Multi-row INSERTs through the entity metadata, so each driver gets its own date and boolean forms. */
  private async insertRows<E extends ObjectLiteral>(target: EntityTarget<E>, rows: NewRow<E>[], db: EntityManager): Promise<void> {
    if (db.connection.options.type === 'mysql' || db.connection.options.type === 'mariadb') {
      return insertLiteralRows(target as Function, rows, db);
    }
    for (const batch of inBatches(rows)) {
      // updateEntity(false): the generated IDs are read back by slug, which works alike on both drivers.
      await db.createQueryBuilder().insert().into(target).values(batch).updateEntity(false).execute();
    }
  }

  /** IDs of the rows with these (unique) slugs, in the order of `slugs`. */
  private async idsBySlug(target: EntityTarget<ObjectLiteral>, slugs: string[], db: EntityManager): Promise<number[]> {
    const found = new Map<string, number>();
    for (const batch of inBatches(slugs)) {
      const rows = await db
        .createQueryBuilder(target, 'r')
        .select('r.id', 'id')
        .addSelect('r.slug', 'slug')
        .where('r.slug IN (:...slugs)', { slugs: batch })
        .getRawMany<{ id: number | string; slug: string }>();
      for (const row of rows) found.set(row.slug, Number(row.id));
    }
    return slugs.map((slug) => {
      const id = found.get(slug);
      if (id === undefined) throw new Error(`The row with slug "${slug}" was not found after inserting it.`);
      return id;
    });
  }
}
