interface DriverError {
  code?: unknown;
  errno?: unknown;
  driverError?: { code?: unknown; errno?: unknown };
}

/** Socket and pool failures: the database (or this instance's cluster node) cannot be reached. */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'PROTOCOL_CONNECTION_LOST',
  'PROTOCOL_SEQUENCE_TIMEOUT',
  'POOL_CLOSED',
  'POOL_NOEXIST',
  'POOL_NONEONLINE',
]);

/**
 * Server errors of a node that is up but cannot serve: 1047 (Galera: the node is not ready, e.g.
 * not in the primary component), 1053 (shutting down), 1927 (connection killed), and the client's
 * 2002/2003/2006/2013 (cannot connect, server gone, connection lost).
 */
const UNAVAILABLE_ERRNOS = new Set([1047, 1053, 1927, 2002, 2003, 2006, 2013]);

/**
 * Whether a failure means the database cannot be reached or cannot serve right now: the request
 * answers 503 `rest_unavailable` with Retry-After (never a 500), and will succeed once it is back.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const code = databaseErrorCode(error);
  const err = error as DriverError | undefined;
  const errno = err?.driverError?.errno ?? err?.errno;
  return (typeof code === 'string' && CONNECTION_CODES.has(code)) || (typeof errno === 'number' && UNAVAILABLE_ERRNOS.has(errno));
}

/** The driver's error code (`ECONNREFUSED`, `ER_LOCK_DEADLOCK`), also under TypeORM's QueryFailedError. */
export function databaseErrorCode(error: unknown): unknown {
  const err = error as DriverError | undefined;
  return err?.driverError?.code ?? err?.code;
}
