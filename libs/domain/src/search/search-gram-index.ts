import { beforeCommitHooksRun, mysqlLiteral } from '@app/database';
import { DataSource, EntityManager } from 'typeorm';
import { characterCount, foldForSearch, passagesOf, searchPieces } from './search-grams';
import {
  byKey,
  matchingPassages,
  notePassages,
  PASSAGE_GRAMS_TABLE,
  PASSAGES_TABLE,
  passageId,
  POSTINGS_TABLE,
  storePassages,
} from './search-passages';

/**
 * `(kind, record_id, passage_id) → fields`: which passages a record's texts hold, in which columns;
 * searches read its index `(kind, passage_id, record_id, fields)` (migration SearchPassages).
 */
export const SEARCH_POSTINGS_TABLE = POSTINGS_TABLE;

/**
 * The postings' index by passage: which records hold a passage, and (events) what a list checks of
 * them, so that a search's total reads this index alone. `is_series` before the record: the
 * records whose texts stand for other rows (a series for its occurrences) are a range of their own.
 */
export const POSTINGS_BY_PASSAGE_INDEX = {
  name: 'IDX_search_postings_listing',
  columns: [
    'kind',
    'passage_id',
    'is_series',
    'record_id',
    'fields',
    'status',
    'published_utc',
    'hide_from_listings',
    'start_utc',
    'end_utc',
    'locked',
  ],
} as const;

/** Which records a row of the table belongs to (one table for every searchable kind). */
const KIND_OF_TABLE: Record<string, number> = { events: 1, venues: 2, organizers: 3 };

/** Rows per INSERT or DELETE of postings. */
const POSTINGS_PER_STATEMENT = 2000;
/** Records read per statement while filling the index. */
const FILL_RECORDS = 2000;

/** The index is kept on MySQL/MariaDB; SQLite searches events through FTS5 instead. */
export function keepsSearchGrams(source: DataSource | EntityManager): boolean {
  const { type } = 'connection' in source ? source.connection.options : source.options;
  return type === 'mysql' || type === 'mariadb';
}

/** Empties the whole index (every kind and the passages), before a rebuild from scratch. */
export async function clearSearchGrams(source: DataSource): Promise<void> {
  if (!keepsSearchGrams(source)) return;
  for (const table of [SEARCH_POSTINGS_TABLE, PASSAGE_GRAMS_TABLE, PASSAGES_TABLE]) await source.query(`TRUNCATE TABLE ${table}`);
}

/**
 * What the index says of a search, as SQL on `p` (numbers written as literals: IDs do not fit a
 * double). `sql` narrows the rows a substring test then decides on; `exact`, when present, is the
 * answer itself: the rows holding a matching passage in any column, and in the first (title).
 */
export interface CandidateCondition {
  sql: string;
  exact?: { any: string; title: string; passages: readonly bigint[] };
}

/**
 * How a condition names the records holding a passage. `set`: the holders are read once (MySQL
 * materializes the subquery), the way to count every match or to sort a few. `probe`: each row
 * the query reaches is looked up in the postings' primary key, the way for a page that walks the
 * list order and stops after it: reading a common search's every holder first (48,112 postings of
 * `jazz` in a million events) costs several times the walk.
 */
export type HoldingForm = 'set' | 'probe';

/** What the index says of a search, in both forms. */
export type SearchCandidates = Record<HoldingForm, CandidateCondition>;

/** How a kind's rows map to the records of its grams, when not one to one. */
interface SharedTexts {
  /** The column naming the record whose grams stand for the row (`p.<column> IN (...)`). */
  column: string;
  /** SQL true of the rows that are records of the index (own their texts). */
  owners: string;
}

/**
 * Columns of a record that its postings carry as well, kept equal to the record's row in the
 * transaction that writes either: what a list checks of a match can then be read from the
 * postings alone (EventsRepository counts a search's matches so), instead of one index look-up per
 * match. Per postings column: its `sql` over the stored record aliased `r`, and its `value` in a
 * record row at hand (an entity-shaped row, as a bulk load holds it).
 */
