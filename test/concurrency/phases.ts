import { CheckResult, countBy, formatCounts } from '../load/checks';
import { checkExplained4xx, checkNo5xx, checkNoNetworkErrors, checkRejectedAnswered400, networkDetail } from '../load/http-checks';
import { HttpClient } from '../load/http-client';
import { cliJson, CliResult, ExitInfo, probeReady, runCli } from '../load/processes';
import { checkLines, failureCauses, PhaseReport } from '../load/report';
import { burstRequests } from '../load/requests';
import { runLoad } from '../load/run-load';
import { stateChecks } from '../load/state-checks';
import { Exchange } from '../load/workload';
import { RunConfig } from './config';
import { check, DatabaseRun, log, READY_TIMEOUT_MS, seconds } from './database-run';

// The phases of a database's run: the load, kill -9 of B under load, SIGTERM of A under load; each ends with its checks.

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

export function printPhase(report: PhaseReport): void {
  const byStatus = countBy(report.exchanges, (ex) => (ex.status !== undefined ? String(ex.status) : (ex.error ?? 'error')));
  const traffic = report.exchanges.length
    ? `${report.exchanges.length} requests in ${report.seconds.toFixed(1)} s (${formatCounts(byStatus)})`
    : `${report.seconds.toFixed(1)} s`;
  console.log(`\n== ${report.database} / ${report.phase}: ${traffic}`);
  for (const line of checkLines(report)) console.log(line);
  console.log('');
}

/** Phase 1: the main load over A and B; on SQLite the CLI seeds alongside. */
export async function loadPhase(run: DatabaseRun, config: RunConfig, settings: Record<string, string>): Promise<void> {
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
export async function killPhase(run: DatabaseRun, config: RunConfig): Promise<void> {
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
export async function sigtermPhase(run: DatabaseRun, config: RunConfig): Promise<void> {
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
