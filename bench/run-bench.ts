/**
 * `npm run bench`: seeds (or reuses) a database, starts the built service on a free port, reads what
 * to ask for through the API, then measures, over loopback only:
 *
 * - BENCH_MODE=throughput (default): the floor (a plain node:http server replaying the service's
 *   answer to the hot request), the hot request, and a varied mix, each with autocannon;
 * - BENCH_MODE=latency: one request at a time, p50/p99 per kind of request.
 *
 * Exits 1 if any request to the service failed. Everything it started or created is stopped or
 * removed at the end, also on an error or Ctrl-C. See bench/README.md.
 */
import { cpus, loadavg } from 'node:os';
import { BenchConfig, benchConfig } from './bench-config';
import { BenchDatabase, mysqlMemory, prepareDatabase } from './bench-db';
import { BenchServer, freePort } from './bench-server';
import { Catalogue, describeCatalogue, readCatalogue } from './catalogue';
import { cleanUp, cleanUpOnSignals } from './cleanup';
import { FloorServer, recordResponse } from './floor';
import { HOT_PATH, MIX_KINDS, NS } from './kinds';
import { LatencyFigures, measureLatency } from './latency';
import { LoadOptions, Measurement, measureMix, measurePath, stopLoad } from './measure';
import { latencyTable, load, machine, mixTable, percent, throughputTable, writeJson } from './report';

/** Requests sent one at a time before the load, so the service's code paths are compiled. */
const WARM_UP_REQUESTS = 30;

/**
 * The response cache's size for the run: latency mode measures what answering costs, so it runs
 * without the cache (each kind repeats its request, which the cache would answer from memory);
 * throughput mode runs with the service's default. CACHE_MAX_MB in the environment overrides both.
 */
function cacheMegabytes(config: BenchConfig): string {
  return process.env.CACHE_MAX_MB ?? (config.mode === 'latency' ? '0' : '64');
}

/** The service's settings for the run, independent of what the caller's shell exports. */
function serviceEnv(database: BenchDatabase, config: BenchConfig): NodeJS.ProcessEnv {
  return {
    ...process.env,
    ...database.env,
    CACHE_MAX_MB: cacheMegabytes(config),
    LOG_LEVEL: 'warn',
    BASE_PATH: '',
    MAX_PER_PAGE: '50',
    SITE_TIMEZONE: 'UTC',
  };
}

async function get(url: string): Promise<number> {
  const response = await fetch(url);
  await response.arrayBuffer();
  return response.status;
}

/** After a load the service may still be working off requests autocannon gave up on; wait for it. */
async function settle(server: BenchServer): Promise<void> {
  await get(`${server.origin}/health`);
  await new Promise((resolve) => setTimeout(resolve, 1_000));
}

async function warmUp(server: BenchServer, catalogue: Catalogue): Promise<void> {
  for (let i = 0; i < WARM_UP_REQUESTS; i++) {
    await get(`${server.origin}${NS}${HOT_PATH}`);
    await get(`${server.origin}${NS}${MIX_KINDS[i % MIX_KINDS.length].path(catalogue)}`);
  }
}

interface ThroughputFigures {
  floor: Measurement;
  hot: Measurement;
  mix: Measurement;
  /** The recorded hot response the floor server replays. */
  recorded: { status: number; bodyBytes: number; headers: string[] };
}

async function throughput(config: BenchConfig, server: BenchServer, catalogue: Catalogue): Promise<ThroughputFigures> {
  const options: LoadOptions = config;
  console.log(`Warming up (${WARM_UP_REQUESTS} hot and ${WARM_UP_REQUESTS} mixed requests, one at a time) ...`);
  await warmUp(server, catalogue);

  const recorded = await recordResponse(server.origin, `${NS}${HOT_PATH}`);
  if (recorded.status !== 200) throw new Error(`GET ${NS}${HOT_PATH} answered ${recorded.status}; nothing to replay.`);
  const bodyBytes = Buffer.from(recorded.bodyBase64, 'base64').length;
  console.log(
    `Recorded the hot response: ${recorded.status}, ${bodyBytes} bytes of body, headers ${Object.keys(recorded.headers).join(', ')}`,
  );

  const floorServer = new FloorServer();
  await floorServer.start(recorded);
  console.log(`\n[1/3] floor: node:http replaying it on ${floorServer.origin} (load average ${load(loadavg())}) ...`);
  const floor = await measurePath('floor (node:http replay)', floorServer.origin, `${NS}${HOT_PATH}`, options);
  await floorServer.stop();
  console.log(`      ${floor.requestsPerSecond.toFixed(1)} req/s; load average after ${load(floor.loadAfter)}`);
  await new Promise((resolve) => setTimeout(resolve, 1_000));

  console.log(`[2/3] hot: GET ${NS}${HOT_PATH} (load average ${load(loadavg())}) ...`);
  const hot = await measurePath('hot `events?per_page=10`', server.origin, `${NS}${HOT_PATH}`, options);
  hot.shareOfFloor = hot.requestsPerSecond / floor.requestsPerSecond;
  console.log(
    `      ${hot.requestsPerSecond.toFixed(1)} req/s (${percent(hot.shareOfFloor)} of floor); load average after ${load(hot.loadAfter)}`,
  );
  await settle(server);

  console.log(`[3/3] varied mix (load average ${load(loadavg())}) ...`);
  const mix = await measureMix('varied mix', server.origin, catalogue, options);
  mix.shareOfFloor = mix.requestsPerSecond / floor.requestsPerSecond;
  console.log(
    `      ${mix.requestsPerSecond.toFixed(1)} req/s (${percent(mix.shareOfFloor)} of floor); load average after ${load(mix.loadAfter)}`,
  );

  console.log(`\n${throughputTable([floor, hot, mix])}\n`);
  console.log(`${mixTable(mix)}\n`);
  return { floor, hot, mix, recorded: { status: recorded.status, bodyBytes, headers: Object.keys(recorded.headers) } };
}

