import { EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';

/**
 * Whether `SELECT ... FOR UPDATE / LOCK IN SHARE MODE` exists on the manager's database. MySQL:
 * yes, and write transactions use them to wait for each other per record. SQLite: no, and no need:
 * a write transaction holds the whole file's write lock from its first statement (BEGIN IMMEDIATE).
 */
export function rowLocksSupported(db: EntityManager): boolean {
  return db.connection.options.type !== 'better-sqlite3';
}

/**
 * Of these IDs of `target`'s rows, those that exist, kept from deletion until the transaction ends
 * (MySQL: in share mode, in ID order, so writers locking several take them in one order).
 * Spelled `LOCK IN SHARE MODE`, which MySQL 8 and MariaDB both accept: TypeORM writes `FOR SHARE`
 * for any server reporting version 8 or later, which MariaDB (10.x, 11.x) does not understand.
 */
export async function lockExistingIds(target: EntityTarget<ObjectLiteral>, ids: readonly number[], db: EntityManager): Promise<number[]> {
  if (ids.length === 0) return [];
  // Written here, not by a query builder: every write locks its links this way, and building the
  // statement cost more than running it.
  const metadata = db.connection.getMetadata(target);
  // A child entity shares its table with its siblings: its rows would need its type's condition.
  if (metadata.parentEntityMetadata) throw new Error(`lockExistingIds takes a table's own entity, not ${metadata.name}`);
  const table = db.connection.driver.escape(metadata.tableName);
  const list = ids.map((id) => Math.trunc(id)).join(', ');
  const sql = `SELECT id FROM ${table} WHERE id IN (${list}) ORDER BY id ASC${rowLocksSupported(db) ? ' LOCK IN SHARE MODE' : ''}`;
  return ((await db.query(sql)) as Array<{ id: number | string }>).map((row) => Number(row.id));
}
