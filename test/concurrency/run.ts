/**
 * `npm run test:concurrency` (README, Concurrent writers, retries and shutdown): two service processes on one database (MariaDB, then a
 * SQLite file with a CLI seed alongside), 50 concurrent writers, then checks through the API of
 * instance A and directly in the database; then kill -9 and SIGTERM under load. See README.md here.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CheckResult, countBy, formatCounts } from '../load/checks';
import { Api } from '../load/event-states';
import { checkExplained4xx, checkNo5xx, checkNoNetworkErrors, checkRejectedAnswered400, networkDetail } from '../load/http-checks';
import { stateChecks } from '../load/state-checks';
import { DbKind, loadRunConfig, RunConfig } from './config';
import { createDatabase, TestDatabase } from '../load/database';
import { HttpClient } from '../load/http-client';
import { cliJson, CliResult, ExitInfo, freePort, killAllChildren, probeReady, runCli, ServiceInstance, tail } from '../load/processes';
import { ANSI, checkLines, errorDigest, failureCauses, PhaseReport, summaryTable } from '../load/report';
import { createUsers } from '../load/users';
import { burstRequests } from '../load/requests';
import { runLoad } from '../load/run-load';
import { Exchange, LoadState, Target } from '../load/workload';

const READY_TIMEOUT_MS = 60_000;
/**
 * The fault is injected once this share of the phase's requests has been issued and the instance
 * has at least FAULT_MIN_IN_FLIGHT requests open (latencies differ between the instances, so the
 * count at a fixed point varies a lot), or at FAULT_LATEST whatever is in flight.
 */
const FAULT_AT = 0.4;
const FAULT_LATEST = 0.8;
const FAULT_MIN_IN_FLIGHT = 12;
/** Requests sent to A right before SIGTERM, so that some are certainly accepted when it arrives. */
const SIGTERM_BURST = 20;