async function latency(config: BenchConfig, server: BenchServer, catalogue: Catalogue): Promise<LatencyFigures> {
  console.log(`Latency: one request at a time, 2 warm-up + ${config.samples} samples per kind, kinds in random order each round ...`);
  const figures = await measureLatency(server.origin, catalogue, config.samples, config.timeoutSeconds, config.skipKinds);
  console.log(`\n${latencyTable(figures)}\n`);
  console.log(
    `Load average before ${load(figures.loadBefore)}, after ${load(figures.loadAfter)}. p99 is nearest-rank: of ${config.samples} samples per kind, the ${Math.ceil(0.99 * config.samples)}th smallest${config.samples < 100 ? ', i.e. the maximum' : ''}.`,
  );
  for (const detail of figures.failureDetails.slice(0, 20)) console.error(`  FAILED: ${detail}`);
  return figures;
}

async function main(): Promise<number> {
  const config = benchConfig();
  cleanUpOnSignals(stopLoad);
  const startedAt = new Date().toISOString();
  console.log(`Calendar API bench: mode ${config.mode}, database ${config.db}, CACHE_MAX_MB=${cacheMegabytes(config)}; ${machine()}`);
  if (config.mode === 'throughput') {
    console.log(
      `Load: ${config.connections} connections, ${config.durationSeconds} s per measurement, timeout ${config.timeoutSeconds} s.`,
    );
  }

  const database = await prepareDatabase(config);
  if (database.reused) {
    console.log(
      `Reusing ${database.description} database ${database.location}${process.env.BENCH_EVENTS ? ' (BENCH_EVENTS is ignored)' : ''}.`,
    );
  }
  const server = new BenchServer(await freePort(), serviceEnv(database, config));
  await server.start();
  console.log(`Service (pid ${server.pid}) ready on ${server.origin}, ${database.description}.`);
  const catalogue = await readCatalogue(server.origin);
  const memory = await mysqlMemory(config, database);
  console.log(`Data: ${describeCatalogue(catalogue)}${memory ? `; ${memory}` : ''}.\n`);

  const mark = server.outputMark();
  const figures = config.mode === 'throughput' ? await throughput(config, server, catalogue) : await latency(config, server, catalogue);
  const serviceLog = server.outputSince(mark);
  if (serviceLog) console.log(`The service logged during the measurements (last 4,000 characters at most):\n${serviceLog}`);

  const failures: string[] = [];
  if ('hot' in figures) {
    for (const m of [figures.hot, figures.mix]) {
      if (m.failures > 0 || m.requests === 0) {
        const codes = Object.entries(m.statusCodes)
          .filter(([code]) => !code.startsWith('2'))
          .map(([code, count]) => `${count} × ${code}`);
        failures.push(
          `${m.name}: ${m.requests} responses, ${m.non2xx} non-2xx${codes.length ? ` (${codes.join(', ')})` : ''}, ${m.errors} errors, ${m.timeouts} timeouts`,
        );
      }
    }
  } else {
    for (const k of figures.kinds) if (k.failures > 0) failures.push(`${k.name}: ${k.failures} failed requests`);
  }
  if (!server.running) failures.push('the service exited during the run');

  if (config.jsonFile) {
    const path = writeJson(config.jsonFile, {
      startedAt,
      finishedAt: new Date().toISOString(),
      mode: config.mode,
      config: { ...config, mysql: { ...config.mysql, password: config.mysql.password ? '(set)' : '' } },
      machine: { cpus: cpus().length, cpuModel: cpus()[0]?.model.trim(), node: process.version, platform: process.platform },
      database: {
        type: database.type,
        location: database.location,
        server: database.description,
        reused: database.reused,
        seed: database.seed,
      },
      data: {
        events: catalogue.events.total,
        firstStart: new Date(catalogue.events.firstStartMs).toISOString(),
        lastStart: new Date(catalogue.events.lastStartMs).toISOString(),
        venues: catalogue.venues.total,
        organizers: catalogue.organizers.total,
        categories: catalogue.categories.total,
        tags: catalogue.tags.total,
      },
      ...(config.mode === 'throughput' ? { throughput: figures } : { latency: figures }),
      serviceLog,
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
