interface DriverError {
  code?: string;
  errno?: number;
  driverError?: { code?: string; errno?: number };
}

function codes(error: unknown): { code?: string; errno?: number } {
  const err = error as DriverError | undefined;
  return { code: err?.driverError?.code ?? err?.code, errno: err?.driverError?.errno ?? err?.errno };
}

/**
 * A write found that what it read has changed under it (e.g. a record it links to was deleted
 * between the lookup and the lock): a fresh run of the unit of work decides again.
 */
export class StaleReadError extends Error {
  constructor(what: string) {
    super(`Concurrent change: ${what}`);
    this.name = 'StaleReadError';
  }
}

/** A unique-key clash (MySQL ER_DUP_ENTRY, SQLite UNIQUE or PRIMARY KEY). */
export function isUniqueViolation(error: unknown): boolean {
  const { code, errno } = codes(error);
  return code === 'ER_DUP_ENTRY' || errno === 1062 || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** MySQL chose this transaction as a deadlock victim (ER_LOCK_DEADLOCK); Galera reports lost certification the same way. */
export function isDeadlock(error: unknown): boolean {
  const { code, errno } = codes(error);
  return code === 'ER_LOCK_DEADLOCK' || errno === 1213;
}

/** InnoDB gave up waiting for a row lock (ER_LOCK_WAIT_TIMEOUT); only the statement was undone. */
export function isLockWaitTimeout(error: unknown): boolean {
  const { code, errno } = codes(error);
  return code === 'ER_LOCK_WAIT_TIMEOUT' || errno === 1205;
}

/** SQLite could not get a lock: another connection (or process) is writing (SQLITE_BUSY and its extended codes). */
export function isSqliteBusy(error: unknown): boolean {
  const { code } = codes(error);
  return code !== undefined && (code.startsWith('SQLITE_BUSY') || code === 'SQLITE_LOCKED');
}

type ConflictKind = 'deadlock' | 'lock-timeout' | 'busy' | 'unique' | 'stale';

/**
 * Why a unit of work lost a race, when a fresh run of it can succeed: a deadlock or a lock wait
 * that timed out (the other writer finishes meanwhile), a busy SQLite file, a unique key another
 * writer took first (the fresh run reads the winner's row), a stale read. Undefined otherwise.
 */
export function conflictKind(error: unknown): ConflictKind | undefined {
  if (error instanceof StaleReadError) return 'stale';
  if (isDeadlock(error)) return 'deadlock';
  if (isLockWaitTimeout(error)) return 'lock-timeout';
  if (isSqliteBusy(error)) return 'busy';
  if (isUniqueViolation(error)) return 'unique';
  return undefined;
}
