import { Errors } from '@app/common/errors/errors';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource, EntityManager, QueryRunner } from 'typeorm';
import { commitOrRollBack } from './commit-or-roll-back';
import { readCommittedSessions } from './cluster-aware-mysql';
import { conflictKind } from './conflicts';
import { RETRY_POLICY, retryDelayMs, sleep } from './retry-policy';
import { runSqliteWriteTransaction, SqliteWriteLockTimeoutError } from './sqlite-write-transaction';
import { WRITE_DATA_SOURCE } from './write-data-source';
import { asWriteAttempt, BeforeCommit, currentWriteCondition, markBeforeCommitHooks } from './write-hooks';
import { holdWriteLane } from './write-slot';

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Runs every write as one unit of work in one transaction, and runs it again whole, in a new
 * transaction, when it lost a race a fresh run can win (conflictKind: deadlock, lock wait timeout,
 * busy SQLite file, unique key taken first, stale read), after a jittered pause, at most
 * RETRY_POLICY.maxAttempts times. When the tries run out the request answers 503
 * `rest_unavailable` with Retry-After, never 500.
 *
 * MySQL: READ COMMITTED (each statement sees what others committed; no gap locks, so writers of
 * different records do not block each other; uniqueness is kept by unique indexes and row locks),
 * and a session lock wait timeout of a few seconds. SQLite: the writes of this process are queued
 * on the write connection (one transaction at a time), each begins with BEGIN IMMEDIATE (the file's
 * write lock is taken first, so several processes on one file wait for each other instead of failing).
 */
@Injectable()
export class TransactionRunner {
  private readonly logger = new Logger('Transactions');
  private queue: Promise<unknown> = Promise.resolve();
  /** MySQL connections of the pool whose session settings are made. */
  private readonly preparedSessions = new WeakSet<object>();
  private readonly beforeCommitHooks: BeforeCommit[] = [];

  constructor(@Inject(WRITE_DATA_SOURCE) private readonly dataSource: DataSource) {}

  private get isSqlite(): boolean {
    return this.dataSource.options.type === 'better-sqlite3';
  }

  /** Work every write transaction ends with (the data version's bump), in the order added. */
  addBeforeCommit(hook: BeforeCommit): void {
    this.beforeCommitHooks.push(hook);
  }

  /**
   * `contentUnchanged`: the work changes nothing a read answers (a token's last use), so the
   * before-commit hooks do not run and no cached answer is made stale by it.
   */
  async run<T>(work: (manager: EntityManager) => Promise<T>, options: { contentUnchanged?: boolean } = {}): Promise<T> {
    const started = Date.now();
    const whole = options.contentUnchanged ? work : this.withHooks(work);
    for (let attempt = 1; ; attempt++) {
      try {
        return await asWriteAttempt(attempt, () => this.once(whole));
      } catch (error) {
        const kind = conflictKind(error);
        if (error instanceof SqliteWriteLockTimeoutError) throw this.givenUp(error, attempt);
        if (kind === undefined) throw error;
        const pause = retryDelayMs(attempt);
        if (attempt >= RETRY_POLICY.maxAttempts || Date.now() + pause - started > RETRY_POLICY.maxTotalMs)
          throw this.givenUp(error, attempt);
        this.logger.debug(`attempt ${attempt} lost a race (${kind}: ${errorText(error)}); running it again in ${pause} ms`);
        await sleep(pause);
      }
    }
  }

  /** The unit of work with the request's write condition around it and the commit hooks after it. */
  private withHooks<T>(work: (manager: EntityManager) => Promise<T>): (manager: EntityManager) => Promise<T> {
    const condition = currentWriteCondition();
    return async (manager) => {
      markBeforeCommitHooks(manager);
      await condition?.begin(manager);
      const result = await work(manager);
      await condition?.check(manager);
      for (const hook of this.beforeCommitHooks) await hook(manager);
      return result;
    };
  }

  private givenUp(error: unknown, attempts: number): Error {
    this.logger.warn(`a write gave up after ${attempts} attempt(s), answering 503: ${errorText(error)}`);
    const unavailable = Errors.unavailable(RETRY_POLICY.retryAfterSeconds);
    unavailable.cause = error;
    return unavailable;
  }

  private once<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    if (!this.isSqlite) return this.mysqlTransaction(work);
    const next = this.queue.then(() => runSqliteWriteTransaction(this.dataSource, work));
    this.queue = next.catch(() => undefined);
    return next;
  }

  private async mysqlTransaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    const runner = this.dataSource.createQueryRunner('master');
    const releaseLane = holdWriteLane(runner.manager);
    try {
      const connection = await this.prepareSession(runner);
      // The pool sets READ COMMITTED once per connection (cluster-aware-mysql.ts); otherwise per transaction.
      await runner.startTransaction(readCommittedSessions.has(connection) ? undefined : 'READ COMMITTED');
      return await commitOrRollBack(runner, work, () => runner.isTransactionActive);
    } finally {
      releaseLane();
      await runner.release();
    }
  }

  /** The runner's connection, its session settings made. */
  private async prepareSession(runner: QueryRunner): Promise<object> {
    const connection = (await runner.connect()) as object;
    if (this.preparedSessions.has(connection)) return connection;
    await runner.query(`SET SESSION innodb_lock_wait_timeout = ${RETRY_POLICY.lockWaitTimeoutSeconds}`);
    this.preparedSessions.add(connection);
    return connection;
  }
}
