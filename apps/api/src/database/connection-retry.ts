/** How often start-up tries to reach the database, and how long it waits between tries. */
export const CONNECT_ATTEMPTS = 5;
export const RETRY_DELAY_MS = 2000;

/** Network failures that may pass (a database still starting, a container not up yet). */
const TRANSIENT_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'PROTOCOL_CONNECTION_LOST',
  'ER_CON_COUNT_ERROR',
]);

/** The error code of a driver failure; Node's multi-address connects put theirs on the aggregate. */
export function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * Only these are retried: a wrong password, an unknown database or a failing migration will not
 * mend themselves, so they stop start-up at once.
 */
export function isTransientConnectionError(error: unknown): boolean {
  const code = errorCode(error);
  return code !== undefined && TRANSIENT_CODES.has(code);
}