export type PostingCopies = Readonly<Record<string, { sql: string; value: (row: Readonly<Record<string, unknown>>) => unknown }>>;

/** A record to index in bulk: ID, texts, and its row when the caller has it at hand (its copies' values). */
export type IndexedRecord = [id: number, texts: readonly string[], row?: Readonly<Record<string, unknown>>];

/**
 * A record's entries of the index before its ID is known (SearchGramIndex.prepare): its passages
 * (ID, the columns holding it, its text) and, when its row was given, its copies as SQL literals.
 */
export interface PreparedRecord {
  postings: ReadonlyMap<bigint, { readonly fields: number; readonly text: string }>;
  copies?: string;
}

/** A record's passages: ID → the columns holding it (bit i: column i) and its text. */
type Postings = Map<bigint, { fields: number; text: string }>;

/**
 * The search index of one kind of record (events, venues or organizers): per record, the
 * passages of its texts (search-passages.ts), kept by the kind's repository in the same
 * transaction as the record's write, read by its searches, filled in bulk by seeds and rebuilt
 * by the CLI.
 */
export class SearchGramIndex {
  readonly kind: number;
  private readonly candidateColumn: string;
  private readonly owners: string;

  constructor(
    readonly table: string,
    readonly columns: readonly string[],
    shared?: SharedTexts,
    readonly copies?: PostingCopies,
  ) {
    this.candidateColumn = `p.${shared?.column ?? 'id'}`;
    this.owners = shared?.owners ?? '1 = 1';
    const kind = KIND_OF_TABLE[table];
    if (kind === undefined) throw new Error(`SearchGramIndex: no kind for table ${table}`);
    this.kind = kind;
  }

  /**
   * The record's searchable texts as stored now, or null when there is no such record (or no
   * index, or the row shows another record's texts).
   */
  async textsOf(id: number, db: EntityManager): Promise<string[] | null> {
    if (!keepsSearchGrams(db)) return null;
    const rows = (await db.query(`SELECT ${this.columns.join(', ')} FROM ${this.table} WHERE id = ? AND ${this.owners}`, [id])) as Array<
      Record<string, string | null>
    >;
    return rows[0] ? this.textsOfRow(rows[0]) : null;
  }

  /**
   * What textsOf would read back of a record just written, from the record in hand instead:
   * `valueOf(column)` gives each indexed column's value as written.
   */
  textsWritten(valueOf: (column: string) => unknown): string[] {
    return this.textsOfRow(Object.fromEntries(this.columns.map((column) => [column, valueOf(column)])));
  }

  private textsOfRow(row: Record<string, unknown>): string[] {
    return this.columns.map((column) => (row[column] === null || row[column] === undefined ? '' : String(row[column])));
  }

  private postingsOf(texts: readonly string[]): Postings {
    const postings: Postings = new Map();
    texts.forEach((text, column) => {
      for (const passage of passagesOf(text)) {
        const id = passageId(passage);
        const entry = postings.get(id) ?? { fields: 0, text: passage };
        entry.fields |= 1 << column;
        postings.set(id, entry);
      }
    });
    return postings;
  }

