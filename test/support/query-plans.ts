import { DataSource } from 'typeorm';
import { TestApp } from './test-app';

/** A statement the app ran, with its parameters. */
export interface RanStatement {
  sql: string;
  parameters: unknown[];
}

/** The statements the app runs while `work` runs, with their parameters (as events-sql-counter's queriesDuring). */
export async function statementsDuring(t: TestApp, work: () => Promise<unknown>): Promise<RanStatement[]> {
  const spy = jest.spyOn(t.dataSource.logger, 'logQuery');
  try {
    await work();
    return spy.mock.calls.map(([sql, parameters]) => ({ sql, parameters: Array.isArray(parameters) ? parameters : [] }));
  } finally {
    spy.mockRestore();
  }
}

/**
 * Whether the statement reads the events (alias `p`, every subquery over them) from `index` alone,
 * never from the table.
 * The index is named in the statement (MySQL/MariaDB `FORCE INDEX`, SQLite `INDEXED BY`): a test
 * database of a few dozen events says nothing about which index a planner picks at a million
 * events, but whether an index holds every column a statement reads of `p` does not depend on
 * the row count. MySQL/MariaDB: `Using index` (not `Using index condition`, which reads the rows
 * whose index entries pass); SQLite: `COVERING INDEX`.
 */
export async function readsIndexOnly(dataSource: DataSource, statement: RanStatement, index: string): Promise<boolean> {
  const mysql = dataSource.options.type !== 'better-sqlite3';
  const events = mysql ? /FROM `events` `p`( (USE|FORCE) INDEX \(`\w+`\))?/g : /FROM "events" "p"/g;
  if (!statement.sql.match(events)) throw new Error(`no events table aliased p in: ${statement.sql}`);
  const sql = statement.sql.replace(
    events,
    mysql ? `FROM \`events\` \`p\` FORCE INDEX (\`${index}\`)` : `FROM "events" "p" INDEXED BY "${index}"`,
  );
  if (mysql) {
    const rows = (await dataSource.query(`EXPLAIN ${sql}`, statement.parameters)) as Array<{
      table: string;
      key: string | null;
      Extra: string | null;
    }>;
    const own = rows.filter((row) => row.table === 'p');
    return own.length > 0 && own.every((row) => row.key === index && (row.Extra ?? '').split('; ').includes('Using index'));
  }
  const rows = (await dataSource.query(`EXPLAIN QUERY PLAN ${sql}`, statement.parameters)) as Array<{ detail: string }>;
  const own = rows.filter((row) => /^(?:SEARCH|SCAN) p\b/.test(row.detail));
  return own.length > 0 && own.every((row) => row.detail.includes(`USING COVERING INDEX ${index}`));
}
