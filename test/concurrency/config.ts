/** Settings of one concurrency run, from environment variables (see README.md in this folder). */
import type { DbKind, MysqlServer } from '../load/database';

export type { DbKind };
type Fault = 'kill' | 'sigterm';

export interface RunConfig {
  databases: DbKind[];
  /** Requests of the main load phase (at least 2,000 by the issue; default 2,400). */
  requests: number;
  /** Requests of each fault phase (kill -9, SIGTERM). */
  faultRequests: number;
  workers: number;
  /** MySQL: deadlocks InnoDB may detect during a phase (a lock-order fault shows as many). */
  maxDeadlocks: number;
  faults: Fault[];
  /** Events the CLI seeds alongside the main load (SQLite only; 0 disables it). */
  seedEvents: number;
  /** Start both instances on the fresh database at the same moment (default) or A first, then B. */
  startTogether: boolean;
  shutdownTimeoutMs: number;
  /** Allowed on top of SHUTDOWN_TIMEOUT_MS for the process to exit after SIGTERM. */
  shutdownMarginMs: number;
  requestTimeoutMs: number;
  mysql: MysqlServer;
  /** Keep the temporary folder (logs, SQLite file) even when every check passed. */
  keepTemp: boolean;
}

function integer(name: string, fallback: number, min: number, max: number): number {
  const raw = process.env[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new Error(`${name} must be an integer from ${min} to ${max} (got "${raw}").`);
  }
  return Number(raw);
}

function databases(): DbKind[] {
  const raw = (process.env.CONCURRENCY_DB ?? 'both').trim().toLowerCase() || 'both';
  if (raw === 'both') return ['sqlite', 'mysql'];
  if (raw === 'sqlite' || raw === 'mysql') return [raw];
  throw new Error(`CONCURRENCY_DB must be sqlite, mysql or both (got "${raw}").`);
}

function faults(): Fault[] {
  const raw = (process.env.CONCURRENCY_FAULTS ?? 'kill,sigterm').trim().toLowerCase();
  if (raw === 'none' || raw === '') return [];
  const list = raw.split(',').map((item) => item.trim());
  for (const item of list) {
    if (item !== 'kill' && item !== 'sigterm')
      throw new Error(`CONCURRENCY_FAULTS takes kill, sigterm (comma-separated) or none (got "${raw}").`);
  }
  return (['kill', 'sigterm'] as const).filter((fault) => list.includes(fault));
}

function startMode(): boolean {
  const raw = (process.env.CONCURRENCY_START ?? 'together').trim().toLowerCase();
  if (raw === 'together' || raw === '') return true;
  if (raw === 'sequential') return false;
  throw new Error(`CONCURRENCY_START must be together or sequential (got "${raw}").`);
}

export function loadRunConfig(): RunConfig {
  const requests = integer('CONCURRENCY_REQUESTS', 2400, 1, 1_000_000);
  return {
    databases: databases(),
    requests,
    faultRequests: integer('CONCURRENCY_FAULT_REQUESTS', 600, 20, 1_000_000),
    workers: integer('CONCURRENCY_WORKERS', 100, 1, 1_000),
    maxDeadlocks: integer('CONCURRENCY_MAX_DEADLOCKS', 3, 0, 1_000_000),
    faults: faults(),
    seedEvents: integer('CONCURRENCY_SEED_EVENTS', 2000, 0, 1_000_000),
    startTogether: startMode(),
    shutdownTimeoutMs: integer('SHUTDOWN_TIMEOUT_MS', 10_000, 1, 600_000),
    shutdownMarginMs: integer('CONCURRENCY_SHUTDOWN_MARGIN_MS', 5_000, 0, 600_000),
    requestTimeoutMs: integer('CONCURRENCY_REQUEST_TIMEOUT_MS', 30_000, 1_000, 600_000),
    mysql: {
      host: process.env.CONCURRENCY_MYSQL_HOST ?? '127.0.0.1',
      port: integer('CONCURRENCY_MYSQL_PORT', 3306, 1, 65_535),
      user: process.env.CONCURRENCY_MYSQL_USER ?? 'root',
      password: process.env.CONCURRENCY_MYSQL_PASSWORD ?? '',
      socket: process.env.CONCURRENCY_MYSQL_SOCKET || undefined,
    },
    keepTemp: process.env.CONCURRENCY_KEEP === '1',
  };
}
