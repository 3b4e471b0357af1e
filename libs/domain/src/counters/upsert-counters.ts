import { mysqlLiteral, rowLocksSupported } from '@app/database';
import { EntityManager } from 'typeorm';

/** Rows per statement: well below SQLite's bound-parameter limit. */
const CHUNK = 200;
/** Rows per statement on MySQL/MariaDB, written as literals (a seed's transaction upserts thousands of day rows). */
const LITERAL_CHUNK = 2000;

/**
 * How an upsert changes an existing counter: adds to it, raises it to at least the given count, or
 * raises the rows whose keys match the SQL condition `maxIf` and adds to the others.
 */
export type CounterMode = 'add' | 'max' | { maxIf: string };

/**
 * Changes the `count` of counter rows of `table` as `mode` says, each row its `keys` then the count,
 * inserting missing rows: an atomic upsert on both engines, never a read followed by a write. Rows
 * are written in the order given: callers sort them by key, so that writers of several counter
 * rows take them in one order.
 */
export async function upsertCounters(
  db: EntityManager,
  table: string,
  keys: string[],
  rows: Array<Array<number | string>>,
  mode: CounterMode,
): Promise<void> {
  const mysql = rowLocksSupported(db);
  const [current, given] = mysql ? ['count', 'VALUES(count)'] : ['count', 'excluded.count'];
  const add = `${current} + ${given}`;
  const raise = `${mysql ? 'GREATEST' : 'MAX'}(${current}, ${given})`;
  const change = mode === 'add' ? add : mode === 'max' ? raise : `CASE WHEN ${mode.maxIf} THEN ${raise} ELSE ${add} END`;
  const update = mysql ? `ON DUPLICATE KEY UPDATE count = ${change}` : `ON CONFLICT (${keys.join(', ')}) DO UPDATE SET count = ${change}`;
  const columns = [...keys, 'count'];
  if (mysql) {
    // Literals: the driver's substitution of thousands of `?` is slower than writing them here.
    for (let start = 0; start < rows.length; start += LITERAL_CHUNK) {
      const values = rows.slice(start, start + LITERAL_CHUNK).map((row) => `(${row.map(mysqlLiteral).join(',')})`);
      await db.query(`INSERT INTO ${table} (${columns.join(', ')}) VALUES ${values.join(',')} ${update}`);
    }
    return;
  }
  const tuple = `(${columns.map(() => '?').join(', ')})`;
  for (let start = 0; start < rows.length; start += CHUNK) {
    const chunk = rows.slice(start, start + CHUNK);
    await db.query(`INSERT INTO ${table} (${columns.join(', ')}) VALUES ${chunk.map(() => tuple).join(', ')} ${update}`, chunk.flat());
  }
}
