/** True when MySQL chose this transaction as a deadlock victim (ER_LOCK_DEADLOCK); retrying it is safe. */
export function isDeadlock(error: unknown): boolean {
  const err = error as { code?: string; errno?: number; driverError?: { code?: string; errno?: number } };
  const code = err?.driverError?.code ?? err?.code;
  const errno = err?.driverError?.errno ?? err?.errno;
  return code === 'ER_LOCK_DEADLOCK' || errno === 1213;
}
