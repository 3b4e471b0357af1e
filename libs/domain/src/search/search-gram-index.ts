import { DataSource, EntityManager } from 'typeorm';
import { recordGrams, termGrams, twoCharacterRange } from './search-grams';

/** The table of migration SearchGrams (MySQL/MariaDB only). */
export const SEARCH_GRAMS_TABLE = 'search_grams';

/** Which records a row of the table belongs to (one table for every searchable kind). */
const KIND_OF_TABLE: Record<string, number> = { events: 1, venues: 2, organizers: 3 };

/** Rows per INSERT: two thousand grams are a statement of about 60 KB. */
const INSERT_ROWS = 2000;
/** Records read per statement while filling the index. */
const FILL_RECORDS = 2000;
/** Index entries a gram's frequency is counted up to: beyond it a gram is "common", whichever. */
const RARITY_CAP = 20000;
/** How many of a search's grams the candidates must hold (the rarest): more add little. */
const INTERSECTED = 3;
/** Grams of a long search whose frequency is asked: evenly spread over the text. */
const SAMPLED = 12;

/** The n-gram index is kept on MySQL/MariaDB; SQLite searches through FTS5 instead. */
export function keepsSearchGrams(source: DataSource | EntityManager): boolean {
  const { type } = 'connection' in source ? source.connection.options : source.options;
  return type === 'mysql' || type === 'mariadb';
}

/** Empties the whole index (every kind), before a rebuild from scratch. */
export async function clearSearchGrams(source: DataSource): Promise<void> {
  if (keepsSearchGrams(source)) await source.query(`TRUNCATE TABLE ${SEARCH_GRAMS_TABLE}`);
}

/** A SQL condition on `p.id` or the kind's SharedTexts column (numbers only, written as literals: grams do not fit a double). */
export interface CandidateCondition {
  sql: string;
}

/** How a kind's rows map to the records of its grams, when not one to one. */
export interface SharedTexts {
  /** The column naming the record whose grams stand for the row (`p.<column> IN (...)`). */
  column: string;
  /** SQL true of the rows that are records of the index (own their texts). */
  owners: string;
}

/**
 * The grams of one kind of record (events, venues or organizers; search-grams.ts): kept by the
 * kind's repository in the same transaction as the record's write, read by its searches, filled
 * in bulk by seeds and rebuilt by the CLI. Grams are numbers computed here, so they are written
 * into the SQL as literals (a bound BIGINT would be compared as a double).
 */
export class SearchGramIndex {
  readonly kind: number;
  private readonly candidateColumn: string;
  private readonly owners: string;

