/**
 * `npm run test:concurrency` (README, Concurrent writers, retries and shutdown): two service processes on one database (MariaDB, then a
 * SQLite file with a CLI seed alongside), 50 concurrent writers, then checks through the API of
 * instance A and directly in the database; then kill -9 and SIGTERM under load. See README.md here.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDatabase } from '../load/database';
import { freePort, killAllChildren, tail } from '../load/processes';
import { errorDigest, PhaseReport, summaryTable } from '../load/report';
import { createUsers } from '../load/users';
import { LoadState } from '../load/workload';
import { DbKind, loadRunConfig, RunConfig } from './config';
import { DatabaseRun, log, node, startBoth } from './database-run';
import { killPhase, loadPhase, printPhase, sigtermPhase } from './phases';

const cleanups: Array<() => Promise<void> | void> = [];

async function cleanUp(): Promise<void> {
  killAllChildren();
  while (cleanups.length) {
    const step = cleanups.pop();
    try {
      await step?.();
    } catch (error) {
      console.error(`cleanup: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

let interrupted = false;
/** The folder with the service logs, reported when the run is interrupted. */
let logFolder: string | undefined;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (interrupted) process.exit(130);
    interrupted = true;
    console.error(`\n${signal}: stopping every service process and dropping the test databases...`);
    void cleanUp().finally(() => {
      if (logFolder) console.error(`Service logs kept in ${logFolder}`);
      process.exit(130);
    });
  });
}

async function runDatabase(
  kind: DbKind,
  config: RunConfig,
  outDir: string,
): Promise<{ reports: PhaseReport[]; logs: string[]; aborted?: string }> {
  const logDir = join(outDir, kind);
  mkdirSync(logDir, { recursive: true });
  const dbDir = mkdtempSync(join(tmpdir(), `calendar-concurrency-${kind}-`));
  cleanups.push(() => rmSync(dbDir, { recursive: true, force: true }));
  const db = await createDatabase(kind, config.mysql, dbDir);
  cleanups.push(() => db.drop());
  log(`${kind}: fresh database ${db.label}`);
  const adminToken = `conc-admin-${randomBytes(12).toString('hex')}`;
  const settings: Record<string, string> = {
    ...db.env,
    ADMIN_TOKEN: adminToken,
    LOG_LEVEL: 'warn',
    SITE_URL: 'http://calendar.test',
    SITE_TIMEZONE: 'UTC',
    BASE_PATH: '',
    MAX_PER_PAGE: '50',
    CORS_ORIGINS: '',
    SHUTDOWN_TIMEOUT_MS: String(config.shutdownTimeoutMs),
    // Three tokens carry the whole load: the writes-per-token rate limit is not under test here.
    RATE_LIMIT_WRITES: '0',
  };
  const [portA, portB] = [await freePort(), await freePort()];
  const a = node('A', portA, logDir, settings, config);
  const b = node('B', portB, logDir, settings, config);
  const logs = [a.instance.logPath, b.instance.logPath];
  const stopAll = async () => {
    await Promise.all([a.instance.stop(5_000), b.instance.stop(5_000)]);
    a.client.close();
    b.client.close();
  };
  cleanups.push(stopAll);
  const reports: PhaseReport[] = [];
  try {
    const startup: PhaseReport = { database: kind, phase: 'start-up', exchanges: [], seconds: 0, expectedErrors: 0, checks: [], notes: [] };
    const t0 = performance.now();
    startup.checks.push(await startBoth(a, b, config.startTogether));
    const tokens = await createUsers(settings, adminToken);
    startup.seconds = (performance.now() - t0) / 1000;
    startup.notes.push(
      `A on port ${portA} (pid ${a.instance.pid}), B on port ${portB} (pid ${b.instance.pid}); users created through the CLI: 2 editors, 1 author`,
    );
    reports.push(startup);
    printPhase(startup);
    const run: DatabaseRun = { kind, db, a, b, state: new LoadState(tokens), api: { client: a.client, token: adminToken }, reports };
    await loadPhase(run, config, settings);
    if (config.faults.includes('kill')) await killPhase(run, config);
    if (config.faults.includes('sigterm')) await sigtermPhase(run, config);
    return { reports, logs };
  } catch (error) {
    const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
    console.error(`${kind}: the run stopped early: ${message}`);
    return { reports, logs, aborted: message };
  } finally {
    await stopAll();
    cleanups.splice(cleanups.indexOf(stopAll), 1);
  }
}

async function main(): Promise<number> {
  const config = loadRunConfig();
  const outDir = mkdtempSync(join(tmpdir(), 'calendar-concurrency-'));
  logFolder = outDir;
  console.log(
    `Concurrency test: databases ${config.databases.join(', ')}; ${config.requests} requests (load), ${config.faultRequests} per fault phase ` +
      `(${config.faults.join(', ') || 'no faults'}); ${config.workers} workers; logs in ${outDir}`,
  );
  const all: PhaseReport[] = [];
  const logs: string[] = [];
  const aborted: string[] = [];
  try {
    for (const kind of config.databases) {
      if (interrupted) break;
      const outcome = await runDatabase(kind, config, outDir);
      all.push(...outcome.reports);
      logs.push(...outcome.logs);
      if (outcome.aborted) aborted.push(`${kind}: ${outcome.aborted.split('\n')[0]}`);
    }
  } finally {
    await cleanUp();
  }
  const failed = all.flatMap((r) => r.checks.filter((c) => !c.ok).map((c) => `${r.database} / ${r.phase}: ${c.name}`));
  console.log('\n==================== Summary ====================');
  if (all.length) console.log(summaryTable(all));
  for (const line of aborted) console.log(`ABORTED ${line}`);
  if (failed.length || aborted.length) {
    console.log(`\n${failed.length} failed checks:`);
    for (const line of failed) console.log(`  - ${line}`);
    for (const path of logs) {
      console.log(`\n---- ${path}: most frequent error lines`);
      for (const line of errorDigest(path)) console.log(`  ${line}`);
      console.log(`---- last lines`);
      console.log(tail(path, 25));
    }
    console.log(`\nService logs kept in ${outDir}`);
    return 1;
  }
  console.log('\nEvery check passed.');
  if (!config.keepTemp) rmSync(outDir, { recursive: true, force: true });
  else console.log(`Logs kept in ${outDir}`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  async (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    await cleanUp();
    process.exit(1);
  },
);
