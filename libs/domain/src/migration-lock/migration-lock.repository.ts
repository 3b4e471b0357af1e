import { DataSource } from 'typeorm';

const LOCK_ROW = 1;

/**
 * The lock that lets one instance at a time apply migrations on MySQL/MariaDB: one row, taken with
 * a conditional write and given up by its owner or by expiry. A row rather than GET_LOCK, which a
 * Galera cluster does not replicate: there, two nodes taking it at once conflict at commit and one
 * of them loses (certification failure, reported as a deadlock), like two writers of one row.
 * Times come from the database's clock, the one clock every instance shares. Not an entity: it
 * must exist before the migrations run.
 */
export class MigrationLockRepository {
  constructor(private readonly dataSource: DataSource) {}

  async ensureTable(): Promise<void> {
    await this.dataSource.query(
      'CREATE TABLE IF NOT EXISTS migration_lock (id INT NOT NULL PRIMARY KEY, owner VARCHAR(100) NOT NULL, expires_at DATETIME(3) NOT NULL)',
    );
  }

  /** Takes the lock when it is free or expired (or already ours); false when another owner holds it. */
  async tryAcquire(owner: string, ttlSeconds: number): Promise<boolean> {
    const inserted = await this.dataSource.query(
      'INSERT IGNORE INTO migration_lock (id, owner, expires_at) VALUES (?, ?, NOW(3) + INTERVAL ? SECOND)',
      [LOCK_ROW, owner, ttlSeconds],
    );
    if (affectedRows(inserted) === 1) return true;
    const updated = await this.dataSource.query(
      'UPDATE migration_lock SET owner = ?, expires_at = NOW(3) + INTERVAL ? SECOND WHERE id = ? AND (expires_at < NOW(3) OR owner = ?)',
      [owner, ttlSeconds, LOCK_ROW, owner],
    );
    return affectedRows(updated) === 1;
  }

  /** Pushes the expiry of a lock we hold further out; false when it is no longer ours. */
  async renew(owner: string, ttlSeconds: number): Promise<boolean> {
    const updated = await this.dataSource.query(
      'UPDATE migration_lock SET expires_at = NOW(3) + INTERVAL ? SECOND WHERE id = ? AND owner = ?',
      [ttlSeconds, LOCK_ROW, owner],
    );
    return affectedRows(updated) === 1;
  }

  async release(owner: string): Promise<void> {
    await this.dataSource.query('DELETE FROM migration_lock WHERE id = ? AND owner = ?', [LOCK_ROW, owner]);
  }

  /** Who holds the lock now, for the log line of a waiting instance. */
  async holder(): Promise<string | undefined> {
    const rows = await this.dataSource.query<Array<{ owner: string }>>('SELECT owner FROM migration_lock WHERE id = ?', [LOCK_ROW]);
    return rows[0]?.owner;
  }
}

/** mysql2's result header of an INSERT/UPDATE/DELETE, as TypeORM's query() hands it back. */
function affectedRows(result: unknown): number {
  return Number((result as { affectedRows?: number } | undefined)?.affectedRows ?? 0);
}