  /**
   * Brings the record's postings from those of `before` (its texts before this write, null for a
   * new record) to those of `after` (null when it is deleted): only what differs is written, so
   * an update that leaves the texts alone writes nothing. New passages are added to the
   * vocabulary first; then the record's own rows change, by primary key, in key order.
   * `copiesSyncedLater`: the caller syncs the record's copies later in the same transaction (an
   * event's write, at the kept counts' flush), so new postings need not be synced here as well.
   * `written`: the record's row as just written (entity-shaped): new and changed postings copy it.
   */
  async replace(
    id: number,
    before: readonly string[] | null,
    after: readonly string[] | null,
    db: EntityManager,
    copiesSyncedLater = false,
    written?: object,
  ): Promise<void> {
    if (!keepsSearchGrams(db)) return;
    const old = before ? this.postingsOf(before) : new Map();
    const next = after ? this.postingsOf(after) : new Map();
    const removed = [...old.keys()].filter((passage) => !next.has(passage)).sort(byKey);
    const changed = [...next.entries()].filter(([passage, entry]) => old.get(passage)?.fields !== entry.fields);
    const added = new Map(changed.filter(([passage]) => !old.has(passage)).map(([passage, entry]) => [passage, entry.text]));
    // Left to the end of the transaction where it is sure to come (DataVersionBumping).
    if (beforeCommitHooksRun(db)) notePassages(added, this.kind, db);
    else await storePassages(added, this.kind, db, { turnsIn: db });
    const recordId = Math.trunc(id);
    for (let start = 0; start < removed.length; start += POSTINGS_PER_STATEMENT) {
      const passages = removed.slice(start, start + POSTINGS_PER_STATEMENT).join(',');
      await db.query(
        `DELETE FROM ${SEARCH_POSTINGS_TABLE} WHERE kind = ${this.kind} AND record_id = ${recordId} AND passage_id IN (${passages})`,
      );
    }
    const copies = written && this.copies ? new Map([[recordId, this.copiesOf(written)]]) : undefined;
    await this.insertPostings(
      changed.map(([passage, entry]) => [passage, recordId, entry.fields]),
      db,
      copies,
    );
    // Without the row, new postings start with the copies' defaults (other columns' changes are synced at the kept counts' flush).
    if (after && changed.length > 0 && !copiesSyncedLater && !copies) await this.syncCopies([recordId], db);
  }

  /**
   * Brings the copies on these records' postings to their rows: after any write of a record's
   * copied columns (EventsRepository notes those writes with the counts it keeps, which call
   * this when they flush). Rows in record order, each record's own postings only.
   */
  async syncCopies(ids: readonly number[], db: EntityManager | DataSource): Promise<void> {
    if (!this.copies || ids.length === 0 || !keepsSearchGrams(db)) return;
    const set = Object.entries(this.copies)
      .map(([column, { sql }]) => `sp.${column} = ${sql}`)
      .join(', ');
    const sorted = [...new Set(ids.map((id) => Math.trunc(id)))].sort((a, b) => a - b);
    for (let start = 0; start < sorted.length; start += FILL_RECORDS) {
      const list = sorted.slice(start, start + FILL_RECORDS).join(',');
      await db.query(
        `UPDATE ${SEARCH_POSTINGS_TABLE} sp INNER JOIN ${this.table} r ON r.id = sp.record_id SET ${set} WHERE sp.kind = ${this.kind} AND sp.record_id IN (${list})`,
      );
    }
  }

  /** Removes the postings of those of the rows that own their texts, before the rows are deleted. */
  async forget(ids: readonly number[], db: EntityManager): Promise<void> {
    if (!keepsSearchGrams(db) || ids.length === 0) return;
    for (let start = 0; start < ids.length; start += FILL_RECORDS) {
      const list = ids.slice(start, start + FILL_RECORDS).map((id) => Math.trunc(id));
      const rows = (await db.query(
        `SELECT id, ${this.columns.join(', ')} FROM ${this.table} WHERE id IN (${list.join(',')}) AND ${this.owners}`,
      )) as Array<Record<string, unknown> & { id: number | string }>;
      for (const row of rows) await this.replace(Number(row.id), this.textsOfRow(row), null, db);
    }
  }

  /**
   * Postings in key order; a row already there takes the new columns (a fill beside the service).
   * `copies`: the copied columns' values of some records, as SQL literals (the others' keep their
   * defaults until syncCopies).
   */
  private async insertPostings(
    rows: Array<[bigint, number, number]>,
    db: EntityManager | DataSource,
    copies?: ReadonlyMap<number, string>,
  ): Promise<void> {
    rows.sort(([a, idA], [b, idB]) => idA - idB || byKey(a, b));
    const copied = copies?.size && this.copies ? Object.keys(this.copies) : [];
    const columns = ['kind', 'passage_id', 'record_id', 'fields', ...copied];
    const updates = ['fields', ...copied].map((column) => `${column} = VALUES(${column})`).join(', ');
    for (let start = 0; start < rows.length; start += POSTINGS_PER_STATEMENT) {
      const values = rows
        .slice(start, start + POSTINGS_PER_STATEMENT)
        .map(([passage, id, fields]) => {
          const own = copied.length ? `,${copies?.get(id) ?? copied.map(() => 'DEFAULT').join(',')}` : '';
          return `(${this.kind},${passage},${id},${fields}${own})`;
        })
        .join(',');
      await db.query(`INSERT INTO ${SEARCH_POSTINGS_TABLE} (${columns.join(', ')}) VALUES ${values} ON DUPLICATE KEY UPDATE ${updates}`);
    }
  }

