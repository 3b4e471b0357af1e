/**
 * `npm run bench:cluster`: a three-node MariaDB Galera cluster on this machine
 * (scripts/cluster.sh), seeded through node 1, one service instance per node. Measures, one after
 * the other with the same total number of connections:
 *
 * - writes (valid creates) through 1 instance on node 1, and through 3 instances on 3 nodes;
 * - reads (the throughput mode's varied mix of lists and records) through 1 and 3 instances;
 *
 * each twice in A-B-B-A order, and prints req/s, p50, p99, failures and the load average of each,
 * and the 3-to-1 ratios of the means.
 * Exits 1 when a request failed; 0 with a skip line where galera-4 is not installed.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { freeBasePort, GaleraCluster, PREREQUISITE_MISSING } from '../test/load/galera';
import { benchConfig } from './bench-config';
import { seed } from './bench-db';
import { BenchServer, freePort } from './bench-server';
import { describeCatalogue, readCatalogue } from './catalogue';
import { cleanUp, cleanUpOnSignals, onCleanup } from './cleanup';
import { createRequest, measureSpread, readRequest, RequestFactory, SpreadFigures, stopSpread } from './cluster-load';
import { load, machine, table, writeJson } from './report';

const WARM_UP_REQUESTS = 10;

function figuresTable(figures: SpreadFigures[]): string {
  return table(
    [
      'Measurement',
      'instances',
      'conns',
      'req/s',
      'p50',
      'p99',
      'responses',
      'non-2xx',
      'errors',
      'timeouts',
      'req/s per instance',
      'load avg before',
      'load avg after',
    ],
    figures.map((f) => [
      f.name,
      f.instances,
      f.connections,
      f.requestsPerSecond.toFixed(1),
      `${f.p50Ms} ms`,
      `${f.p99Ms} ms`,
      f.responses,
      f.non2xx,
      f.errors,
      f.timeouts,
      f.perInstance.map((r) => r.toFixed(1)).join(' / '),
      load(f.loadBefore),
      load(f.loadAfter),
    ]),
    [false, true, true, true, true, true, true, true, true, true, false, false, false],
  );
}

/** One request at a time per instance, so every instance has compiled its code paths before the load. */
async function warmUp(servers: BenchServer[], factories: RequestFactory[]): Promise<void> {
  for (const server of servers) {
    for (let i = 0; i < WARM_UP_REQUESTS; i++) {
      for (const factory of factories) {
        const { method, path, headers, body } = factory();
        const response = await fetch(`${server.origin}${path}`, { method, headers, body });
        await response.arrayBuffer();
        if (!response.ok) throw new Error(`warm-up ${method} ${path} on ${server.origin} answered ${response.status}`);
      }
    }
  }
}

