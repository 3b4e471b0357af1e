import { DataSource, EntityManager, ObjectLiteral, SelectQueryBuilder } from 'typeorm';

/**
 * Several single-value queries (counts, sums) answered by one statement: `SELECT (q0) AS v0,
 * (q1) AS v1, …`. Each keeps its own plan (a scalar subquery is planned alone); the statement saves
 * the round trips, which on a database server cost more than the counts themselves.
 */
export async function selectScalars(db: DataSource | EntityManager, queries: Array<SelectQueryBuilder<ObjectLiteral>>): Promise<number[]> {
  const parts = queries.map((query) => query.getQueryAndParameters());
  const rows: Array<Record<string, unknown>> = await db.query(
    `SELECT ${parts.map(([sql], i) => `(${sql}) AS v${i}`).join(', ')}`,
    parts.flatMap(([, parameters]) => parameters),
  );
  return parts.map((_part, i) => Number(rows[0]?.[`v${i}`] ?? 0));
}

/**
 * Single-value queries that each read many index entries, run side by side: on a database server
 * each in its own statement on its own pooled connection, so that they use several cores and the
 * answer waits for the longest, not for their sum (a server runs one statement on one core). On
 * SQLite, with its one connection, as one statement (selectScalars).
 *
 * The statements may read states a concurrent commit apart, as a list's page and its total
 * already may: each part is exact for the moment it ran.
 */
export async function selectScalarsSideBySide(db: DataSource, queries: Array<SelectQueryBuilder<ObjectLiteral>>): Promise<number[]> {
  if (db.options.type === 'better-sqlite3' || queries.length < 2) return selectScalars(db, queries);
  return Promise.all(queries.map(async (query) => (await selectScalars(db, [query]))[0]));
}
