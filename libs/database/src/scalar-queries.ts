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
