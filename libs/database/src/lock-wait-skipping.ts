import type { DataSource, EntityManager } from 'typeorm';
import { rowLocksSupported } from './row-locks';

const mariaDbServers = new WeakMap<DataSource, Promise<boolean>>();

/**
 * Whether a statement on the manager's server can be told not to wait for row locks
 * (skippingLockWaits): MariaDB's `SET STATEMENT ... FOR`. MySQL proper and SQLite cannot. Asked
 * once per data source.
 */
export function lockWaitsSkippable(db: EntityManager): Promise<boolean> {
  if (!rowLocksSupported(db)) return Promise.resolve(false);
  const known = mariaDbServers.get(db.connection);
  if (known) return known;
  // On the caller's own connection: a write transaction asking for another one from the pool could
  // wait for ever when every pooled connection is held by writers asking the same.
  const asked = db
    .query('SELECT VERSION() AS version')
    .then((rows: Array<{ version: string }>) => /mariadb/i.test(String(rows[0]?.version)))
    .catch(() => {
      // A failure (a lost connection) is not the answer: the next caller asks again.
      mariaDbServers.delete(db.connection);
      return false;
    });
  mariaDbServers.set(db.connection, asked);
  return asked;
}

/**
 * `sql` as a statement that fails at once (ER_LOCK_WAIT_TIMEOUT, only the statement undone) instead
 * of waiting for a row another transaction holds. Only where lockWaitsSkippable.
 */
export function skippingLockWaits(sql: string): string {
  return `SET STATEMENT innodb_lock_wait_timeout = 0 FOR ${sql}`;
}
