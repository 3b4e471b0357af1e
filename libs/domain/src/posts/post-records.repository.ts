import {
  containsPattern,
  isLockWaitTimeout,
  isUniqueViolation,
  LIKE_ESCAPE,
  lockExistingIds,
  PreparedEntityQuery,
  loweredForLike,
  queryInSlices,
  rowLocksSupported,
  skippingLockWaits,
} from '@app/database';
import { DataSource, EntityManager, SelectQueryBuilder } from 'typeorm';
import { CandidateCondition, keepsSearchGrams, SearchCandidates, SearchGramIndex } from '../search/search-gram-index';
import { Viewer } from '../users/viewer';
import { PostRecord, slugKeyName } from './post-record.entity';
import { PostStatus } from './post-status';
import { ColumnFilter, whereColumns } from './column-filters';
import { contentFilterSql, indexedSearchSql, openSql, readableSql, visibilityParams, whereVisible } from './visibility';

export type RecordRef = { id: number } | { slug: string };

/** What every post-like list asks: the caller, the statuses it may see, the moment it reads at. */
export interface PostListCriteria {
  viewer: Viewer | undefined;
  statuses: PostStatus[];
  now: Date;
  search?: string;
  /** Filters on declared fields (README, Extending a module). */
  columnFilters?: ColumnFilter[];
}

export interface PageWindow {
  page: number;
  perPage: number;
}

/** How far into its matches a page reads: the list's total, and the position just past the page. */
export interface PageReach {
  total: number;
  end: number;
}

/** A page read beside its total reaches at most this far into the list (walksBesideCount). */
const PAGE_BESIDE_COUNT_REACH = 1000;

export interface IdPage {
  ids: number[];
  total: number;
}

/**
 * The queries events, venues and organizers share: lookup by ID or slug with the image, pages of
 * visible records, slug candidates, trash and delete. Each kind adds its filters and order.
 */
export abstract class PostRecordsRepository<T extends PostRecord, C extends PostListCriteria = PostListCriteria> {
  /**
   * The kind's passage index (MySQL/MariaDB; search/search-gram-index.ts), kept by save and remove. Its
   * columns are the ones searched word by word (a record matches when one column contains every
   * word); the first is the name, the only one searched in records the viewer cannot open.
   */
  protected abstract readonly searchGrams: SearchGramIndex;

  /**
   * Whether every save of the kind is followed, in its transaction, by a sync of its postings'
   * copies (SearchGramIndex.syncCopies), so that save need not sync them itself.
   */
  protected readonly postingCopiesSyncedLater: boolean = false;

  protected constructor(
    protected readonly dataSource: DataSource,
    readonly target: new () => T,
  ) {}

  protected get manager(): EntityManager {
    return this.dataSource.manager;
  }

  protected baseQuery(db: EntityManager = this.manager): SelectQueryBuilder<T> {
    return db.createQueryBuilder<T>(this.target, 'p').leftJoinAndSelect('p.image', 'image');
  }

  // The reads every write and every read of one record makes, written once (PreparedEntityQuery).
  private readonly byId = new PreparedEntityQuery<T>((db) => this.baseQuery(db).where('p.id = :id'));
  private readonly bySlug = new PreparedEntityQuery<T>((db) => this.baseQuery(db).where('p.slug = :slug'));
  private readonly byIds = new PreparedEntityQuery<T>((db) => this.baseQuery(db).where('p.id IN (:...ids)'));
  private readonly liveByTitle = new PreparedEntityQuery<T>((db) =>
    this.baseQuery(db).where('LOWER(p.title) = :title').andWhere(`p.status <> 'trash'`),
  );

  findByRef(ref: RecordRef, db: EntityManager = this.manager): Promise<T | null> {
    if ('id' in ref) return this.byId.getOne(db, { id: ref.id });
    return this.bySlug.getOne(db, { slug: ref.slug.toLowerCase() });
  }