function faultDue(issued: number, total: number, inFlight: number): boolean {
  return issued >= total * FAULT_LATEST || (issued >= total * FAULT_AT && inFlight >= FAULT_MIN_IN_FLIGHT);
}

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

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const log = (text: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${text}`);

function check(name: string, failures: string[], summary: string): CheckResult {
  return { name, ok: failures.length === 0, summary: failures.length ? `FAILED; ${summary}` : summary, examples: failures.slice(0, 5) };
}

interface Node {
  instance: ServiceInstance;
  client: HttpClient;
  target: Target;
}

interface DatabaseRun {
  kind: DbKind;
  db: TestDatabase;
  a: Node;
  b: Node;
  state: LoadState;
  api: Api;
  reports: PhaseReport[];
  /** MySQL: the server's deadlock count when the current phase began. */
  deadlocksAtStart?: number;
}

function node(name: string, port: number, logDir: string, settings: Record<string, string>, config: RunConfig): Node {
  const instance = new ServiceInstance(name, port, join(logDir, `instance-${name}.log`), settings);
  const client = new HttpClient(port, config.requestTimeoutMs);
  return { instance, client, target: { name, client } };
}

/** Start-up of A and B on the fresh database: together (both migrate at once) or one after the other. */
async function startBoth(a: Node, b: Node, together: boolean): Promise<CheckResult> {
  const started = performance.now();
  const failures: string[] = [];
  if (together) {
    a.instance.start();
    b.instance.start();
    const results = await Promise.allSettled([a.instance.waitReady(READY_TIMEOUT_MS), b.instance.waitReady(READY_TIMEOUT_MS)]);
    for (const [index, outcome] of results.entries()) {
      if (outcome.status === 'fulfilled') continue;
      const n = index === 0 ? a : b;
      failures.push(`${(outcome.reason as Error).message}; log tail: ${n.instance.tail(6).replace(/\n/g, ' | ')}`);
    }
  } else {
    for (const n of [a, b]) {
      n.instance.start();
      try {
        await n.instance.waitReady(READY_TIMEOUT_MS);
      } catch (error) {
        failures.push((error as Error).message);
      }
    }
  }
  // Whatever failed gets one more start on the now-migrated database, so the load can still run.
  for (const n of [a, b]) {
    if (n.instance.running && (await probeReady(n.instance.port)).status === 200) continue;
    await n.instance.stop();
    n.instance.start();
    await n.instance.waitReady(READY_TIMEOUT_MS);
  }
  const retried = [a, b].flatMap((n) => {
    const lines = n.instance
      .tail(400)
      .split('\n')
      .map((l) => l.replace(ANSI, '').trim());
    const error = lines.find((l) => /^(?:Migration .* failed|error:)/i.test(l));
    const retry = lines.some((l) => /Retrying/.test(l));
    return error ? [`${n.instance.name} logged "${error.slice(0, 160)}"${retry ? ' and retried' : ''}`] : [];
  });
  const summary =
    `${together ? 'started together' : 'A, then B'}; both ready after ${seconds(performance.now() - started)}` +
    (retried.length ? ` (${retried.join('; ')})` : '');
  return check(`both instances start on a fresh database (${together ? 'at once' : 'one after the other'})`, failures, summary);
}

function httpChecks(run: DatabaseRun, exchanges: Exchange[], expected: (ex: Exchange) => boolean, label: string): CheckResult[] {
  const all = run.state.exchanges;
  return [
    checkNo5xx(exchanges, failureCauses([run.a.instance.logPath, run.b.instance.logPath])),
    checkNoNetworkErrors(exchanges, expected, label),
    checkExplained4xx(exchanges, all),
    checkRejectedAnswered400(exchanges),
  ];
}

async function finishPhase(
  run: DatabaseRun,
  config: RunConfig,
  report: PhaseReport,
  expected: (ex: Exchange) => boolean,
  label: string,
): Promise<void> {
  report.checks.push(...httpChecks(run, report.exchanges, expected, label));
  log(`${run.kind}/${report.phase}: checking the stored state through instance A and the database...`);
  try {
    report.checks.push(...(await stateChecks(run.state, report.exchanges, run.db, run.api)));
  } catch (error) {
    report.checks.push(check('state checks ran', [(error as Error).stack ?? String(error)], 'could not complete'));
  }
  if (run.deadlocksAtStart !== undefined && run.db.deadlocks) {
    // Retries hide deadlocks until contention is high enough to exhaust them; counting them
    // catches a lock-order fault before it answers 503. (The counter is the server's: another
    // database's deadlocks meanwhile count too.)
    const deadlocks = (await run.db.deadlocks()) - run.deadlocksAtStart;
    report.checks.push(
      check(
        `at most ${config.maxDeadlocks} deadlocks (InnoDB, whole server)`,
        deadlocks > config.maxDeadlocks ? [`${deadlocks} deadlocks detected during the phase`] : [],
        `${deadlocks} deadlocks detected during the phase`,
      ),
    );
  }
  const deadlock = await run.db.latestDeadlock?.().catch((error: Error) => `(SHOW ENGINE INNODB STATUS failed: ${error.message})`);
  if (deadlock) report.notes.push(`MariaDB's latest detected deadlock in this database:\n${deadlock.replace(/^/gm, '          | ')}`);
  run.reports.push(report);
  printPhase(report);
}

function printPhase(report: PhaseReport): void {
  const byStatus = countBy(report.exchanges, (ex) => (ex.status !== undefined ? String(ex.status) : (ex.error ?? 'error')));
  const traffic = report.exchanges.length
    ? `${report.exchanges.length} requests in ${report.seconds.toFixed(1)} s (${formatCounts(byStatus)})`
    : `${report.seconds.toFixed(1)} s`;
  console.log(`\n== ${report.database} / ${report.phase}: ${traffic}`);
  for (const line of checkLines(report)) console.log(line);
  console.log('');
}

/** Phase 1: the main load over A and B; on SQLite the CLI seeds alongside. */
async function loadPhase(run: DatabaseRun, config: RunConfig, settings: Record<string, string>): Promise<void> {
  const phase = 'load';
  const report: PhaseReport = { database: run.kind, phase, exchanges: [], seconds: 0, expectedErrors: 0, checks: [], notes: [] };
  run.deadlocksAtStart = await run.db.deadlocks?.();
  let seed: Promise<CliResult> | undefined;
  const seedAt = Math.floor(config.requests * 0.1);
  const withSeed = run.kind === 'sqlite' && config.seedEvents > 0;
  let seedStarted = 0;
  log(
    `${run.kind}/${phase}: ${config.requests} requests, ${config.workers} workers over A and B${withSeed ? `, seed --events ${config.seedEvents} alongside` : ''}`,
  );
  const started = performance.now();
  report.exchanges = await runLoad({
    phase,
    total: config.requests,
    workers: config.workers,
    state: run.state,
    targets: () => [run.a.target, run.b.target],
    onIssue: (issued) => {
      if (withSeed && issued === seedAt) {
        seedStarted = performance.now();
        seed = runCli(['seed', '--events', String(config.seedEvents)], settings, 180_000);
      }
    },
  });
  report.seconds = (performance.now() - started) / 1000;
  if (seed) {
    const result = await seed;
    const loadEnd = started + report.seconds * 1000;
    const overlap = Math.max(0, Math.min(loadEnd, seedStarted + result.ms) - seedStarted);
    let failure: string | undefined;
    let printed = '';
    try {
      const json = cliJson(result);
      printed = JSON.stringify(json);
      if (json.events !== config.seedEvents) failure = `seed printed ${printed}`;
    } catch (error) {
      failure = (error as Error).message;
    }
    report.checks.push(
      check(
        `seed --events ${config.seedEvents} through the CLI alongside the load`,
        failure ? [failure] : [],
        `exit ${result.code ?? result.signal} after ${seconds(result.ms)}, ${seconds(overlap)} of it during the load ${printed}`,
      ),
    );
  }
  await finishPhase(run, config, report, () => false, '');
}