  /**
   * Indexes records written past the repositories (a bulk load, a fill): their passages and
   * postings. `known`: passages this process already stored, not asked for again. A record given
   * without its row has its copies read from the stored row (`copies` false: the table has no
   * copies yet, as in the migration that created it).
   */
  async addRecords(records: readonly IndexedRecord[], db: EntityManager | DataSource, known?: Set<string>, copies = true): Promise<void> {
    if (!keepsSearchGrams(db)) return;
    await this.addPrepared(
      records.map(([id, texts, row]) => [id, this.prepare(texts, row)]),
      db,
      known,
      copies,
    );
  }

  /**
   * What addRecords writes of a record that does not depend on its ID: its passages and the
   * literals of its copies (when its row is given). A bulk load computes it before the
   * transaction that writes the record, so that the transaction waits on the server alone.
   */
  prepare(texts: readonly string[], row?: Readonly<Record<string, unknown>>): PreparedRecord {
    return { postings: this.postingsOf(texts), copies: row ? this.copiesOf(row) : undefined };
  }

  /**
   * The copies' values of an entity-shaped row, as SQL literals in the postings' column order:
   * equal strings, equal copies.
   */
  copiesOf(row: object): string {
    return Object.values(this.copies ?? {})
      .map((copy) => mysqlLiteral(copy.value(row as Readonly<Record<string, unknown>>)))
      .join(',');
  }

  /** addRecords of records prepared beforehand (prepare), with their IDs now known. */
  async addPrepared(
    records: ReadonlyArray<readonly [id: number, prepared: PreparedRecord]>,
    db: EntityManager | DataSource,
    known?: Set<string>,
    copies = true,
  ): Promise<void> {
    if (!keepsSearchGrams(db)) return;
    const passages = new Map<bigint, string>();
    const rows: Array<[bigint, number, number]> = [];
    const given = new Map<number, string>();
    const unread: number[] = [];
    for (const [id, prepared] of records) {
      const recordId = Math.trunc(id);
      if (prepared.copies !== undefined) given.set(recordId, prepared.copies);
      else unread.push(recordId);
      for (const [passage, { fields, text }] of prepared.postings) {
        passages.set(passage, text);
        rows.push([passage, recordId, fields]);
      }
    }
    await storePassages(passages, this.kind, db, { known });
    await this.insertPostings(rows, db, copies ? given : undefined);
    if (copies) await this.syncCopies(unread, db);
  }

  /**
   * SQL: the kind's rows whose record holds one of the passages (in a column of `fields`, when
   * given; through postings meeting `postings`, SQL on `sp`, when given).
   */
  private holding(form: HoldingForm, passages: readonly bigint[], fields?: number, postings?: string): string {
    if (passages.length === 0) return '1 = 0';
    const inFields = fields === undefined ? '' : ` AND sp.fields & ${fields} <> 0`;
    const held = `${this.postingsWhere(passages)}${inFields}${postings ? ` AND ${postings}` : ''}`;
    // A scalar subquery: MariaDB would turn EXISTS into IN (exists_to_in) and read the set again.
    if (form === 'probe')
      return `(SELECT 1 FROM ${SEARCH_POSTINGS_TABLE} sp WHERE sp.record_id = ${this.candidateColumn} AND ${held} LIMIT 1) IS NOT NULL`;
    return `${this.candidateColumn} IN (SELECT sp.record_id FROM ${SEARCH_POSTINGS_TABLE} sp WHERE ${held})`;
  }