  /**
   * Locks the record for the rest of the write transaction (MySQL: FOR UPDATE); its ID, or null
   * when there is none (also when it was deleted while this writer waited for the lock).
   * `knownSlug`: the record's slug as this transaction just read it (its row), not read again.
   */
  async lockForWrite(ref: RecordRef, db: EntityManager, knownSlug?: string): Promise<number | null> {
    if ('id' in ref && rowLocksSupported(db)) {
      // Through the slug's index entry, as lockSlug and a lookup by slug take it: locked by
      // primary key first, an update or delete then waited for that entry while a writer choosing
      // the same slug held it and waited for the row (a deadlock). A slug changed meanwhile locks
      // another record or none: then by primary key, below.
      const current =
        knownSlug !== undefined
          ? { slug: knownSlug }
          : await db
              .createQueryBuilder<T>(this.target, 'p')
              .select('p.slug', 'slug')
              .where('p.id = :id', { id: ref.id })
              .getRawOne<{ slug: string }>();
      if (current && (await this.lockForWrite({ slug: current.slug }, db)) === ref.id) return ref.id;
    }
    const qb = db.createQueryBuilder<T>(this.target, 'p').select('p.id', 'id');
    if ('id' in ref) qb.where('p.id = :id', { id: ref.id });
    else qb.where('p.slug = :slug', { slug: ref.slug.toLowerCase() });
    if (rowLocksSupported(db)) qb.setLock('pessimistic_write');
    const row = await qb.getRawOne<{ id: number | string }>();
    return row ? Number(row.id) : null;
  }

  /** Holds the record whose slug is `slug`, if any (MySQL: FOR UPDATE), until the transaction ends. */
  async lockSlug(slug: string, db: EntityManager): Promise<void> {
    if (!rowLocksSupported(db)) return;
    await db
      .createQueryBuilder<T>(this.target, 'p')
      .select('p.id', 'id')
      .where('p.slug = :slug', { slug })
      .setLock('pessimistic_write')
      .getRawOne();
  }

  /** Of these IDs, those that exist, kept from deletion until the transaction ends (MySQL: FOR SHARE). */
  lockExisting(ids: number[], db: EntityManager): Promise<number[]> {
    return lockExistingIds(this.target, ids, db);
  }

  /** Records in the order of `ids`, with their images; missing IDs are skipped. */
  async findByIds(ids: number[], db: EntityManager = this.manager): Promise<T[]> {
    if (ids.length === 0) return [];
    const records = await queryInSlices(ids, (slice) => this.byIds.getMany(db, { ids: slice }));
    const byId = new Map(records.map((record) => [record.id, record]));
    return ids.map((id) => byId.get(id)).filter((record): record is T => record !== undefined);
  }

  /**
   * How many of these IDs the viewer may read (not in trash). With `open`, password-protected
   * records the viewer cannot open count as unreadable too. Filters naming a record use it, so an
   * unreadable record answers like a missing one and nothing reveals it.
   */
  async countReadable(ids: number[], viewer: Viewer | undefined, now: Date, open = false): Promise<number> {
    if (ids.length === 0) return 0;
    return this.manager
      .createQueryBuilder<T>(this.target, 'p')
      .where('p.id IN (:...ids)', { ids })
      .andWhere(open ? openSql('p', viewer) : readableSql('p', viewer), visibilityParams(viewer, now))
      .getCount();
  }

  /** Records not in trash whose title equals `title` ignoring case: candidates for duplicate avoidance. */
  findLiveByTitle(title: string, db: EntityManager = this.manager): Promise<T[]> {
    return this.liveByTitle.getMany(db, { title: title.toLowerCase() });
  }

  /**
   * Whether `error` refused an insert skipping lock waits (save) because another record holds its
   * slug: one not yet committed (ER_LOCK_WAIT_TIMEOUT, taken as that; any other row lock the
   * insert met costs a slug number at most) or one committed since the slug was chosen (its unique key).
   */
  isSlugTakenMeanwhile(error: unknown): boolean {
    if (isLockWaitTimeout(error)) return true;
    const key = slugKeyName(this.dataSource.getMetadata(this.target).tableName);
    return isUniqueViolation(error) && (error instanceof Error ? error.message : '').includes(`${key}'`);
  }

