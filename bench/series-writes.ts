/**
 * The cost of series writes, one request at a time (BENCH_SAMPLES each, after two warm-ups): create
 * a daily series of 730 occurrences, change its rule (730 → 700 occurrences, the kept ones keep their
 * IDs), and a `scope=this` edit of one of its occurrences. Prints p50/p99 per kind and the load averages.
 *
 *   npm run bench:series                        # SQLite, a fresh database with BENCH_EVENTS (10,000) seeded
 *   BENCH_DB=mysql BENCH_REUSE_DB=bench_0123 npm run bench:series
 */
import { loadavg } from 'node:os';
import { benchConfig } from './bench-config';
import { prepareDatabase } from './bench-db';
import { startWriteServer } from './bench-server';
import { cleanUp, cleanUpOnSignals } from './cleanup';
import { NS } from './kinds';
import { percentile } from './measure';

const OCCURRENCES = 730;

async function timed(
  url: string,
  init: RequestInit,
): Promise<{ ms: number; status: number; total: string | null; body: { id?: number; events?: Array<{ id: number }> } }> {
  const started = process.hrtime.bigint();
  const response = await fetch(url, init);
  const body = (await response.json()) as { id?: number };
  const total = response.headers.get('x-tec-total');
  return { ms: Number(process.hrtime.bigint() - started) / 1e6, status: response.status, total, body };
}

async function main(): Promise<number> {
  const config = benchConfig();
  cleanUpOnSignals(() => undefined);
  const database = await prepareDatabase(config);
  const { server, headers } = await startWriteServer(database.env);
  const events = `${server.origin}${NS}/events`;
  const loadBefore = loadavg();
  const figures: Record<string, number[]> = { 'create, 730 occurrences': [], 'change its rule (730 → 700)': [], 'scope=this edit': [] };
  const [create, rule, edit] = Object.values(figures);
  let failures = 0;
  const check = (status: number, wanted: number) => {
    if (status !== wanted) failures++;
  };
  for (let i = 0; i < config.samples + 2; i++) {
    // From tomorrow: occurrences exist up to the horizon (24 months), so all 730 are written.
    const day = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const body = {
      title: `Opening hours ${i}`,
      description: '<p>The museum is open every day.</p>',
      start_date: `${day} 10:00`,
      end_date: `${day} 18:00`,
      timezone: 'Europe/Berlin',
      categories: ['Museum'],
      recurrence: { rrule: `FREQ=DAILY;COUNT=${OCCURRENCES}` },
    };
    const created = await timed(events, { method: 'POST', headers, body: JSON.stringify(body) });
    check(created.status, 201);
    const id = Number(created.body.id);
    const changed = await timed(`${events}/${id}`, {
      method: 'PATCH',
      headers,
      body: JSON.stringify({ recurrence: { rrule: `FREQ=DAILY;COUNT=${OCCURRENCES - 30}` } }),
    });
    check(changed.status, 200);
    const listed = await timed(`${events}?recurring_event=${id}&per_page=1&page=100&start_date=${day}`, { headers });
    if (Number(listed.total) !== OCCURRENCES - 30) failures++;
    const occurrence = listed.body.events?.[0]?.id;
    const edited = await timed(`${events}/${occurrence}`, {
      method: 'PATCH',
      headers,
      body: JSON.stringify({ title: `Late opening ${i}` }),
    });
    check(edited.status, 200);
    if (i < 2) continue;
    create.push(created.ms);
    rule.push(changed.ms);
    edit.push(edited.ms);
  }
  const loadAfter = loadavg();
  console.log(`Series writes, one at a time, ${database.description} (${database.location}):`);
  for (const [kind, values] of Object.entries(figures)) {
    console.log(
      `  ${kind}: p50 ${percentile(values, 50).toFixed(1)} ms, p99 ${percentile(values, 99).toFixed(1)} ms (${values.length} samples)`,
    );
  }
  const load = (values: number[]) => values.map((value) => value.toFixed(2)).join(' / ');
  console.log(`Load average (1/5/15 min) before ${load(loadBefore)}, after ${load(loadAfter)}; failures: ${failures}.`);
  return failures > 0 ? 1 : 0;
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
