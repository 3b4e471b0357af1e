/**
 * Instance 3 after its node rejoined: ready again by itself, without a restart
 * of its process, within the limit; and then it counts exactly what instance 1 counts.
 */
import { CheckResult, countBy, formatCounts } from '../load/checks';
import { HttpClient } from '../load/http-client';
import { probeReady } from '../load/processes';
import { NS } from '../load/workload';

interface Recovery {
  /** ms from the node being Synced again to the first /ready 200; undefined if it never came. */
  readyAfterMs?: number;
  /** Every /ready answer meanwhile. */
  answers: Map<string, number>;
  waitedMs: number;
}

/**
 * Polls /ready every 250 ms until 200, for up to `giveUpMs` (longer than the limit, so a late
 * recovery is measured, not just failed).
 */
export async function waitForReady(port: number, giveUpMs: number): Promise<Recovery> {
  const started = performance.now();
  const answers: string[] = [];
  while (performance.now() - started < giveUpMs) {
    const probe = await probeReady(port, 2_000);
    answers.push(probe.status !== undefined ? String(probe.status) : (probe.error ?? 'error'));
    if (probe.status === 200) {
      return { readyAfterMs: performance.now() - started, answers: countBy(answers, (a) => a), waitedMs: performance.now() - started };
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { answers: countBy(answers, (a) => a), waitedMs: performance.now() - started };
}

export function recoveryCheck(instance: string, recovery: Recovery, limitMs: number, samePid: boolean, pidNote: string): CheckResult {
  const failures: string[] = [];
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  if (recovery.readyAfterMs === undefined) failures.push(`not ready ${seconds(recovery.waitedMs)} after its node was Synced`);
  else if (recovery.readyAfterMs > limitMs) failures.push(`ready only ${seconds(recovery.readyAfterMs)} after its node was Synced`);
  if (!samePid) failures.push(`its process did not survive the outage: ${pidNote}`);
  const when = recovery.readyAfterMs === undefined ? 'never ready' : `ready ${seconds(recovery.readyAfterMs)} after its node was Synced`;
  return {
    name: `instance ${instance} ready within ${seconds(limitMs)} of its node rejoining, without a restart`,
    ok: failures.length === 0,
    summary: `${failures.length ? 'FAILED; ' : ''}${when}; ${pidNote}; /ready answers meanwhile: ${formatCounts(recovery.answers)}`,
    examples: failures,
  };
}

interface Side {
  name: string;
  client: HttpClient;
}

const ALL_TIME = 'start_date=2000-01-01&end_date=2100-12-31';
/** What an administrator's list totals say; the same on every instance of one database. */
const TOTALS: Array<[string, string]> = [
  ['events status=any', `/events?status=any&${ALL_TIME}&per_page=1`],
  ['events status=trash', `/events?status=trash&${ALL_TIME}&per_page=1`],
  ['venues status=any', '/venues?status=any&per_page=1'],
  ['organizers status=any', '/organizers?status=any&per_page=1'],
  ['categories', '/categories?hide_empty=false&per_page=1'],
  ['tags', '/tags?hide_empty=false&per_page=1'],
];

async function getJson(side: Side, token: string, path: string): Promise<Record<string, unknown>> {
  const res = await side.client.send({ method: 'GET', path: `${NS}${path}`, token });
  if (res.status !== 200)
    throw new Error(`GET ${path} through instance ${side.name} answered ${res.status ?? res.error} ${res.text?.slice(0, 200) ?? ''}`);
  return res.json as Record<string, unknown>;
}

/** Totals of every list and the count of every term, as one instance answers them. */
async function countsOf(side: Side, token: string): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (const [label, path] of TOTALS) out.set(label, Number((await getJson(side, token, path)).total));
  for (const collection of ['categories', 'tags']) {
    for (let page = 1; ; page++) {
      const body = await getJson(side, token, `/${collection}?hide_empty=false&per_page=50&orderby=id&page=${page}`);
      for (const term of body[collection] as Array<{ id: number; name: string; count: number }>) {
        out.set(`count of ${collection} ${term.id} "${term.name}"`, term.count);
      }
      if (page >= Number(body.total_pages)) break;
    }
  }
  return out;
}

/** Instance B answers every list total and term count exactly as instance A. */
export async function compareCounts(a: Side, b: Side, token: string): Promise<CheckResult> {
  const name = `instance ${b.name} counts the same records as instance ${a.name} (list totals as administrator, term counts)`;
  let left: Map<string, number>;
  let right: Map<string, number>;
  try {
    [left, right] = await Promise.all([countsOf(a, token), countsOf(b, token)]);
  } catch (error) {
    return { name, ok: false, summary: 'FAILED; could not read the counts', examples: [(error as Error).message] };
  }
  const failures: string[] = [];
  for (const key of new Set([...left.keys(), ...right.keys()])) {
    if (left.get(key) !== right.get(key)) {
      failures.push(`${key}: instance ${a.name} ${left.get(key) ?? 'absent'}, instance ${b.name} ${right.get(key) ?? 'absent'}`);
    }
  }
  const totals = TOTALS.map(([label]) => `${label} ${left.get(label)}/${right.get(label)}`).join(', ');
  return {
    name,
    ok: failures.length === 0,
    summary: `${failures.length ? `${failures.length} differ; ` : ''}${totals}; ${left.size - TOTALS.length} term counts compared`,
    examples: failures.slice(0, 5),
  };
}
