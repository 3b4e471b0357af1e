/**
 * The one retry policy of write transactions (TransactionRunner). A unit of work that lost a race
 * (see conflictKind) runs again whole, in a new transaction, after a random pause that grows with
 * each attempt ("full jitter": writers that collided spread out instead of colliding again).
 */
export const RETRY_POLICY = {
  /** Runs of one unit of work at most; then the request answers 503. */
  maxAttempts: 16,
  /**
   * No new run starts this long after the first one began. Lock waits and, on a Galera cluster,
   * replication to every node make runs slow on a busy machine: a cluster under 60 concurrent
   * writers on two cores took up to 3 s a run, and 8 s ran out after three runs. Clients commonly
   * wait 30 s; a write answered within 20 s still beats a 503 and a client's own retry.
   */
  maxTotalMs: 20_000,
  /**
   * Upper bound of the first pause; it doubles with each attempt up to maxDelayMs. Writers of one
   * popular title on three Galera nodes pick the same next slug and certification lets one win a
   * round: a cap of 400 ms let 2 of 1,500 such creates lose ten rounds in a row, a wider one spreads them.
   */
  baseDelayMs: 10,
  maxDelayMs: 1_000,
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
