/**
 * One subscribed calendar, due, with three instances looking for due sources every
 * IMPORT_REFRESH_CHECK_SECONDS (README, Importing calendars): each round the source is fetched
 * exactly once, whichever instance takes the lease, although each instance looks several times.
 */
import { startFeedServer } from '../support/feed-server';
import { CheckResult } from '../load/checks';
import { Ctx, log, newPhase, printPhase } from './phases';
import { ClusterPhase } from './report';

const ROUNDS = 3;
/** One event, as a subscription link would serve it (written out: the e2e helpers need the Nest test app). */
const CALENDAR = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:-//Calendar API cluster test//EN',
  'BEGIN:VEVENT',
  'UID:cluster-1@example.org',
  'DTSTAMP:20260101T000000Z',
  'DTSTART;TZID=Europe/Berlin:20270601T200000',
  'DTEND;TZID=Europe/Berlin:20270601T220000',
  'SUMMARY:Cluster-Konzert',
  'END:VEVENT',
  'END:VCALENDAR',
  '',
].join('\r\n');
/** Looks per instance to wait for after a round's fetch before counting (the instances' interval is 1 s). */
const QUIET_MS = 4_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(condition: () => boolean, limitMs: number): Promise<boolean> {
  for (const deadline = Date.now() + limitMs; Date.now() < deadline; await sleep(100)) if (condition()) return true;
  return condition();
}

export async function importRefreshPhase(ctx: Ctx): Promise<ClusterPhase> {
  const phase = newPhase('import refresh');
  const started = performance.now();
  const feeds = await startFeedServer();
  try {
    feeds.publish('/cluster.ics', CALENDAR);
    const created = await ctx.api.client.send({
      method: 'POST',
      path: '/calendar/events/v1/imports',
      token: ctx.api.token,
      body: { url: feeds.url('/cluster.ics'), refresh: 'PT15M' },
    });
    const id = (created.json as { id?: number } | undefined)?.id;
    if (created.status !== 201 || id === undefined)
      throw new Error(`POST /imports answered ${created.status}: ${created.text?.slice(0, 300)}`);
    const failures: string[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const before = feeds.count('/cluster.ics');
      await ctx.db.query('UPDATE import_sources SET next_run_at = UTC_TIMESTAMP() - INTERVAL 1 MINUTE WHERE id = ?', [id]);
      const fetched = await until(() => feeds.count('/cluster.ics') > before, 30_000);
      await sleep(QUIET_MS);
      const fetches = feeds.count('/cluster.ics') - before;
      log(`import refresh round ${round}: ${fetches} fetch(es)`);
      if (!fetched || fetches !== 1) failures.push(`round ${round}: the due source was fetched ${fetches} times`);
      const [row] = await ctx.db.query('SELECT next_run_at > UTC_TIMESTAMP() AS ahead FROM import_sources WHERE id = ?', [id]);
      if (Number(row?.ahead) !== 1) failures.push(`round ${round}: next_run_at did not move ahead`);
    }
    const check: CheckResult = {
      name: 'a due source is refreshed exactly once by three instances',
      ok: failures.length === 0,
      summary: `${ROUNDS} rounds, ${QUIET_MS / 1000} s of looks by every instance after each fetch`,
      examples: failures,
    };
    phase.checks.push(check);
  } finally {
    await feeds.close();
  }
  phase.seconds = (performance.now() - started) / 1000;
  ctx.phases.push(phase);
  printPhase(phase);
  return phase;
}