/** Phase 2: kill -9 instance B in the middle of the load; A carries on alone. */
async function killPhase(run: DatabaseRun, config: RunConfig): Promise<void> {
  const phase = 'kill -9 B';
  const report: PhaseReport = { database: run.kind, phase, exchanges: [], seconds: 0, expectedErrors: 0, checks: [], notes: [] };
  run.deadlocksAtStart = await run.db.deadlocks?.();
  let killed = false;
  let killAt = 0;
  log(`${run.kind}/${phase}: ${config.faultRequests} requests; kill -9 of B after ${FAULT_AT * 100}-${FAULT_LATEST * 100} % of them`);
  const started = performance.now();
  report.exchanges = await runLoad({
    phase,
    total: config.faultRequests,
    workers: config.workers,
    state: run.state,
    targets: () => (killed ? [run.a.target] : [run.a.target, run.b.target]),
    onIssue: (issued, inFlight) => {
      if (!killed && faultDue(issued, config.faultRequests, inFlight.get('B') ?? 0)) {
        report.notes.push(`kill -9 of B after ${issued} requests, with ${inFlight.get('B') ?? 0} requests in flight to it`);
        killed = true;
        killAt = run.b.instance.signal('SIGKILL');
      }
    },
  });
  report.seconds = (performance.now() - started) / 1000;
  const exit = await run.b.instance.exited;
  // Requests in flight to B when it died have no answer; that is what kill -9 does.
  const expected = (ex: Exchange) => ex.instance === 'B' && ex.startedAt <= killAt;
  report.expectedErrors = report.exchanges.filter((ex) => ex.error !== undefined && expected(ex)).length;
  report.notes.push(
    `B (pid ${run.b.instance.pid}) killed with SIGKILL (exit signal ${exit.signal}); ${report.expectedErrors} requests in flight to B lost their answer (expected, ` +
      `${formatCounts(
        countBy(
          report.exchanges.filter((ex) => ex.error && expected(ex)),
          (ex) => ex.error ?? '',
        ),
      )})`,
  );
  await finishPhase(run, config, report, expected, 'in flight to B at kill -9');
  log(`${run.kind}: restarting B`);
  run.b.client.close();
  run.b.client = new HttpClient(run.b.instance.port, config.requestTimeoutMs);
  run.b.target = { name: 'B', client: run.b.client };
  run.b.instance.start();
  await run.b.instance.waitReady(READY_TIMEOUT_MS);
}

