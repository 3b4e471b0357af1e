/**
 * The database a run measures: a new temporary one seeded with the built CLI, or one given by
 * BENCH_REUSE_DB and used as it is. A new one is removed at the end unless BENCH_KEEP_DB=1.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createConnection } from 'mysql2/promise';
import { BenchConfig, tcpConnection } from './bench-config';
import { onCleanup, stopChild } from './cleanup';

const ROOT = join(__dirname, '..');
/** Seeding a million events takes minutes today; an hour means something is stuck. */
const SEED_TIMEOUT_MS = 3_600_000;

export interface BenchDatabase {
  type: 'sqlite' | 'mysql';
  /** SQLite file or MySQL database name. */
  location: string;
  /** The server's version (MySQL) or the SQLite library's. */
  description: string;
  reused: boolean;
  /** Environment for the service and the CLI (DB_*). */
  env: Record<string, string>;
  seed?: SeedResult;
}

interface SeedResult {
  events: number;
  /** Wall time of the CLI process, start-up and migrations included. */
  wallMs: number;
  /** The CLI's own figure (`ms` of its JSON line). */
  cliMs?: number;
  output: string;
}

/** Creates (and seeds, unless `seed` is false) or opens the database; registers its removal unless it is kept. */
export async function prepareDatabase(config: BenchConfig, options: { seed?: boolean } = {}): Promise<BenchDatabase> {
  const database = config.db === 'sqlite' ? prepareSqlite(config) : await prepareMysql(config);
  if (!database.reused && options.seed !== false) {
    console.log(`Seeding ${config.events.toLocaleString('en')} events into ${database.location} ...`);
    database.seed = await seed(database.env, config.events, config.series);
    console.log(
      `  seeded in ${(database.seed.wallMs / 1000).toFixed(1)} s (CLI process; the CLI reports ${database.seed.cliMs ?? '?'} ms): ${database.seed.output}`,
    );
  }
  return database;
}

function prepareSqlite(config: BenchConfig): BenchDatabase {
  const description = 'SQLite (better-sqlite3)';
  if (config.reuseDb !== undefined) {
    const path = resolve(config.reuseDb);
    if (!existsSync(path)) throw new Error(`BENCH_REUSE_DB: no SQLite file at ${path}.`);
    return { type: 'sqlite', location: path, description, reused: true, env: { DB_TYPE: 'sqlite', DB_PATH: path } };
  }
  const dir = mkdtempSync(join(tmpdir(), 'calendar-bench-'));
  const path = join(dir, 'calendar.sqlite');
  onCleanup('the SQLite database', () => {
    if (config.keepDb) console.log(`Kept the database: BENCH_REUSE_DB=${path}`);
    else rmSync(dir, { recursive: true, force: true });
  });
  return { type: 'sqlite', location: path, description, reused: false, env: { DB_TYPE: 'sqlite', DB_PATH: path } };
}

async function prepareMysql(config: BenchConfig): Promise<BenchDatabase> {
  const server = tcpConnection(config.mysql);
  const { socket } = config.mysql;
  const connection = await createConnection({ ...server }).catch((error: Error) => {
    throw new Error(`Cannot connect to MySQL/MariaDB at ${server.host}:${server.port} as ${server.user}: ${error.message}`);
  });
  try {
    const [[{ version }]] = (await connection.query('SELECT VERSION() AS version')) as unknown as [[{ version: string }]];
    const env = (name: string) => ({
      DB_TYPE: 'mysql',
      DB_HOST: server.host,
      DB_PORT: String(server.port),
      DB_USER: server.user,
      DB_PASSWORD: server.password,
      DB_NAME: name,
      ...(socket ? { DB_SOCKET: socket } : {}),
    });
    const description = `${version.includes('MariaDB') ? 'MariaDB' : 'MySQL'} ${version}`;
    if (config.reuseDb !== undefined) {
      const [rows] = (await connection.query('SHOW DATABASES LIKE ?', [config.reuseDb])) as unknown as [unknown[]];
      if (rows.length === 0) throw new Error(`BENCH_REUSE_DB: no database "${config.reuseDb}" on ${server.host}:${server.port}.`);
      return { type: 'mysql', location: config.reuseDb, description, reused: true, env: env(config.reuseDb) };
    }
    const name = `bench_${randomBytes(5).toString('hex')}`;
    await connection.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    onCleanup(`dropping the database ${name}`, async () => {
      if (config.keepDb) {
        console.log(`Kept the database: BENCH_DB=mysql BENCH_REUSE_DB=${name} (on ${server.host}:${server.port})`);
        return;
      }
      const c = await createConnection({ ...server });
      await c.query(`DROP DATABASE IF EXISTS \`${name}\``);
      await c.end();
    });
    return { type: 'mysql', location: name, description, reused: false, env: env(name) };
  } finally {
    await connection.end();
  }
}

/**
 * MySQL/MariaDB: the InnoDB buffer pool beside the database's tables and indexes, in MB. A
 * search's total looks up every match in an index: once the tables outgrow the pool, those
 * look-ups read pages from disk, and latencies measure the server's memory, not the service.
 */
export async function mysqlMemory(config: BenchConfig, database: BenchDatabase): Promise<string | undefined> {
  if (database.type !== 'mysql') return undefined;
  const connection = await createConnection(tcpConnection(config.mysql));
  try {
    const [[row]] = (await connection.query(
      `SELECT @@innodb_buffer_pool_size AS pool, (SELECT COALESCE(SUM(data_length + index_length), 0) FROM information_schema.tables WHERE table_schema = ?) AS size`,
      [database.location],
    )) as unknown as [[{ pool: number | string; size: number | string }]];
    const mb = (bytes: number | string) => `${Math.round(Number(bytes) / 1048576).toLocaleString('en')} MB`;
    return `InnoDB buffer pool ${mb(row.pool)}, this database's tables and indexes ${mb(row.size)}`;
  } finally {
    await connection.end();
  }
}

/** `node dist/apps/cli/src/main.js seed --events N [--series share]` against the database. */
export async function seed(dbEnv: Record<string, string>, events: number, series = 0): Promise<SeedResult> {
  const started = Date.now();
  const args = ['seed', '--events', String(events), ...(series > 0 ? ['--series', String(series)] : [])];
  const child = spawn(process.execPath, [join(ROOT, 'dist/apps/cli/src/main.js'), ...args], {
    cwd: ROOT,
    env: { ...process.env, ...dbEnv, SITE_TIMEZONE: 'UTC', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const unregister = onCleanup('the seeding CLI', () => stopChild(child, 2_000));
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4_000)));
  const timer = setTimeout(() => child.kill('SIGKILL'), SEED_TIMEOUT_MS);
  const [code] = (await once(child, 'exit')) as [number | null];
  clearTimeout(timer);
  unregister();
  if (code !== 0) throw new Error(`seed failed (exit ${code}): ${stderr}`);
  const output = stdout.trim();
  let cliMs: number | undefined;
  try {
    cliMs = (JSON.parse(output.split('\n').pop() ?? '') as { ms?: number }).ms;
  } catch {
    // Not the JSON line we know; the wall time still stands.
  }
  return { events, wallMs: Date.now() - started, cliMs, output };
}
