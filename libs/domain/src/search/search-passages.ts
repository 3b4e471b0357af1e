import { containsPattern, LIKE_ESCAPE, mysqlLiteral } from '@app/database';
import { createHash } from 'crypto';
import { DataSource, EntityManager } from 'typeorm';
import { holdWriteLocks } from '../write-locks/write-locks.repository';
import { characterCount, recordGrams, termGrams, twoCharacterRange } from './search-grams';

/*
 * The passage vocabulary of MySQL/MariaDB's search index (search-grams.ts, "Passages"): each
 * distinct folded passage once per kind of record (events, venues, organizers: a search of
 * events never tests the 7,000 venue and organizer passages holding `jazz` of a million-event
 * calendar, only the 60 of events), with its grams. A passage's ID is a hash of its text, so every
 * writer (and the seed) knows it without reading it back, and two writers storing the same new
 * passage write the same row. Passages are only added; a rebuild (search:reindex) drops those no
 * record holds any more.
 */

/** The passages' texts: `(kind, id)` (id: a hash) and `text`, folded, compared byte for byte (binary collation). */
export const PASSAGES_TABLE = 'search_passages';
/** `(kind, gram, passage_id)`: the passages of a kind holding a gram are one range of the primary key. */
export const PASSAGE_GRAMS_TABLE = 'search_passage_grams';
/** Which records hold which passages (search-gram-index.ts); its index by passage is read here. */
export const POSTINGS_TABLE = 'search_postings';

type Source = DataSource | EntityManager;

/** Index entries a gram's frequency is counted up to: beyond it a gram is "common", whichever. */
const RARITY_CAP = 20000;
/** How many of a search's grams a passage must hold to be tested (the rarest): more add little. */
const INTERSECTED = 3;
/** Grams of a long search whose frequency is asked: evenly spread over the text. */
const SAMPLED = 12;
/** Passages matching one search the index names by ID at most; beyond, the caller scans. */
const MATCHED_PASSAGES_CAP = 20000;
/** IDs per statement that reads passages by ID. */
const IDS_PER_READ = 1000;
/** Characters of passage text per INSERT (far below max_allowed_packet). */
const TEXT_PER_INSERT = 500000;
/** Gram rows per INSERT: about 60 KB. */
const GRAMS_PER_INSERT = 2000;

/** IDs of recent passages: texts repeat (a seed's sentences, a series' paragraphs); hashing is most of a bulk fill's CPU. */
const recentIds = new Map<string, bigint>();
const RECENT_IDS_CAP = 50000;

/** A passage's ID: the first 64 bits of the SHA-256 of its folded text, as a signed BIGINT. */
export function passageId(passage: string): bigint {
  let id = recentIds.get(passage);
  if (id === undefined) {
    id = createHash('sha256').update(passage).digest().readBigInt64BE(0);
    if (recentIds.size >= RECENT_IDS_CAP) recentIds.clear();
    recentIds.set(passage, id);
  }
  return id;
}

export function byKey(a: bigint, b: bigint): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The IDs of these passages that the vocabulary holds. */
async function presentPassages(ids: readonly bigint[], kind: number, db: Source): Promise<Set<string>> {
  const present = new Set<string>();
  for (let start = 0; start < ids.length; start += IDS_PER_READ) {
    const rows = (await db.query(
      `SELECT CAST(id AS CHAR) AS id FROM ${PASSAGES_TABLE} WHERE kind = ${kind} AND id IN (${ids.slice(start, start + IDS_PER_READ).join(',')})`,
    )) as Array<{ id: string }>;
    for (const row of rows) present.add(row.id);
  }
  return present;
}

/**
 * Adds the passages the kind's vocabulary lacks, with their grams, in ID order. `known`: IDs of
 * the kind this process already stored (a bulk fill), not asked again. `turnsIn` (a record's
 * write, its transaction): writers adding one new passage take turns on its `write_locks` row, so
 * that no two of them insert it side by side. Two writers that both found a third one's
 * uncommitted passage held gap locks after it rolled back (a create refused late), and
 * deadlocked inserting it.
 */
