import { CheckResult, describe, outcome, result, short } from './checks';
import { Api, apiGet, EventJson, isEventWrite, venuesOf } from './event-states';
import { CATEGORY, DbPost, Snapshot, TAG } from './snapshot';
import { Exchange, NS, REJECT_MARK, REJECT_OPS } from './workload';

// Checks of the stored rows: links, slugs, markers of creates, term counts, what failed writes left.

/** Venues, organizers and terms a 2xx answer named exist with the name and slug it showed. */
export function checkLinkedRecordsStored(all: Exchange[], snap: Snapshot): CheckResult {
  const failures: string[] = [];
  let seen = 0;
  for (const ex of all) {
    if (outcome(ex) !== 'ok' || (ex.op !== 'create' && ex.op !== 'update')) continue;
    const json = ex.json as EventJson;
    for (const v of venuesOf(json)) {
      seen += 1;
      const row = snap.venues.get(v.id);
      if (!row || row.title !== v.venue || row.slug !== v.slug)
        failures.push(`${describe(ex)} answered venue ${short(v, 120)}; stored: ${short(row ?? 'none')}`);
    }
    for (const o of json.organizer ?? []) {
      seen += 1;
      const row = snap.organizers.get(o.id);
      if (!row || row.title !== o.organizer || row.slug !== o.slug)
        failures.push(`${describe(ex)} answered organizer ${short(o, 120)}; stored: ${short(row ?? 'none')}`);
    }
    for (const [list, taxonomy] of [
      [json.categories ?? [], CATEGORY],
      [json.tags ?? [], TAG],
    ] as const) {
      for (const t of list) {
        seen += 1;
        const row = snap.terms.get(t.id);
        if (!row || row.name !== t.name || row.slug !== t.slug || row.taxonomy !== taxonomy) {
          failures.push(`${describe(ex)} answered ${taxonomy} ${short(t, 120)}; stored: ${short(row ?? 'none')}`);
        }
      }
    }
  }
  return result('linked records in 2xx answers are stored as answered', failures, `${seen} links checked`);
}

/**
 * No lost and no doubled create: every request's marker (in `excerpt`) is on exactly one event after
 * a 2xx (none once force-deleted), on none after a 4xx/5xx, on at most one after a lost answer.
 */
export function checkOneRowPerCreate(all: Exchange[], snap: Snapshot): CheckResult {
  const failures: string[] = [];
  const bySeq = new Map(all.map((ex) => [ex.seq, ex]));
  const forcedIds = new Set(all.filter((ex) => ex.op === 'force' && outcome(ex) !== 'failed').map((ex) => ex.target));
  let creates = 0;
  for (const ex of all) {
    if (ex.op !== 'create' && ex.op !== 'reject-dates' && ex.op !== 'reject-late') continue;
    creates += 1;
    const rows = snap.markers.get(ex.seq) ?? [];
    const kind = outcome(ex);
    if (REJECT_OPS.has(ex.op) || kind === 'failed') {
      if (rows.length) failures.push(`${describe(ex)} answered ${ex.status ?? ex.error} but left event(s) ${rows.join(', ')}`);
    } else if (kind === 'ok') {
      const expectGone = forcedIds.has(ex.target);
      if (rows.length > 1)
        failures.push(`${describe(ex)} answered id ${ex.target}; stored ${rows.length} times: ${rows.join(', ')} (doubled write)`);
      else if (rows.length === 1 && rows[0] !== ex.target) failures.push(`${describe(ex)} answered id ${ex.target}; stored as ${rows[0]}`);
      else if (rows.length === 0 && !expectGone)
        failures.push(`${describe(ex)} answered id ${ex.target} (201); no such event stored (lost write)`);
    } else if (rows.length > 1) {
      failures.push(`${describe(ex)} lost its answer (${ex.error}); stored ${rows.length} times: ${rows.join(', ')}`);
    }
  }
  for (const [seq, rows] of snap.markers) {
    const ex = bySeq.get(seq);
    if (!ex || (ex.op !== 'create' && !REJECT_OPS.has(ex.op)))
      failures.push(`event(s) ${rows.join(', ')} carry marker ${seq}, which no create sent`);
  }
  return result('no lost or doubled create (one row per 2xx POST)', failures, `${creates} create requests`);
}

