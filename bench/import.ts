/**
 * Calendar import at scale (bench/README, Import): a generated 10,000-event calendar with 500
 * series (BENCH_IMPORT_EVENTS, BENCH_IMPORT_SERIES) served by a feed server on loopback, imported
 * by the built service into a fresh database through `POST /imports`, then run again unchanged
 * (`POST /imports/{id}/run`): with the feed sending no validators, so the service reads and
 * compares every event; then from a URL that sends an ETag, and once more, answered with 304. Prints seconds,
 * writes (the data version's growth: one per write transaction) and the load averages.
 *
 *   npm run bench:import
 *   BENCH_DB=mysql npm run bench:import
 */
import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest, IncomingMessage, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { createConnection } from 'mysql2/promise';
import { benchConfig } from './bench-config';
import { BenchDatabase, prepareDatabase } from './bench-db';
import { startWriteServer } from './bench-server';
import { cleanUp, cleanUpOnSignals, onCleanup } from './cleanup';
import { benchCalendar, calendarCounts } from './import-calendar';
import { NS } from './kinds';

const TARGETS = { firstImportSeconds: 30, rerunSeconds: 5 };

/** The calendar on `/plain.ics` without validators and on `/conditional.ics` with an ETag (304 when it matches). */
async function startFeed(body: Buffer): Promise<{ url(path: string): string; requests: number }> {
  const etag = `"${createHash('sha256').update(body).digest('hex').slice(0, 16)}"`;
  const state = { requests: 0, url: (path: string) => `http://127.0.0.1:${port}${path}` };
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    state.requests += 1;
    const conditional = request.url === '/conditional.ics';
    if (conditional && request.headers['if-none-match'] === etag) return void response.writeHead(304, { etag }).end();
    response.writeHead(200, { 'content-type': 'text/calendar; charset=utf-8', ...(conditional ? { etag } : {}) }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  onCleanup('the feed server', () => new Promise<void>((resolve) => server.close(() => resolve())));
  return state;
}

/** The data version straight from the database: it grows by one in every write transaction. */
async function dataVersion(database: BenchDatabase): Promise<number> {
  const sql = 'SELECT COALESCE(SUM(version), 0) AS version FROM data_versions';
  if (database.type === 'sqlite') {
    const db = new Database(database.location, { readonly: true });
    try {
      return Number((db.prepare(sql).get() as { version: number }).version);
    } finally {
      db.close();
    }
  }
  const connection = await createConnection({
    host: database.env.DB_HOST,
    port: Number(database.env.DB_PORT),
    user: database.env.DB_USER,
    password: database.env.DB_PASSWORD,
    database: database.location,
  });
  try {
    const [rows] = (await connection.query(sql)) as unknown as [Array<{ version: string }>];
    return Number(rows[0].version);
  } finally {
    await connection.end();
  }
}

/** A JSON request to the service without a time limit (fetch gives up on headers after 300 s; a first import on a busy machine may take longer). */
function send(
  url: string,
  method: string,
  headers: Record<string, string>,
  body: unknown,
): Promise<{ status: number; json(): Promise<unknown> }> {
  const payload = Buffer.from(JSON.stringify(body));
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers: { ...headers, 'Content-Length': String(payload.length) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: res.statusCode ?? 0, json: async () => JSON.parse(text) as unknown });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(payload);
  });
}

/** CPU seconds (user + system) the process has used so far, from /proc (Linux): the cost of a step apart from the machine's load. */
function cpuSeconds(pid: number | undefined): number {
  if (pid === undefined || !existsSync(`/proc/${pid}/stat`)) return NaN;
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8')
    .replace(/^.*\) /, '')
    .split(' ');
  // utime and stime are fields 14 and 15 of stat(5), counted from 1 and before the command name: 11 and 12 here.
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

interface Step {
  label: string;
  seconds: number;
  /** CPU seconds the service used for it. */
  cpu: number;
  writes: number;
  report: Record<string, unknown>;
  load: number;
}