export async function storePassages(
  passages: ReadonlyMap<bigint, string>,
  kind: number,
  db: Source,
  options: { known?: Set<string>; turnsIn?: EntityManager } = {},
): Promise<void> {
  const { known, turnsIn } = options;
  kind = Math.trunc(kind);
  const asked = [...passages.keys()].filter((id) => !known?.has(String(id)));
  const missing = await missingPassages(asked, kind, db);
  // Writers of one new passage take turns from here; one stored by the writer before in turn is
  // not looked for again: the INSERT IGNOREs then change nothing, for a round trip less in the
  // usual case, a passage nobody else is writing.
  if (turnsIn)
    await holdWriteLocks(
      missing.map((id) => passageLockName(kind, id)),
      turnsIn,
    );
  await insertPassages(missing, passages, kind, db);
  for (const id of missing) known?.add(String(id));
}

/** New passages of record writes, by transaction and kind, stored just before the commit (storeNotedPassages). */
const notedPassages = new WeakMap<EntityManager, Map<number, Map<bigint, string>>>();

/**
 * Notes passages a record's write needs in the vocabulary; storeNotedPassages adds the missing
 * ones at the end of the transaction. A new passage's row (and its turn on `write_locks`) is
 * then held from there to the commit, not for the rest of the write: writers of records that
 * share a new passage (the first events of a title) wait that long for each other, not for each
 * other's whole write. Nothing reads a passage by ID inside the write that adds it.
 */
export function notePassages(passages: ReadonlyMap<bigint, string>, kind: number, db: EntityManager): void {
  if (passages.size === 0) return;
  const byKind = notedPassages.get(db) ?? new Map<number, Map<bigint, string>>();
  notedPassages.set(db, byKind);
  const noted = byKind.get(Math.trunc(kind)) ?? new Map<bigint, string>();
  byKind.set(Math.trunc(kind), noted);
  for (const [id, text] of passages) noted.set(id, text);
}

/**
 * Stores the passages noted in the transaction of `db` that the vocabulary lacks: every turn on
 * `write_locks` taken in one statement, in bucket order, so that writers never wait for each
 * other in a cycle.
 */
export async function storeNotedPassages(db: EntityManager): Promise<void> {
  const byKind = notedPassages.get(db);
  notedPassages.delete(db);
  if (!byKind) return;
  const missing = new Map<number, bigint[]>();
  for (const [kind, passages] of byKind) missing.set(kind, await missingPassages([...passages.keys()], kind, db));
  await holdWriteLocks(
    [...missing].flatMap(([kind, ids]) => ids.map((id) => passageLockName(kind, id))),
    db,
  );
  for (const [kind, ids] of missing) await insertPassages(ids, byKind.get(kind)!, kind, db);
}

const passageLockName = (kind: number, id: bigint) => `passage:${kind}:${id}`;

/** Of these passage IDs, those the kind's vocabulary lacks, in ID order. */
async function missingPassages(ids: readonly bigint[], kind: number, db: Source): Promise<bigint[]> {
  if (ids.length === 0) return [];
  const asked = [...ids].sort(byKey);
  const present = await presentPassages(asked, kind, db);
  return asked.filter((id) => !present.has(String(id)));
}

/** Inserts these passages (IDs in order) and their grams; IGNORE: another writer may have stored one meanwhile (the same text, by its ID). */
async function insertPassages(missing: readonly bigint[], passages: ReadonlyMap<bigint, string>, kind: number, db: Source): Promise<void> {
  for (let start = 0; start < missing.length; ) {
    const batch: bigint[] = [];
    for (let size = 0; start < missing.length && size < TEXT_PER_INSERT; start++) {
      batch.push(missing[start]);
      size += (passages.get(missing[start]) ?? '').length;
    }
    await db.query(
      `INSERT IGNORE INTO ${PASSAGES_TABLE} (kind, id, text) VALUES ${batch.map((id) => `(${kind}, ${id}, ${mysqlLiteral(passages.get(id))})`).join(',')}`,
    );
  }
  const grams = missing.flatMap((id) => [...recordGrams([passages.get(id) ?? ''])].map((gram): [bigint, bigint] => [gram, id]));
  grams.sort(([a, idA], [b, idB]) => byKey(a, b) || byKey(idA, idB));
  for (let start = 0; start < grams.length; start += GRAMS_PER_INSERT) {
    const values = grams
      .slice(start, start + GRAMS_PER_INSERT)
      .map(([gram, id]) => `(${kind},${gram},${id})`)
      .join(',');
    await db.query(`INSERT IGNORE INTO ${PASSAGE_GRAMS_TABLE} (kind, gram, passage_id) VALUES ${values}`);
  }
}

