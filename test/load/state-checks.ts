import { CheckResult, describe, outcome, result, short } from './checks';
import { TestDatabase } from './database';
import { Api, ApiEvent, apiEvents, EventJson, EventState, histories, History, project, same, stateAfter } from './event-states';
import { Links, snapshot, Snapshot, storedLinks, storedPositions } from './snapshot';
import {
  checkFailedLeftNothing,
  checkLinkedRecordsStored,
  checkNoDanglingLinks,
  checkNoDuplicates,
  checkOneRowPerCreate,
  checkPlaceTotals,
  checkPostingCopies,
  checkTermCounts,
  checkUniqueSlugs,
} from './stored-records-checks';
import { Exchange, LoadState } from './workload';

// Checks of the events' final states against the writes that reached them, run together by stateChecks.

function describeState(state: EventState | { unreadable: string }): string {
  if ('unreadable' in state) return state.unreadable;
  if (state.gone) return 'gone';
  return short(state, 400);
}

/**
 * Last write wins: the final state of every event must equal what one of its last 2xx writes
 * answered. A write is "last" unless another 2xx write on the same event started after it had
 * answered; overlapping writes may have committed in either order.
 */
function checkWritesReadable(snap: Snapshot, hist: Map<number, History>, api: Map<number, ApiEvent>): CheckResult {
  const failures: string[] = [];
  let compared = 0;
  let skipped = 0;
  for (const [id, h] of hist) {
    if (h.known.length === 0) continue;
    const actual = api.get(id);
    if (!actual) {
      failures.push(`event ${id}: not read back`);
      continue;
    }
    const stored = snap.events.get(id);
    const forced = h.known.find((ex) => ex.op === 'force');
    const isGone = 'gone' in actual.state && actual.state.gone;
    if (forced && !isGone) {
      failures.push(`event ${id}: force-deleted by ${describe(forced)} (200) but still there: ${describeState(actual.state)}`);
      continue;
    }
    if (isGone && stored) {
      failures.push(`event ${id}: the API answers 404 but the row is in the database (status ${stored.status})`);
      continue;
    }
    if (h.unknown.length) {
      skipped += 1;
      continue;
    }
    compared += 1;
    const candidates = h.known.filter((w) => !h.known.some((other) => other !== w && other.startedAt > w.endAt));
    if ('unreadable' in actual.state) {
      failures.push(`event ${id}: ${actual.state.unreadable}`);
      continue;
    }
    const finalState = actual.state;
    if (candidates.some((w) => same(stateAfter(w), finalState))) continue;
    failures.push(
      `event ${id}: now ${describeState(finalState)} (${actual.via}); the last 2xx writes answered: ` +
        candidates.map((w) => `${describe(w)} -> ${w.status} ${describeState(stateAfter(w))}`).join(' | ') +
        `; stored links (id@position): ${storedPositions(snap, id)}`,
    );
  }
  return result(
    'every 2xx write readable with the values it returned (last write wins)',
    failures,
    `${compared} events compared${skipped ? `, ${skipped} skipped (a write to them lost its answer: kill/SIGTERM)` : ''}`,
  );
}

/** How many distinct links a body asks for, per kind; undefined when the body leaves the kind alone. */
function requestedLinks(body: Record<string, unknown> | undefined): Partial<Record<keyof Links, number>> {
  const out: Partial<Record<keyof Links, number>> = {};
  if (!body) return out;
  const list = (value: unknown): unknown[] =>
    value === undefined || value === null || value === '' ? [] : Array.isArray(value) ? value : [value];
  const key = (item: unknown) =>
    typeof item === 'object' && item !== null
      ? Object.values(item as Record<string, unknown>)
          .map((v) => String(v).toLowerCase())
          .join('|')
      : `#${String(item).toLowerCase()}`;
  if (body.venue !== undefined) out.venues = new Set(list(body.venue).map(key)).size;
  if (body.organizer !== undefined) out.organizers = new Set(list(body.organizer).map(key)).size;
  if (body.categories !== undefined) out.categories = new Set(list(body.categories).map(key)).size;
  if (body.tags !== undefined) out.tags = new Set(list(body.tags).map(key)).size;
  return out;
}

const KINDS: Array<keyof Links> = ['venues', 'organizers', 'categories', 'tags'];

/** A 201 answer lists every link its body asked for: nobody else knew the new ID yet, so nothing may differ. */
function checkCreateAnswersComplete(all: Exchange[]): CheckResult {
  const failures: string[] = [];
  let count = 0;
  for (const ex of all) {
    if (ex.op !== 'create' || outcome(ex) !== 'ok') continue;
    count += 1;
    const asked = requestedLinks(ex.body);
    const got = project(ex.json as EventJson) as Links;
    const missing = KINDS.filter((kind) => (asked[kind] ?? 0) !== got[kind].length).map(
      (kind) => `${kind}: asked ${asked[kind] ?? 0}, answered ${got[kind].length}`,
    );
    if (missing.length) failures.push(`${describe(ex)}: ${missing.join(', ')}; body ${short(ex.body, 250)}`);
  }
  return result('every 201 lists all links its body asked for', failures, `${count} creates`);
}

