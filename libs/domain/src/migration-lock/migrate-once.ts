import { isDeadlock, runSqliteWriteTransaction, sleep, SqliteWriteLockTimeoutError } from '@app/database';
import { DataSource, MigrationExecutor } from 'typeorm';
import { newLeaseHolder } from '../leases/lease-holder';
import { MigrationLockRepository } from './migration-lock.repository';

/** The lock expires this long after its holder's last sign of life (a killed holder frees it by expiry). */
const LOCK_TTL_SECONDS = 30;
const HEARTBEAT_MS = (LOCK_TTL_SECONDS * 1000) / 3;
/** An instance gives up waiting for another one's migrations after this long. */
const WAIT_LIMIT_MS = 10 * 60_000;

interface MigrationLog {
  log(message: string): void;
}

/**
 * Applies the pending migrations exactly once however many instances start together: one takes
 * the lock and migrates, the others wait for it and then find nothing left to do. Returns the
 * names of the migrations this call applied. SQLite: every migration in one BEGIN IMMEDIATE
 * transaction (SQLite's DDL is transactional, so a crash leaves all or nothing). MySQL: a lock row
 * (MigrationLockRepository), then each migration in its own transaction as before (MySQL commits
 * DDL at once; a migration cut off half-way must be finished by hand).
 */
export async function migrateOnce(dataSource: DataSource, log?: MigrationLog): Promise<string[]> {
  return dataSource.options.type === 'better-sqlite3' ? migrateSqlite(dataSource, log) : migrateMysql(dataSource, log);
}

async function migrateSqlite(dataSource: DataSource, log?: MigrationLog): Promise<string[]> {
  const deadline = Date.now() + WAIT_LIMIT_MS;
  for (let waited = false; ; waited = true) {
    try {
      const applied = await runSqliteWriteTransaction(dataSource, (manager) => {
        const executor = new MigrationExecutor(dataSource, manager.queryRunner);
        // The transaction is already open: 'all' runs the migrations inside it.
        executor.transaction = 'all';
        return executor.executePendingMigrations();
      });
      return applied.map((migration) => migration.name);
    } catch (error) {
      if (!(error instanceof SqliteWriteLockTimeoutError) || Date.now() > deadline) throw error;
      if (!waited) log?.log('Another process is writing to the database file; waiting to apply migrations');
    }
  }
}

async function migrateMysql(dataSource: DataSource, log?: MigrationLog): Promise<string[]> {
  const lock = new MigrationLockRepository(dataSource);
  await lock.ensureTable();
  const owner = newLeaseHolder();
  const deadline = Date.now() + WAIT_LIMIT_MS;
  let announced = false;
  while (!(await acquired(lock, owner))) {
    if (Date.now() > deadline) throw new Error(`Gave up waiting for ${(await lock.holder()) ?? 'another instance'} to apply migrations`);
    if (!announced) log?.log(`Waiting for ${(await lock.holder()) ?? 'another instance'} to apply migrations`);
    announced = true;
    await sleep(200 + Math.floor(Math.random() * 300));
  }
  const heartbeat = setInterval(() => void lock.renew(owner, LOCK_TTL_SECONDS).catch(() => undefined), HEARTBEAT_MS);
  try {
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    return applied.map((migration) => migration.name);
  } finally {
    clearInterval(heartbeat);
    await lock.release(owner).catch(() => undefined);
  }
}

async function acquired(lock: MigrationLockRepository, owner: string): Promise<boolean> {
  try {
    return await lock.tryAcquire(owner, LOCK_TTL_SECONDS);
  } catch (error) {
    // On a Galera cluster, two nodes taking the lock at once: one loses at commit.
    if (isDeadlock(error)) return false;
    throw error;
  }
}
