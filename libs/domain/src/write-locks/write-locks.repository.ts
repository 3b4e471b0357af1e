import { rowLocksSupported } from '@app/database';
import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';

/** Names share this many rows; two names rarely share one, and then their writers only take turns. */
export const WRITE_LOCK_BUCKETS = 4096;

/** FNV-1a over the UTF-16 code units: a stable, evenly spread bucket for a name. */
export function writeLockBucket(name: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) {
    hash ^= name.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % WRITE_LOCK_BUCKETS;
}

/**
 * A lock on a name that holds across the nodes of a Galera cluster (README, Running on a cluster). `SELECT ... FOR
 * UPDATE` locks only on the node that runs it, and a row that does not exist yet cannot be locked
 * at all; writing a row can: on one server the second writer waits for the first to commit, and on
 * a cluster the transaction that commits second fails certification (a deadlock error) and runs
 * again, now seeing what the first one wrote. Find-or-create uses it, so two nodes creating "the
 * same" venue at once cannot both create it.
 */
@Injectable()
export class WriteLocksRepository {
  /** Holds `name` until the transaction of `db` ends. SQLite: nothing to do, a write transaction holds the whole file. */
  hold(name: string, db: EntityManager): Promise<void> {
    return holdWriteLocks([name], db);
  }
}

/**
 * Holds the rows of all these names until the transaction of `db` ends, in one statement in bucket
 * order, so writers holding several never wait for each other in a cycle. The rows exist (the
 * WriteLockRows migration): a row inserted by two writers at once took gap locks, and they deadlocked.
 */
export async function holdWriteLocks(names: readonly string[], db: EntityManager): Promise<void> {
  if (!rowLocksSupported(db) || names.length === 0) return;
  const buckets = [...new Set(names.map(writeLockBucket))].sort((a, b) => a - b);
  await db.query(
    `INSERT INTO write_locks (id, taken) VALUES ${buckets.map((bucket) => `(${bucket}, 1)`).join(',')} ON DUPLICATE KEY UPDATE taken = taken + 1`,
  );
}