async function main(): Promise<number> {
  const config = benchConfig();
  cleanUpOnSignals(stopSpread);
  const startedAt = new Date().toISOString();
  console.log(`Calendar API cluster bench; ${machine()}`);
  console.log(
    `Load: ${config.connections} connections in total, ${config.durationSeconds} s per measurement, timeout ${config.timeoutSeconds} s.`,
  );
  const root = mkdtempSync(join(tmpdir(), 'calendar-bench-cluster-'));
  // The nodes run as mysql: every folder above their data must be searchable by others.
  chmodSync(root, 0o755);
  onCleanup('the temporary folder', () => rmSync(root, { recursive: true, force: true }));
  const cluster = new GaleraCluster(join(root, 'galera'), await freeBasePort(3311), join(root, 'cluster.log'));
  onCleanup('the Galera cluster', async () => {
    await cluster.stop();
  });
  console.log(`Starting a three-node Galera cluster on ports ${cluster.ports.join(', ')} ...`);
  const start = await cluster.start();
  if (start.code === PREREQUISITE_MISSING) {
    console.log(`SKIP bench:cluster: ${/skipped: (.*)/.exec(start.output)?.[1] ?? start.output.trim()}`);
    return 0;
  }
  if (start.code !== 0) throw new Error(`scripts/cluster.sh start exited ${start.code}:\n${start.output.slice(-2000)}`);
  console.log(`  up in ${(start.ms / 1000).toFixed(1)} s`);
  const dbEnv = (port: number) => ({
    DB_TYPE: 'mysql',
    DB_HOST: '127.0.0.1',
    DB_PORT: String(port),
    DB_USER: 'root',
    DB_PASSWORD: '',
    DB_NAME: cluster.database,
  });
  console.log(`Seeding ${config.events.toLocaleString('en')} events through node 1 ...`);
  const seeded = await seed(dbEnv(cluster.port(1)), config.events);
  console.log(`  seeded in ${(seeded.wallMs / 1000).toFixed(1)} s: ${seeded.output}`);

  const token = `bench-admin-${randomBytes(12).toString('hex')}`;
  const servers: BenchServer[] = [];
  for (const port of cluster.ports) {
    const env = {
      ...process.env,
      ...dbEnv(port),
      ADMIN_TOKEN: token,
      // One token writes all the creates: the per-token write limit would measure itself.
      RATE_LIMIT_WRITES: '0',
      LOG_LEVEL: 'warn',
      BASE_PATH: '',
      MAX_PER_PAGE: '50',
      SITE_TIMEZONE: 'UTC',
    };
    servers.push(new BenchServer(await freePort(), env));
  }
  await Promise.all(servers.map((server) => server.start()));
  console.log(`Instances ready: ${servers.map((s, i) => `${s.origin} (pid ${s.pid}) on node ${i + 1}`).join(', ')}.`);
  const catalogue = await readCatalogue(servers[0].origin);
  console.log(`Data: ${describeCatalogue(catalogue)}.\n`);
  const writes = createRequest(catalogue, token);
  const reads = readRequest(catalogue);
  await warmUp(servers, [writes, reads]);

  const marks = servers.map((server) => server.outputMark());
  const origins = servers.map((server) => server.origin);
  // A-B-B-A: each kind is measured twice, in mirrored order, so a drift of the machine's load
  // during the run weighs on both sides of a ratio alike.
  const one = origins.slice(0, 1);
  const plan: Array<[string, string[], RequestFactory]> = [
    ['writes, 1 instance (node 1)', one, writes],
    ['writes, 3 instances (3 nodes)', origins, writes],
    ['writes, 3 instances (3 nodes)', origins, writes],
    ['writes, 1 instance (node 1)', one, writes],
    ['reads, 1 instance (node 1)', one, reads],
    ['reads, 3 instances (3 nodes)', origins, reads],
    ['reads, 3 instances (3 nodes)', origins, reads],
    ['reads, 1 instance (node 1)', one, reads],
  ];
  const figures: SpreadFigures[] = [];
  for (const [name, targets, factory] of plan) {
    console.log(`Measuring ${name} ...`);
    const figure = await measureSpread(name, targets, config, factory);
    console.log(
      `  ${figure.requestsPerSecond.toFixed(1)} req/s, p50 ${figure.p50Ms} ms, p99 ${figure.p99Ms} ms, ${figure.failures} failures; load average after ${load(figure.loadAfter)}`,
    );
    figures.push(figure);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  const mean = (name: string) => {
    const matching = figures.filter((f) => f.name === name);
    return matching.reduce((sum, f) => sum + f.requestsPerSecond, 0) / matching.length;
  };
  const rates = {
    writes1: mean(plan[0][0]),
    writes3: mean(plan[1][0]),
    reads1: mean(plan[4][0]),
    reads3: mean(plan[5][0]),
  };
  const ratios = { writes: rates.writes3 / rates.writes1, reads: rates.reads3 / rates.reads1 };
  console.log(`\n${figuresTable(figures)}\n`);
  console.log(
    `Ratio 3 instances / 1 instance (means of the two rounds, ${cpus().length} CPUs): ` +
      `writes ${ratios.writes.toFixed(2)} (${rates.writes3.toFixed(1)} / ${rates.writes1.toFixed(1)} req/s), ` +
      `reads ${ratios.reads.toFixed(2)} (${rates.reads3.toFixed(1)} / ${rates.reads1.toFixed(1)} req/s).`,
  );
  for (const [i, server] of servers.entries()) {
    const output = server.outputSince(marks[i]);
    if (output) console.log(`\nInstance ${i + 1} logged during the measurements (last 1,500 characters):\n${output.slice(-1_500)}`);
  }
  const failures = figures
    .filter((f) => f.failures > 0 || f.responses === 0)
    .map(
      (f) =>
        `${f.name}: ${f.responses} responses, ${f.non2xx} non-2xx (${JSON.stringify(f.statusCodes)}), ${f.errors} errors, ${f.timeouts} timeouts`,
    );
  if (!servers.every((server) => server.running)) failures.push('an instance exited during the run');
  if (config.jsonFile) {
    const path = writeJson(config.jsonFile, {
      startedAt,
      finishedAt: new Date().toISOString(),
      mode: 'cluster',
      config: {
        durationSeconds: config.durationSeconds,
        connections: config.connections,
        timeoutSeconds: config.timeoutSeconds,
        events: config.events,
      },
      machine: machine(),
      cluster: { ports: cluster.ports, startMs: start.ms, seed: seeded },
      figures,
      rates,
      ratios,
      failures,
    });
    console.log(`Wrote every figure to ${path}`);
  }
  for (const failure of failures) console.error(`FAILED: ${failure}`);
  return failures.length === 0 ? 0 : 1;
}

main()
  .then(
    (code) => (process.exitCode = code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exitCode = 1;
    },
  )
  .finally(() => cleanUp());