/**
 * No half-written event: where a write's answer was lost (kill -9, SIGTERM), the stored links of
 * each kind must have a count some complete write could have left. A create whose answer was lost
 * either left nothing (not even its new venue, organizer or terms) or the complete event.
 */
function checkNoPartialEvents(all: Exchange[], snap: Snapshot, hist: Map<number, History>): CheckResult {
  const failures: string[] = [];
  const names = new Set<string>([
    ...[...snap.venues.values()].map((v) => v.title.toLowerCase()),
    ...[...snap.organizers.values()].map((o) => o.title.toLowerCase()),
    ...[...snap.terms.values()].map((t) => t.name.toLowerCase()),
  ]);
  let checked = 0;
  for (const ex of all) {
    if (ex.op !== 'create' || outcome(ex) !== 'unknown') continue;
    const rows = snap.markers.get(ex.seq) ?? [];
    if (rows.length === 0) {
      const left = ex.uniqueNames.filter((name) => names.has(name.toLowerCase()));
      if (left.length)
        failures.push(`${describe(ex)} lost its answer and stored no event, but its new ${left.join(', ')} exist (partial write)`);
    }
  }
  for (const [id, h] of hist) {
    if (h.unknown.length === 0 || !snap.events.has(id)) continue;
    checked += 1;
    const links = storedLinks(snap, id);
    const possible = new Map<keyof Links, Set<number>>(KINDS.map((k) => [k, new Set<number>()]));
    for (const ex of h.known) {
      if (ex.op === 'force') continue;
      const state = project(ex.json as EventJson) as Links;
      for (const k of KINDS) possible.get(k)?.add(state[k].length);
    }
    for (const ex of h.unknown) {
      const asked = requestedLinks(ex.body);
      for (const k of KINDS) {
        if (asked[k] !== undefined) possible.get(k)?.add(asked[k] as number);
        else if (ex.op === 'create') possible.get(k)?.add(0);
      }
    }
    const wrong = KINDS.filter((k) => !possible.get(k)?.has(links[k].length));
    if (wrong.length) {
      failures.push(
        `event ${id} has ${wrong.map((k) => `${links[k].length} ${k} (possible: ${[...(possible.get(k) ?? [])].join('/')})`).join(', ')}; ` +
          `writes with lost answers: ${h.unknown.map(describe).join(' | ')}`,
      );
    }
  }
  return result('no partial record (an event without its links)', failures, `${checked} events touched by writes whose answer was lost`);
}

/** A probe listed something only a rejected (rolled back) write ever named: it read uncommitted data. */
function checkNoDirtyReads(exchanges: Exchange[]): CheckResult {
  const failures: string[] = [];
  const probes = exchanges.filter((ex) => ex.op === 'probe' && ex.status === 200);
  for (const ex of probes) {
    const json = ex.json as Record<string, unknown>;
    const list = ['venues', 'organizers', 'categories', 'tags', 'events'].map((k) => json[k]).find(Array.isArray) as
      | Array<Record<string, unknown>>
      | undefined;
    if (list && list.length) {
      failures.push(
        `${describe(ex)} listed ${list.map((item) => `${item.id} "${item.venue ?? item.organizer ?? item.name ?? item.title}"`).join(', ')}`,
      );
    }
  }
  return result('no dirty read (probes never list what a rolled-back write named)', failures, `${probes.length} probes answered`);
}

/**
 * Every check that needs the database and the API, over everything the run has sent so far.
 * `dirtyReads: false` leaves out the dirty-read check, for a load that ran without probers.
 */
export async function stateChecks(
  state: LoadState,
  phaseExchanges: Exchange[],
  db: TestDatabase,
  api: Api,
  options: { dirtyReads?: boolean } = {},
): Promise<CheckResult[]> {
  const all = state.exchanges;
  const snap = await snapshot(db);
  const hist = histories(all, snap);
  const ids = [...hist.entries()].filter(([, h]) => h.known.length > 0).map(([id]) => id);
  const apiStates = await apiEvents(api, ids);
  return [
    checkWritesReadable(snap, hist, apiStates),
    checkLinkedRecordsStored(all, snap),
    checkCreateAnswersComplete(all),
    checkOneRowPerCreate(all, snap),
    checkUniqueSlugs(snap),
    checkNoDuplicates(snap),
    await checkTermCounts(api, snap),
    await checkPlaceTotals(api, snap),
    checkFailedLeftNothing(all, snap),
    checkNoDanglingLinks(all, snap),
    checkNoPartialEvents(all, snap, hist),
    ...checkPostingCopies(snap),
    ...(options.dirtyReads === false ? [] : [checkNoDirtyReads(phaseExchanges)]),
  ];
}
