import { mysqlLiteral, rowLocksSupported } from '@app/database';
import { EntityManager } from 'typeorm';

/** Rows per statement: well below SQLite's bound-parameter limit. */
const CHUNK = 200;
/** Rows per statement on MySQL/MariaDB, written as literals (a seed's transaction upserts thousands of day rows). */
const LITERAL_CHUNK = 2000;

/**
 * Adds to (`add`) or raises to at least (`max`) the `count` of counter rows of `table`, each row its
 * `keys` then the count, inserting missing rows: an atomic upsert on both engines, never a read
 * followed by a write. Rows are written in the order given: callers sort them by key, so that
 * writers of several counter rows take them in one order.
 */
export async function upsertCounters(
  db: EntityManager,
  table: string,
  keys: string[],
  rows: Array<Array<number | string>>,
  mode: 'add' | 'max',
): Promise<void> {
  const update = rowLocksSupported(db)
    ? `ON DUPLICATE KEY UPDATE count = ${mode === 'add' ? 'count + VALUES(count)' : 'GREATEST(count, VALUES(count))'}`
    : `ON CONFLICT (${keys.join(', ')}) DO UPDATE SET count = ${mode === 'add' ? 'count + excluded.count' : 'MAX(count, excluded.count)'}`;
  const columns = [...keys, 'count'];
  if (rowLocksSupported(db)) {
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