export function checkUniqueSlugs(snap: Snapshot): CheckResult {
  const failures: string[] = [];
  const dupes = (label: string, items: Array<{ id: number; slug: string; group?: string }>) => {
    const seen = new Map<string, number[]>();
    for (const item of items) {
      const key = `${item.group ?? ''}|${item.slug.toLowerCase()}`;
      seen.set(key, [...(seen.get(key) ?? []), item.id]);
    }
    for (const [key, ids] of seen) if (ids.length > 1) failures.push(`${label} slug ${key.replace(/^\|/, '')} shared by ${ids.join(', ')}`);
  };
  dupes('event', [...snap.events.values()]);
  dupes('venue', [...snap.venues.values()]);
  dupes('organizer', [...snap.organizers.values()]);
  dupes(
    'term',
    [...snap.terms.values()].map((t) => ({ id: t.id, slug: t.slug, group: t.taxonomy })),
  );
  const total = snap.events.size + snap.venues.size + snap.organizers.size + snap.terms.size;
  return result('no two records of a kind share a slug', failures, `${total} records`);
}

/**
 * Find-or-create under contention: one term per name (taxonomy, parent), one venue per name and city,
 * one organizer per name and email among the shared pool; a second copy is a doubled write.
 */
export function checkNoDuplicates(snap: Snapshot): CheckResult {
  const failures: string[] = [];
  const groups = <T extends { id: number }>(label: string, items: T[], key: (item: T) => string | undefined) => {
    const seen = new Map<string, number[]>();
    for (const item of items) {
      const k = key(item);
      if (k !== undefined) seen.set(k, [...(seen.get(k) ?? []), item.id]);
    }
    for (const [k, ids] of seen) if (ids.length > 1) failures.push(`${label} "${k}" stored ${ids.length} times: ${ids.join(', ')}`);
  };
  groups('term', [...snap.terms.values()], (t) => `${t.taxonomy}/${t.parent}/${t.name.toLowerCase()}`);
  const ours = (p: DbPost) => p.status !== 'trash' && /^cc /i.test(p.title);
  groups('venue', [...snap.venues.values()].filter(ours), (v) => `${v.title.toLowerCase()} / ${v.extra.toLowerCase()}`);
  groups('organizer', [...snap.organizers.values()].filter(ours), (o) => `${o.title.toLowerCase()} / ${o.extra.toLowerCase()}`);
  return result('no doubled find-or-create (terms by name, shared venues and organizers)', failures, `${snap.terms.size} terms`);
}

export async function checkTermCounts(api: Api, snap: Snapshot): Promise<CheckResult> {
  const failures: string[] = [];
  const reported = new Map<number, number>();
  for (const collection of ['categories', 'tags']) {
    for (let page = 1; ; page++) {
      const res = await apiGet(api, `${NS}/${collection}?hide_empty=false&per_page=50&page=${page}&orderby=id`);
      if (res.status !== 200) {
        failures.push(`GET ${collection} page ${page} answered ${res.status}: ${short(res.text)}`);
        break;
      }
      const body = res.json as Record<string, Array<{ id: number; count: number }>> & { total_pages: number };
      for (const term of body[collection]) reported.set(term.id, term.count);
      if (page >= body.total_pages) break;
    }
  }
  for (const term of snap.terms.values()) {
    const counted = snap.recount.get(term.id) ?? 0;
    if (!reported.has(term.id)) failures.push(`term ${term.id} (${term.taxonomy} "${term.name}") is in the database but in no API list`);
    else if (reported.get(term.id) !== counted)
      failures.push(`term ${term.id} "${term.name}": API count ${reported.get(term.id)}, recount ${counted}`);
  }
  for (const id of reported.keys()) if (!snap.terms.has(id)) failures.push(`the API lists term ${id}, which is not in the database`);
  return result('term counts equal a recount of published events', failures, `${snap.terms.size} terms`);
}

/**
 * The total of the anonymous venue and organizer lists (a kept count of published records, changed
 * by every writer in its own transaction) equals a count in SQL of the rows a stranger may read.
 */
export async function checkPlaceTotals(api: Api, snap: Snapshot): Promise<CheckResult> {
  const failures: string[] = [];
  for (const collection of ['venues', 'organizers'] as const) {
    const path = `${NS}/${collection}?per_page=1`;
    const res = await api.client.send({ method: 'GET', path });
    if (res.error || res.status !== 200) {
      failures.push(`GET ${path} answered ${res.status ?? res.error}: ${short(res.text)}`);
      continue;
    }
    const body = res.json as { total: number };
    const header = Number(res.headers?.['x-tec-total']);
    const counted = snap.readablePlaces[collection];
    if (body.total !== counted || header !== counted)
      failures.push(`${collection}: the API's total is ${body.total} (X-TEC-Total ${header}), a count of readable rows ${counted}`);
  }
  const { venues, organizers } = snap.readablePlaces;
  return result('venue and organizer totals equal a count of readable rows', failures, `${venues} venues, ${organizers} organizers`);
}

