import { AsyncLocalStorage } from 'node:async_hooks';
import { randomInt } from 'node:crypto';
import type { EntityManager } from 'typeorm';

/** Work that runs inside every write transaction, after the unit of work and before the commit. */
export type BeforeCommit = (manager: EntityManager) => Promise<void>;

/**
 * A condition the request that started a write puts on it (an `If-Match`, docs/api-rules.md, HTTP caching and preconditions). It is
 * checked after the unit of work, so the work's own 401, 403 and 404 come first, and before the
 * commit, so a failed condition writes nothing.
 */
export interface WriteCondition {
  /** Runs first in the transaction: what must be known before the work changes anything. */
  begin(manager: EntityManager): Promise<void>;
  /** Throws to roll the transaction back. */
  check(manager: EntityManager): Promise<void>;
}

/** Transactions whose before-commit hooks will run (TransactionRunner), by their EntityManager. */
const hookedTransactions = new WeakSet<EntityManager>();

/** Marks the transaction of `manager` as one whose before-commit hooks will run. */
export function markBeforeCommitHooks(manager: EntityManager): void {
  hookedTransactions.add(manager);
}

/** Whether work noted in the transaction of `db` can be left to a before-commit hook. */
export function beforeCommitHooksRun(db: EntityManager): boolean {
  return hookedTransactions.has(db);
}

const conditions = new AsyncLocalStorage<WriteCondition>();

/** Runs `fn` with `condition` on every write transaction it starts. */
export function withWriteCondition<T>(condition: WriteCondition, fn: () => T): T {
  return conditions.run(condition, fn);
}

export function currentWriteCondition(): WriteCondition | undefined {
  return conditions.getStore();
}

const attempts = new AsyncLocalStorage<number>();

/** Runs one attempt of a unit of work (TransactionRunner), so the work can tell a retry. */
export function asWriteAttempt<T>(attempt: number, fn: () => T): T {
  return attempts.run(attempt, fn);
}

/**
 * How many free slugs a write should pass over: 0 on its first two runs; on later ones a random
 * number below the attempt. Writers of one title on several Galera nodes choose the same next
 * slug, and certification lets one of them win each round; a writer that lost twice spreads out
 * instead of queueing for the same suffix again (its slug may skip a number: `title-7`, not `-5`).
 */
export function slugSpreadOnRetry(random: (below: number) => number = randomInt): number {
  const attempt = attempts.getStore() ?? 1;
  return attempt < 3 ? 0 : random(attempt);
}