  /** Slugs of the kind that start with `prefix`, other than the record's own. */
  async slugsWithPrefix(prefix: string, selfId: number | undefined, db: EntityManager = this.manager): Promise<string[]> {
    const qb = db
      .createQueryBuilder<T>(this.target, 'p')
      .select('p.slug', 'slug')
      .where(`p.slug LIKE :prefix ESCAPE '${LIKE_ESCAPE}'`, { prefix: containsPattern(prefix).slice(1) });
    // SQLite cannot use the slug index for LIKE (case-insensitive): every create scanned every slug. Slugs are
    // lower-case, so the same rows lie in this index range. (MySQL's LIKE uses the index as it is.)
    if (!rowLocksSupported(db))
      qb.andWhere('p.slug >= :prefixLow AND p.slug < :prefixHigh', { prefixLow: prefix, prefixHigh: `${prefix}\uffff` });
    if (selfId !== undefined) qb.andWhere('p.id <> :selfId', { selfId });
    return (await qb.getRawMany<{ slug: string }>()).map((row) => row.slug);
  }

  /**
   * Saves the record and brings its search grams to its new texts, in the same transaction.
   * `skipLockWaits` (a new record, where lockWaitsSkippable): the INSERT fails at once with
   * ER_LOCK_WAIT_TIMEOUT instead of waiting when another transaction holds what it needs, such as
   * the slug a writer not yet committed inserted.
   */
  async save(record: T, db: EntityManager, options: { skipLockWaits?: boolean } = {}): Promise<T> {
    const before = record.id ? await this.searchGrams.textsOf(record.id, db) : null;
    const saved = record.id
      ? await updateRecord(this.target, record, db)
      : await insertRecord(this.target, record, db, options.skipLockWaits ?? false);
    await this.completeSavedRow(saved, db);
    await this.searchGrams.replace(saved.id, before, this.textsWritten(saved, db), db, this.postingCopiesSyncedLater, saved);
    return saved;
  }

  /** The saved record's texts as its row now holds them (SearchGramIndex.textsOf), without reading them back. */
  private textsWritten(saved: T, db: EntityManager): string[] | null {
    if (!keepsSearchGrams(db) || !this.ownsTexts(saved)) return null;
    const metadata = db.connection.getMetadata(this.target);
    return this.searchGrams.textsWritten((name) => {
      const column = metadata.findColumnWithDatabaseName(name);
      if (!column) throw new Error(`${metadata.tableName} has no column ${name} to index`);
      return column.getEntityValue(saved);
    });
  }

  /** Whether the row shows its own texts (SearchGramIndex's owners), as the record was just saved. */
  protected ownsTexts(_saved: T): boolean {
    return true;
  }

  /** Columns a kind derives from the saved row (its ID), written before its grams are read. */
  protected async completeSavedRow(_saved: T, _db: EntityManager): Promise<void> {}

  newRecord(fields: Partial<T>, db: EntityManager = this.manager): T {
    return db.create(this.target, fields as T);
  }

  async moveToTrash(id: number, modifiedUtc: Date, db: EntityManager): Promise<void> {
    await db.update(this.target, { id } as never, { status: 'trash', modifiedUtc } as never);
  }

  /** Deletes the record for good, its links first. */
  async remove(id: number, db: EntityManager): Promise<void> {
    await this.removeLinks(id, db);
    const before = await this.searchGrams.textsOf(id, db);
    await db.delete(this.target, { id } as never);
    await this.searchGrams.replace(id, before, null, db);
  }

  protected abstract removeLinks(id: number, db: EntityManager): Promise<void>;

  /**
   * One page of the IDs of visible records, and the total. The IDs are selected on their own, so
   * ordering by computed values (distance) and joins never disturb LIMIT/OFFSET.
   */
  async page(criteria: C, window: PageWindow): Promise<IdPage> {
    const candidates = await this.searchCandidates(criteria);
    const qb = this.filterQuery(criteria, candidates?.set);
    const offset = (window.page - 1) * window.perPage;
    const end = offset + window.perPage;
    if (this.walksBesideCount(criteria, end)) {
      // The page's query does not depend on the total here: on a server both run at once, each on
      // its own connection, and a page past the end is dropped (the caller answers 404). The page
      // gets its own copy of the filter query, which pageQuery changes.
      const pageQb = qb.clone();
      const [total, rows] = await Promise.all([
        this.countPage(qb, criteria, candidates),
        this.pageRows(this.pageQuery(pageQb, criteria, candidates, { total: end, end }, offset, window)),
      ]);
      return { ids: offset >= total ? [] : rows.map((row) => Number(row.id)), total };
    }
    const total = await this.countPage(qb, criteria, candidates);
    // Past the end there is nothing to fetch (the caller answers 404), and a huge page would
    // otherwise reach the SQL as an OFFSET like 1e+21.
    if (offset >= total) return { ids: [], total };
    const rows = await this.pageRows(this.pageQuery(qb, criteria, candidates, { total, end }, offset, window));
    return { ids: rows.map((row) => Number(row.id)), total };
  }