/** Names only a failed request used may not exist; nothing named like a must-fail request ever may. */
export function checkFailedLeftNothing(all: Exchange[], snap: Snapshot): CheckResult {
  const failures: string[] = [];
  const names = new Map<string, string>();
  for (const v of snap.venues.values()) names.set(v.title.toLowerCase(), `venue ${v.id}`);
  for (const o of snap.organizers.values()) names.set(o.title.toLowerCase(), `organizer ${o.id}`);
  for (const t of snap.terms.values()) names.set(t.name.toLowerCase(), `term ${t.id}`);
  for (const e of snap.events.values()) if (e.title.toLowerCase().includes(REJECT_MARK)) names.set(e.title.toLowerCase(), `event ${e.id}`);
  for (const [name, where] of names) {
    if (!name.includes(REJECT_MARK)) continue;
    const seq = Number(/(?<!\d)(\d+)$/.exec(name)?.[1]);
    const ex = all.find((x) => x.seq === seq);
    failures.push(
      `${where} "${name}" is stored; only ${ex ? describe(ex) : 'a must-fail request'} (answered ${ex?.status ?? ex?.error}) named it`,
    );
  }
  let checked = 0;
  for (const ex of all) {
    if (outcome(ex) !== 'failed' || REJECT_OPS.has(ex.op)) continue;
    for (const name of ex.uniqueNames) {
      checked += 1;
      const where = names.get(name.toLowerCase());
      if (where) failures.push(`${where} "${name}" is stored; only ${describe(ex)} named it, and it answered ${ex.status}`);
    }
  }
  const rejected = all.filter((ex) => REJECT_OPS.has(ex.op)).length;
  return result(
    'failed writes left nothing behind',
    failures,
    `${rejected} must-fail writes and ${checked} names of other failed writes checked`,
  );
}

/** The requests that acted on one event, in start order, with their answers and times (for failure messages). */
function eventTimeline(all: Exchange[], id: number): string {
  const origin = all.length ? all[0].startedAt : 0;
  const at = (t: number) => ((t - origin) / 1000).toFixed(3);
  return all
    .filter((ex) => ex.target === id && isEventWrite(ex))
    .map((ex) => `#${ex.seq} ${ex.op} ${ex.method}@${ex.instance} ${ex.status ?? ex.error} [${at(ex.startedAt)}-${at(ex.endAt)} s]`)
    .join(', ');
}

export function checkNoDanglingLinks(all: Exchange[], snap: Snapshot): CheckResult {
  const failures: string[] = [];
  const orphans = new Map<number, string[]>();
  const check = (label: string, rows: Array<{ event: number; other: number }>, others: Map<number, unknown>) => {
    for (const row of rows) {
      if (!snap.events.has(row.event)) orphans.set(row.event, [...(orphans.get(row.event) ?? []), `${label}(${row.other})`]);
      if (!others.has(row.other)) failures.push(`${label} row (event ${row.event}, ${row.other}): the linked record does not exist`);
    }
  };
  check('event_venues', snap.eventVenues, snap.venues);
  check('event_organizers', snap.eventOrganizers, snap.organizers);
  check('event_terms', snap.eventTerms, snap.terms);
  for (const [event, rows] of orphans) {
    failures.unshift(
      `event ${event} does not exist but has link rows ${rows.join(' ')}; requests on it: ${eventTimeline(all, event) || 'none known'}`,
    );
  }
  const total = snap.eventVenues.length + snap.eventOrganizers.length + snap.eventTerms.length;
  return result(
    'no link row points to nothing',
    failures,
    `${total} link rows${orphans.size ? `, ${orphans.size} events missing under their links` : ''}`,
  );
}

/**
 * MySQL: every search posting of an event copies the event's row as it stands (what a search's
 * total is counted from), and no posting outlives its event.
 */
export function checkPostingCopies(snap: Snapshot): CheckResult[] {
  if (!snap.stalePostings) return [];
  const failures = snap.stalePostings.map(({ event, postings, missing }) =>
    missing
      ? `${postings} posting(s) of event ${event}, which does not exist`
      : `event ${event}: ${postings} posting(s) copy another state of its row`,
  );
  return [result("search postings copy their events' rows", failures, 'every posting of an event compared with its row')];
}
