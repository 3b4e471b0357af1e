/** True when a driver error reports a unique-key clash (MySQL ER_DUP_ENTRY, SQLite UNIQUE). */
export function isUniqueViolation(error: unknown): boolean {
  const err = error as { code?: string; errno?: number; driverError?: { code?: string; errno?: number } };
  const code = err?.driverError?.code ?? err?.code;
  const errno = err?.driverError?.errno ?? err?.errno;
  return code === 'ER_DUP_ENTRY' || errno === 1062 || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
