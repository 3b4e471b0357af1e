/**
 * Direct access to the cluster's database for the checks the API cannot answer: slugs, link rows,
 * recounts (test/load/checks.ts), the migrations table, primary keys, and Galera's own counters.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { createConnection, RowDataPacket } from 'mysql2/promise';
import { CheckResult } from '../load/checks';
import { Row, TestDatabase } from '../load/database';
import { ROOT } from '../load/processes';

const MIGRATIONS_DIR = join(ROOT, 'libs/domain/src/migrations');

/** Galera and InnoDB counters worth a line per phase: why writes failed, as the nodes saw it. */
const COUNTERS = ['wsrep_local_cert_failures', 'wsrep_local_bf_aborts', 'wsrep_local_replays', 'innodb_deadlocks'] as const;
export type Counters = Record<(typeof COUNTERS)[number], number>;

function connect(port: number, database?: string) {
  return createConnection({ host: '127.0.0.1', port, user: 'root', password: '', database, timezone: 'Z', dateStrings: true });
}

/**
 * The database through node `port` (node 1: it never goes down in the test). Every query runs with
 * `wsrep_sync_wait = 1`, so it sees every transaction any node committed before it started: the
 * checks must not blame the service for the test's own stale read.
 */
export function clusterDatabase(port: number, name: string): TestDatabase {
  return {
    kind: 'mysql',
    label: `Galera node on 127.0.0.1:${port}, database ${name}`,
    env: { DB_TYPE: 'mysql', DB_HOST: '127.0.0.1', DB_PORT: String(port), DB_USER: 'root', DB_PASSWORD: '', DB_NAME: name },
    async query(sql: string, params: unknown[] = []): Promise<Row[]> {
      const connection = await connect(port, name);
      try {
        await connection.query('SET SESSION wsrep_sync_wait = 1');
        const [rows] = await connection.query(sql, params);
        return rows as Row[];
      } finally {
        await connection.end();
      }
    },
    async drop() {
      // The cluster's folder is removed with the cluster.
    },
  };
}

/** The counters of one node, or undefined when it does not answer (killed). */
export async function readCounters(port: number): Promise<Counters | undefined> {
  try {
    const connection = await connect(port);
    try {
      const [rows] = await connection.query<RowDataPacket[]>(
        `SELECT LOWER(VARIABLE_NAME) AS name, VARIABLE_VALUE AS value FROM information_schema.GLOBAL_STATUS
         WHERE LOWER(VARIABLE_NAME) IN (${COUNTERS.map(() => '?').join(',')})`,
        [...COUNTERS],
      );
      const out = Object.fromEntries(COUNTERS.map((name) => [name, 0])) as Counters;
      for (const row of rows) out[row.name as keyof Counters] = Number(row.value);
      return out;
    } finally {
      await connection.end();
    }
  } catch {
    return undefined;
  }
}

/** "node 1: 12 cert failures, 3 BF aborts, ..." over a phase, from counters read before and after it. */
export function counterNote(before: Array<Counters | undefined>, after: Array<Counters | undefined>): string {
  const parts = before.map((b, i) => {
    const a = after[i];
    if (!a) return `node ${i + 1}: not answering`;
    // A node that was down at the start counts from its restart (the counters start at 0 then).
    const since = b ?? (Object.fromEntries(COUNTERS.map((name) => [name, 0])) as Counters);
    return `node ${i + 1}${b ? '' : ' (since its restart)'}: ${COUNTERS.map((name) => `${name} +${a[name] - since[name]}`).join(', ')}`;
  });
  return `Galera/InnoDB counters over the phase (certification failures, brute-force aborts, replays, InnoDB deadlocks): ${parts.join('; ')}`;
}

function check(name: string, failures: string[], summary: string): CheckResult {
  return { name, ok: failures.length === 0, summary: failures.length ? `FAILED; ${summary}` : summary, examples: failures.slice(0, 5) };
}

/**
 * Three instances migrated one empty database at once: each migration (a file in
 * libs/domain/src/migrations) is recorded exactly once, every table has a primary key (Galera
 * needs one to replicate row changes) and is InnoDB (the only engine Galera replicates).
 */
export async function schemaChecks(db: TestDatabase, name: string): Promise<CheckResult[]> {
  const files = readdirSync(MIGRATIONS_DIR)
    .filter((file) => !file.endsWith('.spec.ts'))
    .map((file) => /^(\d+)-.+\.ts$/.exec(file)?.[1])
    .filter((stamp): stamp is string => stamp !== undefined);
  const rows = await db.query('SELECT timestamp, name FROM migrations');
  const recorded = rows.map((row) => String(row.timestamp));
  const failures: string[] = [];
  for (const stamp of files) {
    const times = recorded.filter((r) => r === stamp).length;
    if (times !== 1) failures.push(`migration ${stamp} recorded ${times} times`);
  }
  for (const stamp of new Set(recorded)) if (!files.includes(stamp)) failures.push(`migration ${stamp} recorded but not in the sources`);
  const tables = await db.query(
    `SELECT t.TABLE_NAME AS name, t.ENGINE AS engine,
       (SELECT COUNT(*) FROM information_schema.TABLE_CONSTRAINTS c
        WHERE c.TABLE_SCHEMA = t.TABLE_SCHEMA AND c.TABLE_NAME = t.TABLE_NAME AND c.CONSTRAINT_TYPE = 'PRIMARY KEY') AS pk
     FROM information_schema.TABLES t WHERE t.TABLE_SCHEMA = ? AND t.TABLE_TYPE = 'BASE TABLE'`,
    [name],
  );
  const keyless = tables.filter((t) => Number(t.pk) === 0).map((t) => String(t.name));
  const notInnodb = tables.filter((t) => String(t.engine).toLowerCase() !== 'innodb').map((t) => `${String(t.name)} (${String(t.engine)})`);
  return [
    check(
      'migrations ran exactly once (three instances started together)',
      failures,
      `${files.length} migrations in the sources, ${rows.length} rows in the migrations table`,
    ),
    check(
      'every table has a primary key and is InnoDB (Galera replicates only those)',
      [...keyless.map((t) => `table ${t} has no primary key`), ...notInnodb.map((t) => `table ${t} is not InnoDB`)],
      `${tables.length} tables`,
    ),
  ];
}