  /** The ordered page of IDs from the list's filter query `qb`. */
  private pageQuery(
    qb: SelectQueryBuilder<T>,
    criteria: C,
    candidates: SearchCandidates | undefined,
    reach: PageReach,
    offset: number,
    window: PageWindow,
  ): SelectQueryBuilder<T> {
    const pageQb = candidates && this.probesSearch(criteria, reach) ? this.filterQuery(criteria, candidates.probe) : qb;
    pageQb.select('p.id', 'id');
    this.orderPage(pageQb, criteria, reach);
    return pageQb.offset(offset).limit(window.perPage);
  }

  /**
   * Whether the page is read beside its total instead of after it: on a database server, for a
   * page near the start (a walk past a smaller total costs little), when the kind's page query
   * does not depend on the total (pageNeedsTotal).
   */
  private walksBesideCount(criteria: C, end: number): boolean {
    return this.dataSource.options.type !== 'better-sqlite3' && end <= PAGE_BESIDE_COUNT_REACH && !this.pageNeedsTotal(criteria);
  }

  /** Whether the page query depends on the list's total (orderPage and probesSearch read the reach). */
  protected pageNeedsTotal(_criteria: C): boolean {
    return true;
  }

  /** Runs the ordered page query (a kind may run its SQL otherwise). */
  protected pageRows(qb: SelectQueryBuilder<T>): Promise<Array<{ id: number | string }>> {
    return qb.getRawMany<{ id: number | string }>();
  }

  /**
   * Whether the page query checks the search per row it reaches (HoldingForm `probe`) rather than
   * against the set of every match: when the page walks the list order and stops after it.
   */
  protected probesSearch(_criteria: C, _reach: PageReach): boolean {
    return false;
  }

  /** What the kind's search index says of the list's search, if it has one and can narrow it. */
  private searchCandidates(criteria: C): Promise<SearchCandidates | undefined> {
    if (criteria.search === undefined || criteria.search.trim() === '') return Promise.resolve(undefined);
    return this.searchGrams.candidates(this.searchTerms(criteria.search), this.dataSource);
  }

  /** The visible records a list's filters keep (alias `p`), not yet ordered. */
  protected async filteredQuery(criteria: C): Promise<SelectQueryBuilder<T>> {
    return this.filterQuery(criteria, (await this.searchCandidates(criteria))?.set);
  }

  /** The list's filters, the search narrowed by the index's `candidates` (when it can). */
  private filterQuery(criteria: C, candidates: CandidateCondition | undefined): SelectQueryBuilder<T> {
    const qb = this.dataSource.createQueryBuilder<T>(this.target, 'p');
    whereVisible(qb, 'p', criteria.viewer, criteria.statuses, criteria.now);
    if (criteria.search !== undefined && criteria.search.trim() !== '') {
      if (candidates?.exact) {
        // The index's answer is the search's: no row is read to decide (a locked record by its title).
        qb.andWhere(indexedSearchSql('p', criteria.viewer, candidates.exact), { viewerId: criteria.viewer?.id ?? 0 });
      } else {
        // The substring test decides; the index only narrows the rows it runs on.
        this.whereSearch(qb, criteria.search, criteria.viewer);
        if (candidates) qb.andWhere(candidates.sql);
      }
    }
    whereColumns(qb, criteria.columnFilters ?? [], criteria.viewer);
    this.applyFilters(qb, criteria);
    return qb;
  }

  /** The list's total (`X-TEC-Total`); a kind may answer it from kept counts, or its search from the index. */
  protected countPage(qb: SelectQueryBuilder<T>, _criteria: C, _candidates?: SearchCandidates): Promise<number> {
    return qb.getCount();
  }

  /** Query: how many visible records the list's filters keep with the search narrowed by `candidates`. */
  protected countQuery(criteria: C, candidates: CandidateCondition): SelectQueryBuilder<T> {
    return this.filterQuery(criteria, candidates).select('COUNT(1)', 'cnt');
  }

  /** The kind's own list filters. */
  protected abstract applyFilters(qb: SelectQueryBuilder<T>, criteria: C): void;

