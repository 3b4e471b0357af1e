import { AsyncLocalStorage } from 'node:async_hooks';
import type { EntityManager } from 'typeorm';

/** Work that runs inside every write transaction, after the unit of work and before the commit. */
export type BeforeCommit = (manager: EntityManager) => Promise<void>;

/**
 * A condition the request that started a write puts on it (an `If-Match`, contract §10). It is
 * checked after the unit of work, so the work's own 401, 403 and 404 come first, and before the
 * commit, so a failed condition writes nothing.
 */
export interface WriteCondition {
  /** Runs first in the transaction: what must be known before the work changes anything. */
  begin(manager: EntityManager): Promise<void>;
  /** Throws to roll the transaction back. */
  check(manager: EntityManager): Promise<void>;
}

const conditions = new AsyncLocalStorage<WriteCondition>();

/** Runs `fn` with `condition` on every write transaction it starts. */
export function withWriteCondition<T>(condition: WriteCondition, fn: () => T): T {
  return conditions.run(condition, fn);
}

export function currentWriteCondition(): WriteCondition | undefined {
  return conditions.getStore();
}
