/**
 * `/health` while calendar feeds render: BENCH_EVENTS (default 1,000) seeded events, then rounds of
 * FEEDS (4) concurrent feed requests that each miss the response cache (another `start_date` each
 * time), while one client asks `/health` one request after another. Prints the feeds' times and
 * `/health`'s latencies (p50, p99, max) during the rounds.
 *
 *   npm run build && node -r ts-node/register/transpile-only bench/feed-health.ts
 *   BENCH_DB=mysql node -r ts-node/register/transpile-only bench/feed-health.ts
 */
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { benchConfig } from './bench-config';
import { prepareDatabase } from './bench-db';
import { BenchServer, freePort } from './bench-server';
import { cleanUp, cleanUpOnSignals } from './cleanup';
import { percentile } from './measure';

const FEEDS = 4;
const ROUNDS = 5;

function get(agent: Agent, origin: string, path: string): Promise<{ status: number; bytes: number; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(`${origin}${path}`, { agent }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes, ms: performance.now() - started }));
    });
    req.on('error', reject);
    req.end();
  });
}

async function main(): Promise<void> {
  cleanUpOnSignals(() => undefined);
  const config = { ...benchConfig(), events: Number(process.env.BENCH_EVENTS ?? 1000) };
  const database = await prepareDatabase(config);
  const server = new BenchServer(await freePort(), {
    ...process.env,
    ...database.env,
    SITE_TIMEZONE: 'UTC',
    LOG_LEVEL: 'warn',
    ICS_MAX_EVENTS: '1000',
  });
  await server.start();
  const feeds = new Agent({ keepAlive: true, maxSockets: FEEDS });
  const probe = new Agent({ keepAlive: true, maxSockets: 1 });
  const health: number[] = [];
  const feedMs: number[] = [];
  let feedBytes = 0;
  await get(feeds, server.origin, '/calendar/events/v1/events.ics');
  for (let round = 0; round < ROUNDS; round++) {
    let done = false;
    const misses = Array.from({ length: FEEDS }, (_, i) =>
      get(feeds, server.origin, `/calendar/events/v1/events.ics?start_date=2020-01-${String(round * FEEDS + i + 1).padStart(2, '0')}`),
    );
    const all = Promise.all(misses).then((answers) => {
      done = true;
      return answers;
    });
    while (!done) health.push((await get(probe, server.origin, '/health')).ms);
    for (const answer of await all) {
      if (answer.status !== 200) throw new Error(`feed answered ${answer.status}`);
      feedMs.push(answer.ms);
      feedBytes = answer.bytes;
    }
  }
  const sorted = [...health].sort((a, b) => a - b);
  const figures = {
    database: database.description,
    events: config.events,
    feeds_per_round: FEEDS,
    rounds: ROUNDS,
    feed_bytes: feedBytes,
    feed_ms_p50: Math.round(
      percentile(
        [...feedMs].sort((a, b) => a - b),
        50,
      ),
    ),
    feed_ms_max: Math.round(Math.max(...feedMs)),
    health_requests: health.length,
    health_ms_p50: Number(percentile(sorted, 50).toFixed(1)),
    health_ms_p99: Number(percentile(sorted, 99).toFixed(1)),
    health_ms_max: Number(Math.max(...health).toFixed(1)),
  };
  console.log(JSON.stringify(figures));
  feeds.destroy();
  probe.destroy();
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => cleanUp());