/** Phase 3: SIGTERM to instance A under load with keep-alive connections open. */
async function sigtermPhase(run: DatabaseRun, config: RunConfig): Promise<void> {
  const phase = 'SIGTERM A';
  const report: PhaseReport = { database: run.kind, phase, exchanges: [], seconds: 0, expectedErrors: 0, checks: [], notes: [] };
  run.deadlocksAtStart = await run.db.deadlocks?.();
  let signalled = false;
  let signalAt = 0;
  const probes: string[] = [];
  let probing: Promise<void> | undefined;
  const limit = config.shutdownTimeoutMs + config.shutdownMarginMs;
  log(`${run.kind}/${phase}: ${config.faultRequests} requests; SIGTERM to A after ${FAULT_AT * 100}-${FAULT_LATEST * 100} % of them`);
  const started = performance.now();
  report.exchanges = await runLoad({
    phase,
    total: config.faultRequests,
    workers: config.workers,
    state: run.state,
    // From the signal on, new requests go to B only, as a load balancer would route them.
    targets: () => (signalled ? [run.b.target] : [run.a.target, run.b.target]),
    onIssue: (issued, inFlight, extra) => {
      if (signalled || !faultDue(issued, config.faultRequests, inFlight.get('A') ?? 0)) return;
      report.notes.push(
        `SIGTERM to A after ${issued} requests, with ${inFlight.get('A') ?? 0} load requests in flight to it, ` +
          `plus a burst of ${SIGTERM_BURST} (creates and event lists) sent just before the signal`,
      );
      signalled = true;
      const signal = () => {
        if (signalAt) return;
        signalAt = run.a.instance.signal('SIGTERM');
        probing = (async () => {
          // New connections during the drain: refused or answered, both fine; recorded for the developers.
          while (run.a.instance.running && performance.now() - signalAt < limit) {
            const probe = await probeReady(run.a.instance.port, 1_000);
            probes.push(probe.status !== undefined ? `/ready ${probe.status}` : (probe.error ?? 'error'));
            await new Promise((resolve) => setTimeout(resolve, 200));
          }
        })();
      };
      // The signal goes out once every burst request has been completely written (or after 1 s).
      let written = 0;
      for (const build of burstRequests(run.state, phase, SIGTERM_BURST)) {
        extra(build, run.a.target, () => {
          written += 1;
          if (written === SIGTERM_BURST) signal();
        });
      }
      setTimeout(signal, 1_000);
    },
  });
  report.seconds = (performance.now() - started) / 1000;
  const exit = await Promise.race([
    run.a.instance.exited,
    new Promise<undefined>((resolve) => setTimeout(resolve, Math.max(0, signalAt + limit - performance.now()))),
  ]);
  await probing;
  const toA = report.exchanges.filter((ex) => ex.instance === 'A');
  const inFlight = toA.filter((ex) => ex.startedAt <= signalAt && ex.endAt >= signalAt);
  const broken = toA.filter((ex) => ex.error !== undefined);
  // Accepted: the answer had started, or every byte of the request was handed to the socket before
  // the signal was sent. A request written to a kept-alive socket after that may meet a server that
  // is closing idle connections; it is counted, not failed.
  const accepted = (ex: Exchange) => ex.headersAt !== undefined || (ex.sentAt !== undefined && ex.sentAt <= signalAt);
  const failures = broken
    .filter(accepted)
    .map(
      (ex) =>
        `#${ex.seq} ${ex.op} ${ex.method} ${ex.path}: ${ex.error}${networkDetail(ex)}, ${(ex.endAt - signalAt).toFixed(0)} ms after the signal`,
    );
  const late = broken.filter((ex) => !accepted(ex));
  report.checks.push(
    check(
      'SIGTERM: every accepted request got a complete answer',
      failures,
      `${inFlight.length} requests in flight to A at SIGTERM; their answers: ${formatCounts(countBy(inFlight, (ex) => ex.error ?? String(ex.status)))}` +
        (late.length ? `; ${late.length} written to a kept-alive socket only after the signal were reset (not counted as failures)` : ''),
    ),
  );
  const describeExit = (info: ExitInfo | undefined) =>
    info
      ? `exit code ${info.code}, signal ${info.signal}, ${(info.at - signalAt).toFixed(0)} ms after SIGTERM`
      : `still running ${limit} ms after SIGTERM`;
  const exitOk = exit !== undefined && exit.code === 0 && exit.signal === null && exit.at - signalAt <= limit;
  report.checks.push(
    check(
      `SIGTERM: A exits with code 0 within ${limit} ms (SHUTDOWN_TIMEOUT_MS ${config.shutdownTimeoutMs} + ${config.shutdownMarginMs})`,
      exitOk ? [] : [describeExit(exit)],
      describeExit(exit),
    ),
  );
  report.notes.push(`new connections to A after SIGTERM: ${formatCounts(countBy(probes, (p) => p)) || 'none tried (A was gone at once)'}`);
  if (!exit) await run.a.instance.stop(0);
  // A's resets are judged by the SIGTERM check above; the general network check covers B.
  log(`${run.kind}: restarting A for the checks`);
  run.a.client.close();
  run.a.client = new HttpClient(run.a.instance.port, config.requestTimeoutMs);
  run.a.target = { name: 'A', client: run.a.client };
  run.api.client = run.a.client;
  run.a.instance.start();
  await run.a.instance.waitReady(READY_TIMEOUT_MS);
  await finishPhase(run, config, report, (ex) => ex.instance === 'A', 'A at SIGTERM, judged above');
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
