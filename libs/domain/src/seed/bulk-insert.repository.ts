import { MysqlRowLiterals, TransactionRunner } from '@app/database';
import { Injectable } from '@nestjs/common';
import { Brackets, DataSource, EntityManager, EntityTarget, In, ObjectLiteral } from 'typeorm';
import { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { EventOrganizer, EventTerm, EventVenue } from '../events/event-link.entities';
import { CalendarEvent } from '../events/event.entity';
import { EventSearchIndexRepository, SearchMarks } from '../events/event-search-index.repository';
import { EventTally, tallyOf } from '../events/event-tally';
import { createMissingIndexes, dropDeferredIndexes } from './deferred-indexes';
import { insertLiteralRows } from './mysql-literal-rows';
import { writeEventsSqlite } from './sqlite-event-writer';
import { PostRecord } from '../posts/post-record.entity';
import { isCountedKind, PublishedCountsRepository } from '../posts/published-counts.repository';
import { PreparedRecord } from '../search/search-gram-index';
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
  /** What prepareEvent computed of it before its transaction (MySQL/MariaDB). */
  prepared?: PreparedEvent;
}

/** The parts of an event's write that do not depend on its ID, computed ahead of its transaction. */
interface PreparedEvent {
  /** The row's VALUES tuple, for the slug it was built with (a slug taken meanwhile is replaced). */
  slug: string;
  values: string;
  /** Its search postings (none for an occurrence: found through its series' texts). */
  search?: PreparedRecord;
  tally: EventTally;
}

