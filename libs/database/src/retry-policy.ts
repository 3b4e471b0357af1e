/**
 * The one retry policy of write transactions (TransactionRunner). A unit of work that lost a race
 * (see conflictKind) runs again whole, in a new transaction, after a random pause that grows with
 * each attempt ("full jitter": writers that collided spread out instead of colliding again).
 */
export const RETRY_POLICY = {
  /** Runs of one unit of work at most; then the request answers 503. */
  maxAttempts: 8,
  /** No new run starts this long after the first one began (lock waits can make runs slow). */
  maxTotalMs: 8_000,
  /** Upper bound of the first pause; it doubles with each attempt up to maxDelayMs. */
  baseDelayMs: 10,
  maxDelayMs: 400,
  /** What the 503's Retry-After tells the client. */
  retryAfterSeconds: 1,
  /** MySQL: how long a statement waits for a row lock (session innodb_lock_wait_timeout). */
  lockWaitTimeoutSeconds: 5,
  /**
   * SQLite: how long a write transaction waits for the file's write lock (another process is
   * writing). Waited asynchronously in short polls, so the event loop never blocks.
   */
  sqliteWriteLockWaitMs: 5_000,
} as const;

/** The pause before attempt `attempt + 1`: uniformly random below min(maxDelayMs, baseDelayMs · 2^(attempt-1)). */
export function retryDelayMs(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(RETRY_POLICY.maxDelayMs, RETRY_POLICY.baseDelayMs * 2 ** Math.max(0, attempt - 1));
  return Math.floor(random() * ceiling);
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
