/**
 * `npm run bench`: seeds a temporary SQLite database, starts the built service on a free port and
 * measures the event list with autocannon over loopback. Fails when any response is not 2xx.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchConfig } from './bench-config';
import { BenchServer, freePort } from './bench-server';
import { describe, measure, Measurement } from './measure';

const ROOT = join(__dirname, '..');
const NS = '/calendar/events/v1';
const DAY_MS = 86_400_000;

/** Other work on the machine skews the figures; printed so a reader can judge them. */
const machine = () =>
  `${cpus().length} CPUs, load average ${loadavg()
    .map((load) => load.toFixed(2))
    .join(' ')}`;

/** The service's settings for the run, independent of what the caller's shell exports. */
function serviceEnv(dbPath: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DB_TYPE: 'sqlite',
    DB_PATH: dbPath,
    LOG_LEVEL: 'warn',
    BASE_PATH: '',
    MAX_PER_PAGE: '50',
    SITE_TIMEZONE: 'UTC',
  };
}

function seed(env: NodeJS.ProcessEnv, events: number): string {
  const run = spawnSync(process.execPath, [join(ROOT, 'dist/apps/cli/src/main.js'), 'seed', '--events', String(events)], {
    cwd: ROOT,
    env,
    encoding: 'utf8',
    timeout: 600_000,
  });
  if (run.status !== 0) throw new Error(`seed failed (exit ${run.status}): ${run.stderr}`);
  return run.stdout.trim();
}

/** The category with the most events, so the filtered list is never empty. */
async function busiestCategory(origin: string): Promise<string> {
  const response = await fetch(`${origin}${NS}/categories?per_page=50`);
  if (!response.ok) throw new Error(`GET /categories answered ${response.status}`);
  const { categories } = (await response.json()) as { categories: Array<{ slug: string; count: number }> };
  const busiest = [...categories].sort((a, b) => b.count - a.count)[0];
  if (!busiest || busiest.count === 0) throw new Error('No category has events.');
  return busiest.slug;
}

async function main(): Promise<number> {
  const config = benchConfig();
  const dir = mkdtempSync(join(tmpdir(), 'calendar-bench-'));
  const env = serviceEnv(join(dir, 'calendar.sqlite'));
  const server = new BenchServer(await freePort(), env);
  const stopOnSignal = () => void server.stop().finally(() => rmSync(dir, { recursive: true, force: true }));
  process.once('SIGINT', stopOnSignal);
  process.once('SIGTERM', stopOnSignal);
  try {
    console.log(`Seeding ${config.events} events into ${dir} ...`);
    console.log(`  ${seed(env, config.events)}`);
    await server.start();
    // A month ahead lies inside the seeded year whatever day the benchmark runs.
    const startDate = new Date(Date.now() + 30 * DAY_MS).toISOString().slice(0, 10);
    const scenarios = [
      { name: 'First page, 10 per page', path: `${NS}/events?per_page=10` },
      {
        name: 'Category and start date, 50 per page',
        path: `${NS}/events?per_page=50&categories=${await busiestCategory(server.origin)}&start_date=${startDate}`,
      },
    ];
    console.log(`Load: ${config.connections} connections, ${config.durationSeconds} s per request, on ${server.origin}`);
    console.log(`Machine: ${machine()}\n`);
    const results: Measurement[] = [];
    for (const scenario of scenarios) {
      const result = await measure(scenario.name, server.origin, scenario.path, config);
      results.push(result);
      console.log(`${describe(result)}\n`);
    }
    console.log(`Machine after the run: ${machine()}`);
    const failed = results.filter((r) => r.non2xx > 0 || r.errors > 0 || r.timeouts > 0 || r.requests === 0);
    for (const r of failed)
      console.error(`FAILED: ${r.name} had ${r.non2xx} non-2xx responses, ${r.errors} errors, ${r.timeouts} timeouts.`);
    return failed.length === 0 ? 0 : 1;
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  (code) => (process.exitCode = code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  },
);