  /** SQL on the postings aliased `sp`: those of the kind's records holding one of the passages. */
  postingsWhere(passages: readonly bigint[]): string {
    return passages.length === 0 ? '1 = 0' : `sp.kind = ${this.kind} AND sp.passage_id IN (${passages.join(',')})`;
  }

  /**
   * The exact answer of these passages (set form) through the postings that meet `postings` (SQL
   * on `sp`) only: e.g. the rows showing the texts of a record whose texts stand for other rows.
   */
  exactThrough(passages: readonly bigint[], postings: string): CandidateCondition {
    const any = this.holding('set', passages, undefined, postings);
    return { sql: any, exact: { any, title: this.holding('set', passages, 1, postings), passages } };
  }

  /** The condition of the passages' holders, in both forms. */
  private holdingBoth(passagesPerTerm: ReadonlyArray<readonly bigint[]>, exact: boolean): SearchCandidates {
    const condition = (form: HoldingForm): CandidateCondition => {
      const sql = passagesPerTerm.map((passages) => this.holding(form, passages)).join(' AND ');
      return exact ? { sql, exact: { any: sql, title: this.holding(form, passagesPerTerm[0], 1), passages: passagesPerTerm[0] } } : { sql };
    };
    return { set: condition('set'), probe: condition('probe') };
  }

  /**
   * What the index says of a search (its terms: the whole text for events, each word for venues
   * and organizers). One term of one piece (no passage break inside): the exact answer, the rows
   * holding a passage that contains it. Otherwise the candidates: for each term, the rows holding
   * a passage that contains its longest piece; the caller's substring test decides. Undefined
   * when the index cannot narrow the search (pieces of one character, too many passages).
   */
  async candidates(terms: readonly string[], source: DataSource | EntityManager): Promise<SearchCandidates | undefined> {
    if (!keepsSearchGrams(source)) return undefined;
    if (terms.length === 1) {
      const pieces = searchPieces(terms[0]);
      // Exact only without any passage break, also at the ends (`<jazz` is not `jazz`).
      if (pieces.length === 1 && pieces[0] === foldForSearch(terms[0])) {
        const passages = await matchingPassages(pieces[0], this.kind, source);
        if (passages) return this.holdingBoth([passages], true);
      }
    }
    const perTerm: bigint[][] = [];
    for (const term of terms) {
      const longest = searchPieces(term).sort((a, b) => characterCount(b) - characterCount(a))[0];
      if (longest === undefined) continue;
      const passages = await matchingPassages(longest, this.kind, source);
      if (passages) perTerm.push(passages);
    }
    return perTerm.length === 0 ? undefined : this.holdingBoth(perTerm, false);
  }

  /**
   * Fills the index for the records with an ID above `afterId` (all when 0), in ID order, a batch
   * per statement. Rows already there stay: a fill beside the service loses nothing, and postings
   * of a text changed meanwhile only add candidates.
   */
  async fill(source: DataSource, afterId = 0, copies = true): Promise<number> {
    if (!keepsSearchGrams(source)) return 0;
    const known = new Set<string>();
    let last = afterId;
    let records = 0;
    for (;;) {
      const rows = (await source.query(
        `SELECT id, ${this.columns.join(', ')} FROM ${this.table} WHERE id > ? AND ${this.owners} ORDER BY id LIMIT ${FILL_RECORDS}`,
        [last],
      )) as Array<Record<string, unknown> & { id: number | string }>;
      if (rows.length === 0) return records;
      await this.addRecords(
        rows.map((row): IndexedRecord => [Number(row.id), this.textsOfRow(row)]),
        source,
        known,
        copies,
      );
      records += rows.length;
      last = Number(rows[rows.length - 1].id);
    }
  }

  /** The highest ID of the kind's records (a bulk load fills the index for those above it). */
  async lastId(source: DataSource): Promise<number> {
    const rows = (await source.query(`SELECT MAX(id) AS id FROM ${this.table}`)) as Array<{ id: number | string | null }>;
    return Number(rows[0]?.id ?? 0);
  }
}