  /** Newest publication first (docs/api-rules.md, Lists); column names, as the page query selects raw IDs. */
  protected orderPage(qb: SelectQueryBuilder<T>, _criteria: C, _reach: PageReach): void {
    qb.orderBy('p.published_utc', 'DESC').addOrderBy('p.id', 'DESC');
  }

  /** What a record must contain for the search: every word (the first ten) in one column. */
  protected searchTerms(search: string): string[] {
    return search.trim().split(/\s+/).slice(0, 10);
  }

  /**
   * docs/api-rules.md, Lists, for venues and organizers: one column must contain every word of the search. A
   * record the viewer cannot open (password) matches by its name only, so a search never reveals its content.
   */
  protected whereSearch(qb: SelectQueryBuilder<T>, search: string, viewer: Viewer | undefined): void {
    const words = this.searchTerms(search);
    const params: Record<string, string | number> = { viewerId: viewer?.id ?? 0 };
    words.forEach((word, i) => (params[`search${i}`] = containsPattern(word)));
    const [perColumn, ...contentColumns] = this.searchGrams.columns.map(
      (column) =>
        `(${words.map((_w, i) => `${loweredForLike(qb.connection, `p.${column}`)} LIKE :search${i} ESCAPE '${LIKE_ESCAPE}'`).join(' AND ')})`,
    );
    qb.andWhere(contentFilterSql('p', viewer, `(${contentColumns.join(' OR ')})`, perColumn), params);
  }
}

/**
 * Writes an existing record's columns as the entity holds them, without save()'s first
 * statement: save() selects the row back to find the changed columns. The record was read under
 * its lock in this transaction and changed in memory since, so every column it holds is what the
 * row should hold. (save() itself for a record with an image object.)
 */
async function updateRecord<T extends PostRecord>(target: new () => T, record: T, db: EntityManager): Promise<T> {
  if (record.image !== undefined) return db.save(record);
  const metadata = db.connection.getMetadata(target);
  const values: Record<string, unknown> = {};
  for (const column of metadata.columns) {
    if (column.isVirtual || column.isGenerated || column.isPrimary) continue;
    const value: unknown = column.getEntityValue(record);
    if (value !== undefined) values[column.propertyPath] = value;
  }
  await db
    .createQueryBuilder()
    .update(target)
    .set(values as never)
    .where('id = :id', { id: record.id })
    .updateEntity(false)
    .execute();
  return record;
}

/**
 * Inserts a new record and leaves the entity as save() would, without save()'s second statement:
 * where the database has no INSERT ... RETURNING for TypeORM (MySQL, SQLite), save() selects the
 * new row back for the columns that have a default. Their stored values are known here: the
 * record's own, or the declared default where the record left the column unset. (save() itself
 * for a record with an image object, or a default that is not a plain value.)
 */
async function insertRecord<T extends PostRecord>(target: new () => T, record: T, db: EntityManager, skipLockWaits: boolean): Promise<T> {
  const metadata = db.connection.getMetadata(target);
  const defaulted = metadata.getInsertionReturningColumns().filter((column) => !column.isGenerated);
  const plain = (value: unknown) => typeof value === 'boolean' || typeof value === 'number';
  if (record.image !== undefined || defaulted.some((column) => !plain(column.default))) return db.save(record);
  const insert = db
    .createQueryBuilder()
    .insert()
    .into(target)
    .values(record as never)
    .updateEntity(false);
  let raw: unknown;
  if (skipLockWaits) {
    const [sql, parameters] = insert.getQueryAndParameters();
    raw = await db.query(skippingLockWaits(sql), parameters);
  } else raw = (await insert.execute()).raw;
  for (const column of metadata.columns) {
    if (column.isVirtual || column.isGenerated) continue;
    const value: unknown = column.getEntityValue(record);
    if (defaulted.includes(column)) {
      const stored = value === undefined ? column.default : value;
      // As the driver reads the column back (a boolean column answers true or false).
      column.setEntityValue(record, column.type === 'boolean' ? Boolean(stored) : stored);
    } else if (value === undefined && column.isNullable) column.setEntityValue(record, null);
  }
  db.merge(target, record, (db.connection.driver.createGeneratedMap(metadata, raw as never, 0, 1) ?? {}) as never);
  return record;
}
