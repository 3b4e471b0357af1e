import Database from 'better-sqlite3';
import { connectTo, e2eDriver, TestDatabase } from './test-database';

/** A promise a test opens when it decides: pauses the application half-way through a write. */
interface Gate {
  open(): void;
  opened: Promise<void>;
}

export function gate(): Gate {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

/** Waits (in 10 ms steps, at most 10 s) until `condition` holds: for ordering steps, not for measuring time. */
export async function waitUntil(condition: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 1000; i++) {
    if (condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`gave up waiting until ${what}`);
}

/** The error the driver reports when a transaction lost a race a fresh run can win. */
export function lostRaceError(): Error {
  const driverError = e2eDriver() === 'mysql' ? { code: 'ER_LOCK_DEADLOCK', errno: 1213 } : { code: 'SQLITE_BUSY' };
  return Object.assign(new Error('Deadlock found when trying to get lock (forced by the test)'), { driverError });
}

/** A second, independent connection to the test database, as another process would have. */
export interface OtherConnection {
  /** SQLite: the file's write lock (BEGIN IMMEDIATE). MySQL: a transaction holding `table` row `id` FOR UPDATE. */
  lock(table: string, id: number): Promise<void>;
  /** Whether a lock that write transactions take is free right now, asked without waiting. */
  canLockNow(table: string, id: number): Promise<boolean>;
  release(): Promise<void>;
  close(): Promise<void>;
}

export async function otherConnection(database: TestDatabase): Promise<OtherConnection> {
  if (e2eDriver() === 'sqlite') {
    const db = new Database(database.env.DB_PATH, { timeout: 0 });
    return {
      lock: async () => void db.exec('BEGIN IMMEDIATE'),
      canLockNow: async () => {
        try {
          db.exec('BEGIN IMMEDIATE');
          db.exec('ROLLBACK');
          return true;
        } catch (error) {
          if ((error as { code?: string }).code === 'SQLITE_BUSY') return false;
          throw error;
        }
      },
      release: async () => void (db.inTransaction && db.exec('ROLLBACK')),
      close: async () => void db.close(),
    };
  }
  const connection = await connectTo(database);
  return {
    lock: async (table, id) => {
      await connection.query('START TRANSACTION');
      await connection.query(`SELECT id FROM \`${table}\` WHERE id = ? FOR UPDATE`, [id]);
    },
    canLockNow: async (table, id) => {
      await connection.query('START TRANSACTION');
      try {
        await connection.query(`SELECT id FROM \`${table}\` WHERE id = ? FOR UPDATE NOWAIT`, [id]);
        return true;
      } catch (error) {
        if ((error as { errno?: number }).errno === 1205) return false;
        throw error;
      } finally {
        await connection.query('ROLLBACK');
      }
    },
    release: async () => void (await connection.query('ROLLBACK')),
    close: () => connection.end(),
  };
}
