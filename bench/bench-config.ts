/** Settings of one benchmark run, read from the environment and checked before anything starts. */

type BenchMode = 'throughput' | 'latency';
type BenchDbType = 'sqlite' | 'mysql';

export interface MysqlServer {
  host: string;
  port: number;
  user: string;
  password: string;
  /** The server's Unix socket, for the service under test (DB_SOCKET) instead of TCP. */
  socket?: string;
}

/** What the bench's own connections take: the server's TCP address and credentials (the socket is the service's). */
export function tcpConnection(server: MysqlServer): Omit<MysqlServer, 'socket'> {
  const { host, port, user, password } = server;
  return { host, port, user, password };
}

export interface BenchConfig {
  mode: BenchMode;
  db: BenchDbType;
  /** Events to seed (ignored when a database is reused). */
  events: number;
  /** Share of the seeded events that are series (`seed --series`), 0 to 1. */
  series: number;
  /** SQLite file or MySQL database name to use as it is, instead of seeding a new one. */
  reuseDb?: string;
  /** Keep the database this run created (a reused one is always kept). */
  keepDb: boolean;
  durationSeconds: number;
  connections: number;
  /** Seconds without an answer after which autocannon counts a request as timed out. */
  timeoutSeconds: number;
  /** Latency mode: measured requests per kind, after the warm-up. */
  samples: number;
  /** Latency mode: kinds left out, by a part of their name (BENCH_SKIP_KINDS=search,ics). */
  skipKinds: string[];
  /** Where to write every figure as JSON, if anywhere. */
  jsonFile?: string;
  mysql: MysqlServer;
}

function raw(name: string): string | undefined {
  const value = process.env[name];
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

function boundedInteger(name: string, fallback: number, min: number, max: number): number {
  const value = raw(name);
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max) {
    throw new Error(`${name} must be an integer from ${min} to ${max} (got "${value}").`);
  }
  return Number(value);
}

function share(name: string): number {
  const value = raw(name);
  if (value === undefined) return 0;
  if (!/^(?:0|1|0?\.\d+)$/.test(value)) throw new Error(`${name} must be a share from 0 to 1 (got "${value}").`);
  return Number(value);
}

function oneOf<T extends string>(name: string, allowed: readonly T[]): T {
  const value = raw(name)?.toLowerCase() ?? allowed[0];
  if (!(allowed as readonly string[]).includes(value)) {
    throw new Error(`${name} must be one of ${allowed.join(', ')} (got "${value}").`);
  }
  return value as T;
}

function flag(name: string): boolean {
  const value = raw(name)?.toLowerCase();
  if (value === undefined) return false;
  if (['1', 'true', 'yes'].includes(value)) return true;
  if (['0', 'false', 'no'].includes(value)) return false;
  throw new Error(`${name} must be 1 or 0 (got "${value}").`);
}

export function benchConfig(): BenchConfig {
  const db = oneOf<BenchDbType>('BENCH_DB', ['sqlite', 'mysql']);
  const reuseDb = raw('BENCH_REUSE_DB');
  if (db === 'mysql' && reuseDb !== undefined && !/^[\w$]{1,64}$/.test(reuseDb)) {
    throw new Error(`With BENCH_DB=mysql, BENCH_REUSE_DB must be a database name (got "${reuseDb}").`);
  }
  return {
    mode: oneOf<BenchMode>('BENCH_MODE', ['throughput', 'latency']),
    db,
    events: boundedInteger('BENCH_EVENTS', 10_000, 1, 1_000_000),
    series: share('BENCH_SERIES'),
    reuseDb,
    keepDb: flag('BENCH_KEEP_DB'),
    durationSeconds: boundedInteger('BENCH_DURATION', 10, 1, 300),
    connections: boundedInteger('BENCH_CONNECTIONS', 50, 1, 1_000),
    timeoutSeconds: boundedInteger('BENCH_TIMEOUT', 30, 1, 300),
    samples: boundedInteger('BENCH_SAMPLES', 20, 15, 10_000),
    skipKinds: (raw('BENCH_SKIP_KINDS') ?? '')
      .split(',')
      .map((part) => part.trim())
      .filter((part) => part !== ''),
    jsonFile: raw('BENCH_JSON'),
    mysql: {
      host: raw('BENCH_MYSQL_HOST') ?? '127.0.0.1',
      port: boundedInteger('BENCH_MYSQL_PORT', 3306, 1, 65_535),
      user: raw('BENCH_MYSQL_USER') ?? 'root',
      password: process.env.BENCH_MYSQL_PASSWORD ?? '',
      socket: raw('BENCH_MYSQL_SOCKET'),
    },
  };
}