async function main(): Promise<number> {
  const config = benchConfig();
  cleanUpOnSignals(() => undefined);
  const shape = { events: Number(process.env.BENCH_IMPORT_EVENTS ?? 10_000), series: Number(process.env.BENCH_IMPORT_SERIES ?? 500) };
  const generated = Date.now();
  const calendar = benchCalendar(shape);
  console.log(
    `Calendar: ${shape.events.toLocaleString('en')} VEVENTs (${JSON.stringify(calendarCounts(shape))}), ${(calendar.length / 1048576).toFixed(1)} MiB, generated in ${((Date.now() - generated) / 1000).toFixed(1)} s`,
  );
  const feed = await startFeed(calendar);
  const database = await prepareDatabase(config, { seed: false });
  const { server, headers } = await startWriteServer(database.env, {
    IMPORT_ALLOWED_HOSTS: '127.0.0.1',
    IMPORT_REFRESH_CHECK_SECONDS: '0',
  });
  const steps: Step[] = [];
  const step = async (label: string, path: string, body: unknown): Promise<{ id: number }> => {
    const version = await dataVersion(database);
    const cpuBefore = cpuSeconds(server.pid);
    const started = process.hrtime.bigint();
    const response = await send(`${server.origin}${NS}${path}`, 'POST', headers, body);
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const cpu = cpuSeconds(server.pid) - cpuBefore;
    const source = (await response.json()) as { id: number; last_report?: Record<string, unknown>; last_error?: unknown };
    if (response.status >= 300 || source.last_error)
      throw new Error(`${label}: ${response.status} ${JSON.stringify(source).slice(0, 500)}`);
    const { skipped, overridden, kept, ...counts } = source.last_report ?? {};
    const report = {
      ...counts,
      skipped: (skipped as unknown[]).length,
      overridden: (overridden as unknown[]).length,
      kept: (kept as unknown[]).length,
    };
    steps.push({ label, seconds, cpu, writes: (await dataVersion(database)) - version, report, load: loadavg()[0] });
    console.log(
      `  ${label}: ${seconds.toFixed(2)} s (service CPU ${cpu.toFixed(2)} s), ${steps[steps.length - 1].writes} writes, report ${JSON.stringify(report)}`,
    );
    return source;
  };

  const loadBefore = loadavg();
  console.log(
    `Importing into ${database.description} (${database.location}); load average before ${loadBefore.map((l) => l.toFixed(2)).join(' ')}`,
  );
  const plain = await step('first import', '/imports', { url: feed.url('/plain.ics') });
  await step('re-run unchanged, no validators (every event read and compared)', `/imports/${plain.id}/run`, {});
  const moved = await send(`${server.origin}${NS}/imports/${plain.id}`, 'PATCH', headers, { url: feed.url('/conditional.ics') });
  if (moved.status !== 200) throw new Error(`PATCH of the source's URL: ${moved.status} ${JSON.stringify(await moved.json())}`);
  await step('re-run unchanged from the feed URL that sends an ETag', `/imports/${plain.id}/run`, {});
  await step('re-run unchanged, conditional request answered 304', `/imports/${plain.id}/run`, {});
  const loadAfter = loadavg();
  console.log(`Load average after ${loadAfter.map((l) => l.toFixed(2)).join(' ')}; feed requests: ${feed.requests}`);

  const [first, rerun, , notModified] = steps;
  const verdicts = [
    [`first import ≤ ${TARGETS.firstImportSeconds} s`, first.seconds <= TARGETS.firstImportSeconds],
    [`unchanged re-run ≤ ${TARGETS.rerunSeconds} s`, rerun.seconds <= TARGETS.rerunSeconds],
    ['unchanged re-run writes 0', rerun.writes === 0],
    ['304 re-run writes 0', notModified.writes === 0],
  ] as const;
  for (const [what, met] of verdicts) console.log(`  ${met ? 'met' : 'MISSED'}: ${what}`);
  if (process.env.BENCH_JSON) {
    writeFileSync(
      process.env.BENCH_JSON,
      JSON.stringify({ shape, bytes: calendar.length, database: database.description, loadBefore, loadAfter, steps }, null, 2),
    );
  }
  return 0;
}

main()
  .then(async (code) => {
    await cleanUp();
    process.exit(code);
  })
  .catch(async (error: unknown) => {
    console.error(error);
    await cleanUp();
    process.exit(1);
  });
