import { EntityManager, EntityTarget, ObjectLiteral, SelectQueryBuilder } from 'typeorm';

/**
 * Whether `SELECT ... FOR UPDATE / LOCK IN SHARE MODE` exists on the manager's database. MySQL:
 * yes, and write transactions use them to wait for each other per record. SQLite: no, and no need:
 * a write transaction holds the whole file's write lock from its first statement (BEGIN IMMEDIATE).
 */
export function rowLocksSupported(db: EntityManager): boolean {
  return db.connection.options.type !== 'better-sqlite3';
}

/**
 * The raw rows of `qb`, locked in share mode until the transaction ends on MySQL (others may read
 * and share-lock them, not change or delete them). Spelled `LOCK IN SHARE MODE`, which MySQL 8 and
 * MariaDB both accept: TypeORM writes `FOR SHARE` for any server reporting version 8 or later,
 * which MariaDB (10.x, 11.x) does not understand.
 */
export async function rawManyInShareMode<R>(qb: SelectQueryBuilder<ObjectLiteral>, db: EntityManager): Promise<R[]> {
  if (!rowLocksSupported(db)) return qb.getRawMany<R>();
  const [sql, parameters] = qb.getQueryAndParameters();
  return db.query<R[]>(`${sql} LOCK IN SHARE MODE`, parameters);
}

/**
 * Of these IDs of `target`'s rows, those that exist, kept from deletion until the transaction ends
 * (MySQL: in share mode, in ID order, so writers locking several take them in one order).
 */
export async function lockExistingIds(target: EntityTarget<ObjectLiteral>, ids: readonly number[], db: EntityManager): Promise<number[]> {
  if (ids.length === 0) return [];
  const qb = db.createQueryBuilder(target, 'r').select('r.id', 'id').where('r.id IN (:...ids)', { ids }).orderBy('r.id', 'ASC');
  return (await rawManyInShareMode<{ id: number | string }>(qb, db)).map((row) => Number(row.id));
}
