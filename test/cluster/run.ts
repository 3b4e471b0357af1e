/**
 * `npm run test:cluster` (README, Running on a cluster): a three-node MariaDB Galera cluster (scripts/cluster.sh) and
 * three service instances, one per node, started together; then writes over all three with
 * read-your-writes checks, node 3 killed under load, node 3 back. Checks through HTTP and in the
 * database; exit 1 when any fails, 0 with one skip line where galera-4 is not installed.
 * See README.md in this folder.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { freeBasePort, GaleraCluster, PREREQUISITE_MISSING } from '../load/galera';
import { killAllChildren, tail } from '../load/processes';
import { errorDigest } from '../load/report';
import { createUsers } from '../load/users';
import { LoadState } from '../load/workload';
import { SeriesLoad } from './series-load';
import { loadClusterConfig } from './config';
import { clusterDatabase, schemaChecks } from './database';
import { makeNodes, Node, startTogether } from './instances';
import { Ctx, log, newPhase, printPhase } from './phases';
import { serverErrorDigest, summaryTable } from './report';
import { importRefreshPhase } from './import-refresh';
import { failoverPhase, loadPhase, recoveryPhase } from './scenario';

const cleanups: Array<() => Promise<unknown> | unknown> = [];
/** Set on a failure or an interruption: the log folder (and the nodes' error logs) stay. */
let keepLogs = false;
let logFolder: string | undefined;

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
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (interrupted) process.exit(130);
    interrupted = true;
    keepLogs = true;
    // The phase under way fails fast once its processes are gone; its report would only confuse.
    console.log = () => undefined;
    console.error(`\n${signal}: stopping the service instances and the cluster, removing its folder...`);
    void cleanUp().finally(() => {
      if (logFolder) console.error(`Logs kept in ${logFolder}`);
      process.exit(130);
    });
  });
}

const seconds = (ms: number | undefined) => (ms === undefined || Number.isNaN(ms) ? 'never' : `${(ms / 1000).toFixed(1)} s`);
const loadAverage = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

function printFailureDetails(ctx: Partial<Ctx>, cluster: GaleraCluster, nodes: Node[]): void {
  for (const phase of ctx.phases ?? []) {
    const digest = serverErrorDigest(phase);
    if (digest.length) console.log(`\n5xx in "${phase.phase}":\n${digest.map((line) => `  ${line}`).join('\n')}`);
  }
  for (const node of nodes) {
    console.log(`\n---- instance ${node.name} (${node.instance.logPath}): most frequent error lines`);
    for (const line of errorDigest(node.instance.logPath)) console.log(`  ${line}`);
    console.log('---- last lines');
    console.log(
      tail(node.instance.logPath, 15)
        .split('\n')
        .map((line) => (line.length > 300 ? `${line.slice(0, 300)}...` : line))
        .join('\n'),
    );
  }
  for (const n of [1, 2, 3]) {
    console.log(`\n---- Galera node ${n} error log, last lines`);
    console.log(cluster.errorLogTail(n, 12));
  }
  console.log(`\n---- scripts/cluster.sh output, last lines\n${tail(cluster.logPath, 12)}`);
}

