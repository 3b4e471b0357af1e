interface DriverError {
  code?: string;
  errno?: number;
  driverError?: { code?: string; errno?: number };
}

function codes(error: unknown): { code?: string; errno?: number } {
  const err = error as DriverError | undefined;
  return { code: err?.driverError?.code ?? err?.code, errno: err?.driverError?.errno ?? err?.errno };
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

/** Failures a whole unit of work may be run again for: a fresh run reads the winner's rows. */
export function isRetryableConflict(error: unknown): boolean {
  return isUniqueViolation(error) || isDeadlock(error);
}
