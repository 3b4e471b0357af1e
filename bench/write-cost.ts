/**
 * The cost of one event write with a long description, one request at a time: `BENCH_SAMPLES`
 * creates, then as many updates that change the description (so the search index, where a
 * database keeps one per write, changes most of its entries), each with a new 2,000-character
 * description (`BENCH_DESCRIPTION_CHARS`). Prints p50/p99 per kind and the load averages.
 *
 *   BENCH_DB=mysql npm run bench:writes                 # a fresh database with BENCH_EVENTS (10,000) seeded
 *   BENCH_DB=mysql BENCH_REUSE_DB=bench_0123 npm run bench:writes
 */
import { loadavg } from 'node:os';
import { benchConfig } from './bench-config';
import { prepareDatabase } from './bench-db';
import { startWriteServer } from './bench-server';
import { cleanUp, cleanUpOnSignals } from './cleanup';
import { NS } from './kinds';
import { percentile } from './measure';

const WORDS = ['Abendjazz', 'Konzert', 'Führung', 'family', 'Straße', 'Kinder', 'Markt', 'Lesung', 'open air', 'Ärger', 'Theater', 'Kunst'];

/** A description of `chars` characters of varied words (varied, so it has many distinct grams). */
function description(chars: number, seed: number): string {
  let text = '<p>';
  for (let i = seed; text.length < chars; i++) text += `${WORDS[(i * 7) % WORDS.length]}${i % 97} `;
  return text.slice(0, chars - 4) + '</p>';
}

async function timed(url: string, init: RequestInit): Promise<{ ms: number; status: number; body: { id?: number } }> {
  const started = process.hrtime.bigint();
  const response = await fetch(url, init);
  const body = (await response.json()) as { id?: number };
  return { ms: Number(process.hrtime.bigint() - started) / 1e6, status: response.status, body };
}

async function main(): Promise<number> {
  const config = benchConfig();
  cleanUpOnSignals(() => undefined);
  const chars = Number(process.env.BENCH_DESCRIPTION_CHARS ?? 2000);
  const database = await prepareDatabase(config);
  const { server, headers } = await startWriteServer(database.env);
  const events = `${server.origin}${NS}/events`;
  const loadBefore = loadavg()[0];
  const figures: Record<string, number[]> = { create: [], update: [] };
  const ids: number[] = [];
  let failures = 0;
  // Two warm-up writes of each kind, not counted.
  for (let i = 0; i < config.samples + 2; i++) {
    const body = {
      title: `Write cost ${i}`,
      start_date: '2031-06-01 10:00',
      end_date: '2031-06-01 12:00',
      description: description(chars, i),
    };
    const created = await timed(events, { method: 'POST', headers, body: JSON.stringify(body) });
    if (created.status !== 201) failures++;
    else ids.push(Number(created.body.id));
    if (i >= 2) figures.create.push(created.ms);
  }
  for (const [i, id] of ids.entries()) {
    const updated = await timed(`${events}/${id}`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ description: description(chars, i + 1000) }),
    });
    if (updated.status !== 200) failures++;
    if (i >= 2) figures.update.push(updated.ms);
  }
  const loadAfter = loadavg()[0];
  console.log(`Event writes with a ${chars}-character description, one at a time, ${database.description} (${database.location}):`);
  for (const [kind, values] of Object.entries(figures)) {
    console.log(
      `  ${kind}: p50 ${percentile(values, 50).toFixed(1)} ms, p99 ${percentile(values, 99).toFixed(1)} ms (${values.length} samples)`,
    );
  }
  console.log(`Load average (1 min) before ${loadBefore.toFixed(2)}, after ${loadAfter.toFixed(2)}; failures: ${failures}.`);
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
