import { DataSource, EntityManager, QueryRunner } from 'typeorm';
import { commitOrRollBack } from './commit-or-roll-back';
import { isSqliteBusy } from './conflicts';
import { RETRY_POLICY, sleep } from './retry-policy';

/** The part of better-sqlite3's Database handle used here. */
interface SqliteHandle {
  exec(sql: string): unknown;
  readonly inTransaction: boolean;
}

/** What TypeORM's query runner records about an open transaction (protected in its typings). */
interface TransactionBookkeeping {
  isTransactionActive: boolean;
  transactionDepth: number;
}

/** Another process held the SQLite write lock for longer than RETRY_POLICY.sqliteWriteLockWaitMs. */
export class SqliteWriteLockTimeoutError extends Error {
  constructor(readonly waitedMs: number) {
    super(`The SQLite file stayed locked by another writer for ${waitedMs} ms`);
    this.name = 'SqliteWriteLockTimeoutError';
  }
}

/**
 * Takes the file's write lock with `BEGIN IMMEDIATE`, so a write transaction never starts as a
 * reader and fails later when it tries to write (a deferred BEGIN upgraded under another process's
 * write gets SQLITE_BUSY at once; the busy timeout does not cover that). The connection's own busy
 * timeout is 0: while another process writes, the wait is a loop of short asynchronous pauses, so
 * this process keeps serving reads instead of blocking inside SQLite's busy handler.
 */
async function beginImmediate(handle: SqliteHandle): Promise<void> {
  const started = Date.now();
  for (let poll = 1; ; poll++) {
    try {
      handle.exec('BEGIN IMMEDIATE');
      return;
    } catch (error) {
      if (!isSqliteBusy(error)) throw error;
      const waited = Date.now() - started;
      if (waited >= RETRY_POLICY.sqliteWriteLockWaitMs) throw new SqliteWriteLockTimeoutError(waited);
      await sleep(1 + Math.floor(Math.random() * Math.min(20, poll)));
    }
  }
}

/**
 * Runs `work` in one `BEGIN IMMEDIATE` transaction on the DataSource's single connection. The
 * caller makes sure no other transaction is open on it (TransactionRunner queues them). TypeORM's
 * query runner is told a transaction is open, so `save()` does not open one of its own, and its
 * commit/rollback end it.
 */
export async function runSqliteWriteTransaction<T>(dataSource: DataSource, work: (manager: EntityManager) => Promise<T>): Promise<T> {
  const runner: QueryRunner = dataSource.createQueryRunner();
  const handle = (await runner.connect()) as SqliteHandle;
  const bookkeeping = runner as unknown as TransactionBookkeeping;
  // A transaction left open by a failed rollback must not swallow this one.
  if (handle.inTransaction) handle.exec('ROLLBACK');
  await beginImmediate(handle);
  bookkeeping.isTransactionActive = true;
  bookkeeping.transactionDepth = 1;
  try {
    return await commitOrRollBack(runner, work, () => handle.inTransaction);
  } finally {
    bookkeeping.isTransactionActive = false;
    bookkeeping.transactionDepth = 0;
    await runner.release();
  }
}
