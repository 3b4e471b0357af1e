/** Settings of `npm run test:cluster`, from environment variables (see README.md in this folder). */

export interface ClusterConfig {
  /** Writes of the main load over the three instances. */
  writes: number;
  concurrency: number;
  /** Writes through instances 1 and 2 after node 3 was killed. */
  failoverWrites: number;
  /** Writes over all three instances once instance 3 is ready again (0 skips the phase). */
  recoveryWrites: number;
  /** First SQL port tried for the nodes (then + 10, + 20, ... when taken). */
  basePort: number;
  /** Instance 3 must be ready this long after its node is Synced again (30 s, README, Running on a cluster). */
  recoveryLimitMs: number;
  requestTimeoutMs: number;
  /**
   * One list prober per instance alongside the writes, for the dirty-read check of
   * test:concurrency (off by default: on a 2-core machine they cost a fifth of the run).
   */
  probers: boolean;
  /** Keep the log folder even when every check passed. */
  keepLogs: boolean;
  /** Series writes in the mix (CLUSTER_SERIES, default on; `0` leaves them out, for a comparison). */
  series: boolean;
}

function integer(name: string, fallback: number, min: number, max: number): number {
  const raw = process.env[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new Error(`${name} must be an integer from ${min} to ${max} (got "${raw}").`);
  }
  return Number(raw);
}

export function loadClusterConfig(): ClusterConfig {
  return {
    writes: integer('CLUSTER_WRITES', 3000, 1, 1_000_000),
    concurrency: integer('CLUSTER_CONCURRENCY', 60, 1, 1_000),
    failoverWrites: integer('CLUSTER_FAILOVER_WRITES', 600, 1, 1_000_000),
    recoveryWrites: integer('CLUSTER_RECOVERY_WRITES', 300, 0, 1_000_000),
    basePort: integer('CLUSTER_BASE_PORT', 3311, 1024, 62_000),
    recoveryLimitMs: integer('CLUSTER_RECOVERY_LIMIT_S', 30, 1, 600) * 1000,
    requestTimeoutMs: integer('CLUSTER_REQUEST_TIMEOUT_MS', 30_000, 1_000, 600_000),
    probers: process.env.CLUSTER_PROBERS === '1',
    keepLogs: process.env.CLUSTER_KEEP === '1',
    series: process.env.CLUSTER_SERIES !== '0',
  };
}