async function main(): Promise<number> {
  const config = loadClusterConfig();
  keepLogs = config.keepLogs;
  const root = mkdtempSync(join(tmpdir(), 'calendar-cluster-'));
  // The nodes run as mysql: every folder above their data must be searchable by others.
  chmodSync(root, 0o755);
  const logDir = join(root, 'logs');
  mkdirSync(logDir);
  logFolder = logDir;
  cleanups.push(() => {
    if (!keepLogs) rmSync(root, { recursive: true, force: true });
  });
  const basePort = await freeBasePort(config.basePort);
  const cluster = new GaleraCluster(join(root, 'galera'), basePort, join(logDir, 'cluster.log'));
  cleanups.push(async () => {
    if (keepLogs) cluster.keepErrorLogs(logDir);
    await cluster.stop();
  });
  console.log(
    `Cluster test: ${config.writes} writes at ${config.concurrency} concurrency, then node 3 killed and ${config.failoverWrites} writes, ` +
      `then node 3 back (+${config.recoveryWrites} writes); SQL ports ${cluster.ports.join(', ')}; load average ${loadAverage()}`,
  );
  log('starting the Galera cluster (scripts/cluster.sh start)...');
  const start = await cluster.start();
  if (start.code === PREREQUISITE_MISSING) {
    const reason = /skipped: (.*)/.exec(start.output)?.[1] ?? start.output.trim().split('\n').pop();
    console.log(`SKIP test:cluster: ${reason}`);
    return 0;
  }
  if (start.code !== 0) {
    keepLogs = true;
    console.log(`FAILED: scripts/cluster.sh start exited ${start.code} after ${seconds(start.ms)}:\n${start.output.slice(-3000)}`);
    return 1;
  }
  log(`cluster up after ${seconds(start.ms)}; logs in ${logDir}`);
  const adminToken = `cluster-admin-${randomBytes(12).toString('hex')}`;
  const settings: Record<string, string> = {
    DB_TYPE: 'mysql',
    DB_USER: 'root',
    DB_PASSWORD: '',
    DB_NAME: cluster.database,
    ADMIN_TOKEN: adminToken,
    LOG_LEVEL: 'warn',
    SITE_URL: 'http://calendar.test',
    SITE_TIMEZONE: 'UTC',
    BASE_PATH: '',
    MAX_PER_PAGE: '50',
    CORS_ORIGINS: '',
    // Four tokens carry the whole load (hundreds of writes a minute each): the per-token write
    // limit would answer 429, which is not what this test is about.
    RATE_LIMIT_WRITES: '0',
    // The import refresh phase: its feed server listens on loopback, and every instance looks for due sources each second.
    IMPORT_ALLOWED_HOSTS: '127.0.0.1',
    IMPORT_REFRESH_CHECK_SECONDS: '1',
  };
  const nodes = await makeNodes(cluster.ports, logDir, settings, config.requestTimeoutMs);
  cleanups.push(async () => {
    await Promise.all(nodes.map((n) => n.instance.stop(5_000)));
    for (const n of nodes) n.client.close();
  });
  const ctx: Partial<Ctx> = { phases: [] };
  const timings: string[] = [`cluster start ${seconds(start.ms)}`];
  let aborted: string | undefined;
  try {
    const startup = newPhase('start-up');
    log('starting instances 1, 2 and 3 together on the empty database...');
    const t0 = performance.now();
    const started = await startTogether(nodes);
    startup.checks.push(...started.checks);
    timings.push(`instances ready ${started.readyMs.map(seconds).join(' / ')}`);
    const db = clusterDatabase(cluster.port(1), cluster.database);
    startup.checks.push(...(await schemaChecks(db, cluster.database)));
    const tokens = await createUsers({ ...settings, DB_HOST: '127.0.0.1', DB_PORT: String(cluster.port(1)) }, adminToken);
    startup.seconds = (performance.now() - t0) / 1000;
    startup.notes.push(
      `cluster up in ${seconds(start.ms)}; ${nodes.map((n) => `instance ${n.name} on port ${n.instance.port} (pid ${n.instance.pid}) -> node ${n.dbPort}`).join(', ')}; ` +
        'users created through the CLI on node 1: 2 editors, 1 author',
    );
    ctx.phases?.push(startup);
    printPhase(startup);
    const state = new LoadState(tokens);
    const full: Ctx = {
      config,
      cluster,
      db,
      nodes,
      state,
      series: new SeriesLoad(state, () => nodes.map((node) => node.target)),
      api: { client: nodes[0].client, token: adminToken },
      phases: ctx.phases ?? [],
    };
    Object.assign(ctx, full);
    await importRefreshPhase(full);
    await loadPhase(full);
    await failoverPhase(full);
    const recovery = await recoveryPhase(full);
    timings.push(
      `restart-node 3 ${seconds(recovery.restartMs)}`,
      `instance 3 ready ${seconds(recovery.readyAfterMs)} after node 3 was Synced`,
    );
  } catch (error) {
    aborted = error instanceof Error ? (error.stack ?? error.message) : String(error);
    console.error(`The run stopped early: ${aborted}`);
  }
  const phases = ctx.phases ?? [];
  const failed = phases.flatMap((p) => p.checks.filter((c) => !c.ok).map((c) => `${p.phase}: ${c.name}`));
  console.log('\n==================== Summary ====================');
  if (phases.length) console.log(summaryTable(phases));
  for (const p of phases) if (p.outage) console.log(`\n${p.phase}: instance 3 while its node was down answered ${p.outage}`);
  console.log(`\nTimings: ${timings.join(', ')}. Load average now ${loadAverage()}.`);
  if (aborted) console.log(`ABORTED: ${aborted.split('\n')[0]}`);
  if (failed.length || aborted) {
    keepLogs = true;
    console.log(`\n${failed.length} failed checks:`);
    for (const line of failed) console.log(`  - ${line}`);
    printFailureDetails(ctx, cluster, nodes);
    console.log(`\nLogs kept in ${logDir}`);
    return 1;
  }
  console.log('\nEvery check passed.');
  if (config.keepLogs) console.log(`Logs kept in ${logDir}`);
  return 0;
}

main().then(
  async (code) => {
    await cleanUp();
    process.exit(code);
  },
  async (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    keepLogs = true;
    await cleanUp();
    process.exit(1);
  },
);