  constructor(
    readonly table: string,
    readonly columns: readonly string[],
    shared?: SharedTexts,
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

  private textsOfRow(row: Record<string, unknown>): string[] {
    return this.columns.map((column) => (row[column] === null || row[column] === undefined ? '' : String(row[column])));
  }

  /**
   * Brings the record's grams from those of `before` (its texts before this write, null for a new
   * record) to those of `after` (null when it is deleted): only the grams that differ are written,
   * so an update that leaves the texts alone writes nothing. Each statement touches the record's
   * own rows by primary key; writers of different records never wait for each other here.
   */
  async replace(id: number, before: readonly string[] | null, after: readonly string[] | null, db: EntityManager): Promise<void> {
    if (!keepsSearchGrams(db)) return;
    const old = before ? recordGrams(before) : new Set<bigint>();
    const next = after ? recordGrams(after) : new Set<bigint>();
    // In key order: InnoDB then walks its pages once, left to right.
    const byKey = (a: bigint, b: bigint) => (a < b ? -1 : a > b ? 1 : 0);
    const removed = [...old].filter((gram) => !next.has(gram)).sort(byKey);
    const added = [...next].filter((gram) => !old.has(gram)).sort(byKey);
    const recordId = Math.trunc(id);
    for (let start = 0; start < removed.length; start += INSERT_ROWS) {
      const grams = removed.slice(start, start + INSERT_ROWS).join(',');
      await db.query(`DELETE FROM ${SEARCH_GRAMS_TABLE} WHERE kind = ${this.kind} AND gram IN (${grams}) AND record_id = ${recordId}`);
    }
    await this.insert(
      added.map((gram) => [gram, recordId]),
      db,
    );
  }

  /** Removes the grams of those of the rows that own their texts, before the rows are deleted. */
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

  private async insert(rows: Array<[bigint, number]>, db: EntityManager | DataSource): Promise<void> {
    for (let start = 0; start < rows.length; start += INSERT_ROWS) {
      const values = rows
        .slice(start, start + INSERT_ROWS)
        .map(([gram, id]) => `(${this.kind},${gram},${id})`)
        .join(',');
      // IGNORE: a fill running beside the service may have written the same row first.
      await db.query(`INSERT IGNORE INTO ${SEARCH_GRAMS_TABLE} (kind, gram, record_id) VALUES ${values}`);
    }
  }

  /**
   * The candidates of a search (its terms: the whole text for events, each word for venues and
   * organizers): the records holding the rarest grams of its terms of three characters or more, or
   * for terms of two characters only, the records with a gram starting with one of them (when
   * those grams are few). Undefined when the index cannot narrow the search (one-character terms,
   * a common two-character one): the caller's scan decides.
   */
  async candidates(terms: readonly string[], source: DataSource | EntityManager): Promise<CandidateCondition | undefined> {
    if (!keepsSearchGrams(source)) return undefined;
    const grams = [...new Set(terms.flatMap((term) => termGrams(term)))];
    if (grams.length === 0) {
      const range = terms.map((term) => twoCharacterRange(term)).find((found) => found !== undefined);
      if (!range) return undefined;
      // A common pair (`er`) starts grams in most records: reading them all and then the rows
      // costs more than the scan (measured at 100,000 events: 1.6 s against 1.3 s), so the scan
      // decides; a rare pair is found from its few grams.
      const inRange = `FROM ${SEARCH_GRAMS_TABLE} WHERE kind = ${this.kind} AND gram BETWEEN ${range[0]} AND ${range[1]}`;
      const [{ n }] = (await source.query(`SELECT COUNT(1) AS n FROM (SELECT 1 ${inRange} LIMIT ${RARITY_CAP + 1}) c`)) as Array<{
        n: number | string;
      }>;
      if (Number(n) > RARITY_CAP) return undefined;
      return {
        sql: `${this.candidateColumn} IN (SELECT sg.record_id FROM ${SEARCH_GRAMS_TABLE} sg WHERE sg.kind = ${this.kind} AND sg.gram BETWEEN ${range[0]} AND ${range[1]})`,
      };
    }
    const chosen = await this.rarest(grams, source);
    const [first, ...others] = chosen;
    const joins = others
      .map(
        (gram, i) =>
          ` INNER JOIN ${SEARCH_GRAMS_TABLE} sg${i + 1} ON sg${i + 1}.kind = ${this.kind} AND sg${i + 1}.gram = ${gram} AND sg${i + 1}.record_id = sg0.record_id`,
      )
      .join('');
    return {
      sql: `${this.candidateColumn} IN (SELECT sg0.record_id FROM ${SEARCH_GRAMS_TABLE} sg0${joins} WHERE sg0.kind = ${this.kind} AND sg0.gram = ${first})`,
    };
  }

  /** The INTERSECTED rarest of the grams, rarest first: each counted in the index up to RARITY_CAP entries. */
  private async rarest(grams: bigint[], source: DataSource | EntityManager): Promise<bigint[]> {
    if (grams.length === 1) return grams;
    const sampled =
      grams.length <= SAMPLED
        ? grams
        : Array.from({ length: SAMPLED }, (_v, i) => grams[Math.round((i * (grams.length - 1)) / (SAMPLED - 1))]);
    const counts = sampled
      .map(
        (gram, i) =>
          `SELECT ${i} AS i, COUNT(1) AS n FROM (SELECT 1 FROM ${SEARCH_GRAMS_TABLE} WHERE kind = ${this.kind} AND gram = ${gram} LIMIT ${RARITY_CAP}) c${i}`,
      )
      .join(' UNION ALL ');
    const rows = (await source.query(counts)) as Array<{ i: number | string; n: number | string }>;
    return rows
      .map((row) => ({ gram: sampled[Number(row.i)], n: Number(row.n) }))
      .sort((a, b) => a.n - b.n)
      .slice(0, INTERSECTED)
      .map((row) => row.gram);
  }

  /**
   * Fills the index for the records with an ID above `afterId` (all when 0), in ID order, a batch
   * per statement. Rows already there stay (IGNORE): a fill beside the service loses nothing, and
   * extra grams of a text changed meanwhile only add candidates the substring test drops.
   */
  async fill(source: DataSource, afterId = 0): Promise<number> {
    if (!keepsSearchGrams(source)) return 0;
    let last = afterId;
    let records = 0;
    for (;;) {
      const rows = (await source.query(
        `SELECT id, ${this.columns.join(', ')} FROM ${this.table} WHERE id > ? AND ${this.owners} ORDER BY id LIMIT ${FILL_RECORDS}`,
        [last],
      )) as Array<Record<string, unknown> & { id: number | string }>;
      if (rows.length === 0) return records;
      const grams: Array<[bigint, number]> = [];
      for (const row of rows) {
        const id = Number(row.id);
        for (const gram of recordGrams(this.textsOfRow(row))) grams.push([gram, id]);
      }
      // In key order: the batch's rows of one gram land together, pages are walked once.
      grams.sort(([a, idA], [b, idB]) => (a < b ? -1 : a > b ? 1 : idA - idB));
      await this.insert(grams, source);
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