/** Events per INSERT statement on MySQL/MariaDB: about 1 MB, below max_allowed_packet (16 MB). */
const EVENTS_PER_INSERT = BATCH_SIZE;

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
    const sqlite = db.connection.options.type === 'better-sqlite3';
    const ids = sqlite ? writeEventsSqlite(plans, db) : await this.insertEventRows(plans, db);
    const prepared = sqlite ? [] : plans.map((plan) => this.preparedOf(plan, db));
    // MySQL/MariaDB: search postings from the texts and columns at hand (no read back of the
    // rows); an occurrence is found through its series' texts (text_id), so it needs none of its own.
    await eventSearchGrams.addPrepared(
      prepared.flatMap(({ search }, i) => (search ? [[ids[i], search] as const] : [])),
      db,
      storedPassages,
    );
    // A single event or a series shows its own texts, an occurrence its series' (text_id, CalendarEvent).
    await this.fillTextIds(plans, ids, db);
    // The counts kept for lists rise in the same transaction, so they stay exact beside a running service.
    plans.forEach((plan, i) => this.counts.noteEvent(db, prepared[i]?.tally ?? tallyOfPlan(plan), 1));
    await this.counts.flush(db);
    return ids;
  }

  /**
   * MySQL/MariaDB: computes what the write of the event needs besides its ID (its row's SQL, its
   * search postings, its tally), so that a load can do it before the event's transaction, while
   * the server writes the one before. Nothing on SQLite (its writer binds values itself). The
   * row must not change afterwards but for its slug (a taken one is replaced: the row's SQL is
   * then written again).
   */
  prepareEvent(plan: PlannedEvent): void {
    if (this.dataSource.options.type === 'better-sqlite3') return;
    const { row } = plan;
    plan.prepared = {
      slug: row.slug,
      values: this.eventLiterals().tuple(row as Record<string, unknown>),
      search:
        row.recurringEventId == null
          ? eventSearchGrams.prepare(
              eventSearchGrams.columns.map((column) => String(row[column as 'title'] ?? '')),
              row as Record<string, unknown>,
            )
          : undefined,
      tally: tallyOfPlan(plan),
    };
  }

  private literals?: MysqlRowLiterals;

  private eventLiterals(): MysqlRowLiterals {
    return (this.literals ??= new MysqlRowLiterals(this.dataSource, CalendarEvent));
  }

  /** The plan's prepared parts, computed now when it was not prepared or its slug changed since. */
  private preparedOf(plan: PlannedEvent, db: EntityManager): PreparedEvent {
    if (plan.prepared?.slug !== plan.row.slug) this.prepareEvent(plan);
    if (!plan.prepared) throw new Error(`insertEvents: no prepared row on ${db.connection.options.type}`);
    return plan.prepared;
  }

  /**
   * `text_id` of the rows that lack it (an occurrence may bring its series' ID), BATCH_SIZE rows
   * per UPDATE: consecutive IDs as a range of the primary key, others by ID.
   */
  private async fillTextIds(plans: PlannedEvent[], ids: number[], db: EntityManager): Promise<void> {
    const unset = ids.filter((id, i) => plans[i].row.textId !== (plans[i].row.recurringEventId ?? id)).map((id) => Math.trunc(id));
    const set = 'UPDATE events SET text_id = COALESCE(recurring_event_id, id) WHERE';
    for (const batch of inBatches(unset)) {
      const consecutive = batch.every((id, i) => id === batch[0] + i);
      await db.query(consecutive ? `${set} id BETWEEN ${batch[0]} AND ${batch[batch.length - 1]}` : `${set} id IN (${batch.join(',')})`);
    }
  }

  /** How the server spaces the IDs of one INSERT's rows, when it hands them out consecutively. */
  protected idIncrement(db: EntityManager): Promise<number | undefined> {
    return consecutiveIdIncrement(db);
  }

  /**
   * MySQL/MariaDB: events in multi-row INSERTs of their prepared tuples, then their links. The
   * IDs are the INSERTs' own (consecutiveIds) where the server hands them out consecutively, read
   * back by slug otherwise.
   */
  private async insertEventRows(plans: PlannedEvent[], db: EntityManager): Promise<number[]> {
    const literals = this.eventLiterals();
    const increment = await this.idIncrement(db);
    const ids: number[] = [];
    for (let start = 0; start < plans.length; start += EVENTS_PER_INSERT) {
      const batch = plans.slice(start, start + EVENTS_PER_INSERT);
      const values = batch.map((plan) => this.preparedOf(plan, db).values).join(', ');
      const result = (await db.query(`INSERT INTO ${literals.table} ${literals.names} VALUES ${values}`)) as InsertResult;
      if (increment !== undefined) ids.push(...consecutiveIds(result, batch.length, increment));
    }
    if (increment === undefined) {
      ids.push(
        ...(await this.idsBySlug(
          CalendarEvent,
          plans.map((plan) => plan.row.slug),
          db,
        )),
      );
    } else {
      await checkIdsBySlug(plans, ids, db);
    }
    // The links are integers only: their tuples are written here, without a conversion per value.
    const links = (target: Function, properties: string[], tuples: (plan: PlannedEvent, eventId: number) => string[]) => {
      const metadata = db.connection.getMetadata(target);
      const columns = properties.map((property) => {
        const column = metadata.findColumnWithPropertyName(property);
        if (!column) throw new Error(`${metadata.tableName} has no column for ${property}`);
        return column.databaseName;
      });
      return insertTuples(
        db,
        `INSERT INTO ${metadata.tableName} (${columns.join(', ')}) VALUES `,
        plans.flatMap((plan, i) => tuples(plan, Math.trunc(ids[i]))),
      );
    };
    await links(EventVenue, ['eventId', 'venueId', 'position'], (plan, eventId) =>
      plan.venueIds.map((venueId, position) => `(${eventId},${Math.trunc(venueId)},${position})`),
    );
    await links(EventOrganizer, ['eventId', 'organizerId', 'position'], (plan, eventId) =>
      plan.organizerIds.map((organizerId, position) => `(${eventId},${Math.trunc(organizerId)},${position})`),
    );
    await links(EventTerm, ['eventId', 'termId'], (plan, eventId) => plan.termIds.map((termId) => `(${eventId},${Math.trunc(termId)})`));
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

/** What mysql2 answers to an INSERT (TypeORM's query() passes it on). */
interface InsertResult {
  insertId: number;
  affectedRows: number;
}

/** Rows of the links' multi-row INSERTs: integers only, about 15 bytes each. */
const TUPLES_PER_INSERT = 5000;

async function insertTuples(db: EntityManager, insert: string, tuples: string[]): Promise<void> {
  for (let start = 0; start < tuples.length; start += TUPLES_PER_INSERT)
    await db.query(insert + tuples.slice(start, start + TUPLES_PER_INSERT).join(','));
}

/**
 * The spacing of the IDs a multi-row `INSERT ... VALUES` gets, when they are consecutive: with
 * innodb_autoinc_lock_mode 0 or 1 such a "simple insert" takes its whole range of
 * auto_increment_increment-spaced IDs at once, and the first is the answer's insertId.
 * Undefined otherwise (mode 2, "interleaved", as Galera runs: other writers' rows may take IDs
 * in between), and the IDs are read back by slug.
 */
export async function consecutiveIdIncrement(db: EntityManager): Promise<number | undefined> {
  const [row] = (await db.query('SELECT @@innodb_autoinc_lock_mode AS mode, @@auto_increment_increment AS increment')) as Array<{
    mode: number | string | null;
    increment: number | string | null;
  }>;
  const mode = Number(row?.mode);
  const increment = Number(row?.increment);
  return row && row.mode !== null && mode <= 1 && Number.isInteger(increment) && increment >= 1 ? increment : undefined;
}

/** The IDs of the `count` rows of one multi-row INSERT, from its answer. */
export function consecutiveIds(result: InsertResult, count: number, increment: number): number[] {
  const first = Number(result?.insertId);
  if (!Number.isSafeInteger(first) || first <= 0 || Number(result.affectedRows) !== count)
    throw new Error(`An INSERT of ${count} events answered insertId ${result?.insertId}, ${result?.affectedRows} rows.`);
  return Array.from({ length: count }, (_, i) => first + i * increment);
}

/**
 * Checks IDs taken from insertIds against the rows: the first and last of each INSERT's range
 * hold the slugs given. A server handing out IDs otherwise than consecutiveIdIncrement expects
 * would otherwise link events to wrong rows silently.
 */
async function checkIdsBySlug(plans: PlannedEvent[], ids: number[], db: EntityManager): Promise<void> {
  const expected = new Map<number, string>();
  for (let start = 0; start < plans.length; start += EVENTS_PER_INSERT) {
    const last = Math.min(start + EVENTS_PER_INSERT, plans.length) - 1;
    for (const i of [start, last]) expected.set(Math.trunc(ids[i]), plans[i].row.slug);
  }
  if (expected.size === 0) return;
  const rows = (await db.query(`SELECT id, slug FROM events WHERE id IN (${[...expected.keys()].join(',')})`)) as Array<{
    id: number | string;
    slug: string;
  }>;
  const found = new Map(rows.map((row) => [Number(row.id), row.slug]));
  for (const [id, slug] of expected)
    if (found.get(id) !== slug)
      throw new Error(`The event inserted with slug "${slug}" is not row ${id}, as the INSERT's insertId said (found "${found.get(id)}").`);
}

function tallyOfPlan({ row, termIds }: PlannedEvent): EventTally {
  return tallyOf({
    status: String(row.status),
    hideFromListings: Boolean(row.hideFromListings),
    password: (row.password as string | null | undefined) ?? null,
    startUtc: row.startUtc as Date,
    endUtc: row.endUtc as Date,
    termIds,
    isSeries: Boolean(row.isSeries),
    isOccurrence: row.recurringEventId !== null && row.recurringEventId !== undefined,
  });
}