/**
 * The INTERSECTED rarest of the grams, rarest first: each counted up to RARITY_CAP passages. When
 * there are no more than that, all of them, uncounted: the server orders a join of so few index
 * look-ups by its own estimates (index dives), so the round trip of the counts would buy nothing.
 */
async function rarest(grams: bigint[], kind: number, source: Source): Promise<bigint[]> {
  if (grams.length <= INTERSECTED) return grams;
  const sampled =
    grams.length <= SAMPLED
      ? grams
      : Array.from({ length: SAMPLED }, (_v, i) => grams[Math.round((i * (grams.length - 1)) / (SAMPLED - 1))]);
  const counts = sampled
    .map(
      (gram, i) =>
        `SELECT ${i} AS i, COUNT(1) AS n FROM (SELECT 1 FROM ${PASSAGE_GRAMS_TABLE} WHERE kind = ${kind} AND gram = ${gram} LIMIT ${RARITY_CAP}) c${i}`,
    )
    .join(' UNION ALL ');
  const rows = (await source.query(counts)) as Array<{ i: number | string; n: number | string }>;
  return rows
    .map((row) => ({ gram: sampled[Number(row.i)], n: Number(row.n) }))
    .sort((a, b) => a.n - b.n)
    .slice(0, INTERSECTED)
    .map((row) => row.gram);
}

/** SQL selecting the IDs of the passages that may contain `piece` (its grams), or undefined for one character. */
async function gramCandidates(piece: string, kind: number, source: Source): Promise<string | undefined> {
  const length = characterCount(piece);
  if (length === 2) {
    const [low, high] = twoCharacterRange(piece) ?? [0n, 0n];
    return `SELECT g.passage_id FROM ${PASSAGE_GRAMS_TABLE} g WHERE g.kind = ${kind} AND g.gram BETWEEN ${low} AND ${high}`;
  }
  if (length < 2) return undefined;
  const [first, ...others] = await rarest(termGrams(piece), kind, source);
  const joins = others
    .map(
      (gram, i) =>
        ` INNER JOIN ${PASSAGE_GRAMS_TABLE} g${i + 1} ON g${i + 1}.kind = ${kind} AND g${i + 1}.gram = ${gram} AND g${i + 1}.passage_id = g0.passage_id`,
    )
    .join('');
  return `SELECT g0.passage_id FROM ${PASSAGE_GRAMS_TABLE} g0${joins} WHERE g0.kind = ${kind} AND g0.gram = ${first}`;
}

/**
 * The IDs of the kind's passages that contain `piece` (folded, without passage breaks, two characters
 * or more): the passages holding its rarest grams, each tested with LIKE on its folded text.
 * Undefined when the index cannot say (one character) or more than MATCHED_PASSAGES_CAP match.
 */
export async function matchingPassages(piece: string, kind: number, source: Source): Promise<bigint[] | undefined> {
  kind = Math.trunc(kind);
  const candidates = await gramCandidates(piece, kind, source);
  if (candidates === undefined) return undefined;
  const rows = (await source.query(
    `SELECT CAST(sp.id AS CHAR) AS id FROM ${PASSAGES_TABLE} sp WHERE sp.kind = ${kind} AND sp.id IN (${candidates}) AND sp.text LIKE ? ESCAPE '${LIKE_ESCAPE}' LIMIT ${MATCHED_PASSAGES_CAP + 1}`,
    [containsPattern(piece)],
  )) as Array<{ id: string }>;
  if (rows.length > MATCHED_PASSAGES_CAP) return undefined;
  return rows.map((row) => BigInt(row.id)).sort(byKey);
}
