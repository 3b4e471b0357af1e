import { TestDatabase } from './database';
import { HttpClient } from './http-client';
import { Exchange, LoadState, MARKER_PATTERN, NS, REJECT_MARK, REJECT_OPS, requestId, WRITE_OPS } from './workload';

export interface CheckResult {
  name: string;
  ok: boolean;
  summary: string;
  examples: string[];
}

const MAX_EXAMPLES = 5;
const CATEGORY = 'tribe_events_cat';
const TAG = 'post_tag';

function result(name: string, failures: string[], summary: string): CheckResult {
  return {
    name,
    ok: failures.length === 0,
    summary: failures.length ? `${failures.length} failed; ${summary}` : summary,
    examples: failures.slice(0, MAX_EXAMPLES),
  };
}

const short = (value: unknown, max = 300) => {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text === undefined ? 'undefined' : text.length > max ? `${text.slice(0, max)}...` : text;
};

export const describe = (ex: Exchange) => `#${ex.seq} ${ex.op} ${ex.method} ${ex.path} on ${ex.instance} (${ex.phase})`;

export type Outcome = 'ok' | 'failed' | 'unknown';
/** 2xx: it happened; 4xx/5xx: it must have changed nothing; a network error: nobody knows. */
export function outcome(ex: Exchange): Outcome {
  if (ex.error !== undefined || ex.status === undefined) return 'unknown';
  return ex.status < 300 ? 'ok' : 'failed';
}

// ---- HTTP-level checks (per phase) ------------------------------------------------------------------

/**
 * Zero 5xx. The answers are grouped by the cause the service logged for them (matched through the
 * X-Request-Id each request carries), with up to five example requests and bodies.
 */
export function checkNo5xx(exchanges: Exchange[], causes: Map<string, string>): CheckResult {
  const bad = exchanges.filter((ex) => ex.status !== undefined && ex.status >= 500);
  const groups = new Map<string, Exchange[]>();
  for (const ex of bad) {
    const json = ex.json as { code?: string } | undefined;
    const cause = causes.get(requestId(ex.seq)) ?? 'no cause in the service log';
    const key = `${ex.status} ${json?.code ?? short(ex.text, 80)}, logged cause: ${cause}`;
    groups.set(key, [...(groups.get(key) ?? []), ex]);
  }
  const lines = [...groups.entries()]
    .sort((a, b) => b[1].length - a[1].length)
    .map(([key, list]) => `${list.length}x ${key} (${formatCounts(countBy(list, (ex) => `${ex.op}@${ex.instance}`))})`);
  const examples = bad
    .slice(0, MAX_EXAMPLES)
    .map((ex) => `${describe(ex)} body ${short(ex.body, 160)} -> ${ex.status} ${short(ex.text, 160)}`);
  const summary = bad.length ? `${bad.length} answers >= 500 (${formatCounts(countBy(bad, (ex) => ex.op))})` : 'no 5xx';
  return { name: 'zero 5xx', ok: bad.length === 0, summary, examples: [...lines.slice(0, MAX_EXAMPLES), ...examples] };
}

/** Where in the exchange a network error struck, and on what kind of connection. */
export function networkDetail(ex: Exchange): string {
  const parts: string[] = [];
  if (ex.headersAt !== undefined) parts.push(`after status ${ex.status} had arrived`);
  else if (ex.sentAt !== undefined) parts.push(`request fully sent, no answer after ${(ex.endAt - ex.sentAt).toFixed(0)} ms`);
  else parts.push('request not fully sent');
  parts.push(
    ex.reusedSocket
      ? `on a reused keep-alive socket idle ${ex.socketIdleMs !== undefined ? `${(ex.socketIdleMs / 1000).toFixed(2)} s` : '?'}`
      : 'on a new connection',
  );
  return ` (${parts.join(', ')})`;
}

export function checkNoNetworkErrors(exchanges: Exchange[], expected: (ex: Exchange) => boolean, label: string): CheckResult {
  const errors = exchanges.filter((ex) => ex.error !== undefined && !expected(ex));
  const tolerated = exchanges.filter((ex) => ex.error !== undefined && expected(ex));
  const groups = countBy(
    errors,
    (ex) => `${ex.error} on ${ex.instance}${ex.headersAt !== undefined ? ' after the response had started' : ''}`,
  );
  const failures = errors.map(
    (ex) => `${describe(ex)}: ${ex.error}${ex.headersAt !== undefined ? ` after status ${ex.status} had arrived` : ''}`,
  );
  const summary =
    `${errors.length} network errors/resets${errors.length ? ` (${formatCounts(groups)})` : ''}` +
    (tolerated.length ? `; ${tolerated.length} expected (${label})` : '');
  return result('zero network errors/resets', failures, summary);
}

/** A 4xx is fine only when the request was meant to fail or lost a race the log shows (record deleted first). */
export function checkExplained4xx(exchanges: Exchange[], all: Exchange[]): CheckResult {
  const happenedBefore = (op: string, target: number | undefined, ex: Exchange) =>
    target !== undefined &&
    all.some((o) => o !== ex && o.op === op && o.target === target && outcome(o) !== 'failed' && o.startedAt < ex.endAt);
  const failures: string[] = [];
  let count = 0;
  for (const ex of exchanges) {
    if (ex.status === undefined || ex.status < 400 || ex.status >= 500) continue;
    count += 1;
    const code = (ex.json as { code?: string } | undefined)?.code;
    const gone = ex.status === 404 && happenedBefore('force', ex.target, ex);
    let ok: boolean;
    switch (ex.op) {
      case 'reject-dates':
      case 'reject-late':
        ok = ex.status === 400 && code === 'rest_invalid_param';
        break;
      case 'reject-update':
        ok = (ex.status === 400 && code === 'rest_invalid_param') || gone;
        break;
      case 'update':
        ok = gone;
        break;
      case 'trash':
        ok = gone || (ex.status === 410 && happenedBefore('trash', ex.target, ex));
        break;
      case 'force':
        ok = gone;
        break;
      case 'read':
        ok = gone || (ex.status === 403 && code === 'event-no-longer-available' && happenedBefore('trash', ex.target, ex));
        break;
      default:
        ok = false;
    }
    if (!ok) failures.push(`${describe(ex)} -> ${ex.status} ${short(ex.text, 250)} body ${short(ex.body, 200)}`);
  }
  return result('every 4xx explained (must-fail request or lost race)', failures, `${count} 4xx answers`);
}

export function checkRejectedAnswered400(exchanges: Exchange[]): CheckResult {
  const rejects = exchanges.filter((ex) => REJECT_OPS.has(ex.op));
  const wrong = rejects.filter((ex) => outcome(ex) === 'ok');
  return result(
    'must-fail writes were refused',
    wrong.map((ex) => `${describe(ex)} answered ${ex.status}: ${short(ex.text, 200)}`),
    `${rejects.length} must-fail writes sent`,
  );
}

// ---- state: the database and the API after the load -----------------------------------------------

interface DbEvent {
  id: number;
  slug: string;
  status: string;
  title: string;
  excerpt: string;
}
interface DbPost {
  id: number;
  slug: string;
  title: string;
  status: string;
  extra: string;
}
interface DbTerm {
  id: number;
  taxonomy: string;
  name: string;
  slug: string;
  parent: number;
}
interface Links {
  venues: number[];
  organizers: number[];
  categories: number[];
  tags: number[];
}

export interface Snapshot {
  events: Map<number, DbEvent>;
  venues: Map<number, DbPost>;
  organizers: Map<number, DbPost>;
  terms: Map<number, DbTerm>;
  eventVenues: Array<{ event: number; other: number; position?: number }>;
  eventOrganizers: Array<{ event: number; other: number; position?: number }>;
  eventTerms: Array<{ event: number; other: number }>;
  /** Published (or due future), non-trashed events per term, counted in SQL. */
  recount: Map<number, number>;
  /** Event IDs by the marker of the request that created them. */
  markers: Map<number, number[]>;
}

const num = (value: unknown) => Number(value);
const str = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/** Everything the checks need from the database, read directly (not through the service). */
/** Link rows of records (series and single events), not of occurrences. */
const NOT_OCCURRENCE = 'event_id IN (SELECT id FROM events WHERE recurring_event_id IS NULL)';

export async function snapshot(db: TestDatabase): Promise<Snapshot> {
  const now = new Date().toISOString().replace('T', ' ').slice(0, 19) + '.999';
  const [events, venues, organizers, terms, ev, eo, et, recount] = await Promise.all([
    // Occurrence rows (copies of their series, checked by the series checks) are no records of their own here.
    db.query('SELECT id, slug, status, title, excerpt FROM events WHERE recurring_event_id IS NULL'),
    db.query('SELECT id, slug, title, status, city FROM venues'),
    db.query('SELECT id, slug, title, status, email FROM organizers'),
    db.query('SELECT id, taxonomy, name, slug, parent_id FROM terms'),
    db.query(`SELECT event_id, venue_id, position FROM event_venues WHERE ${NOT_OCCURRENCE} ORDER BY event_id, position`),
    db.query(`SELECT event_id, organizer_id, position FROM event_organizers WHERE ${NOT_OCCURRENCE} ORDER BY event_id, position`),
    db.query(`SELECT event_id, term_id FROM event_terms WHERE ${NOT_OCCURRENCE}`),
    // A term counts a series once, by its own row (docs/api-rules.md, Recurring events).
    db.query(
      `SELECT et.term_id AS term_id, COUNT(*) AS n FROM event_terms et JOIN events e ON e.id = et.event_id
       WHERE e.recurring_event_id IS NULL AND (e.status = 'publish' OR (e.status = 'future' AND e.published_utc <= ?)) GROUP BY et.term_id`,
      [now],
    ),
  ]);
  const snap: Snapshot = {
    events: new Map(
      events.map((r) => [
        num(r.id),
        { id: num(r.id), slug: str(r.slug), status: str(r.status), title: str(r.title), excerpt: str(r.excerpt) },
      ]),
    ),
    venues: new Map(
      venues.map((r) => [num(r.id), { id: num(r.id), slug: str(r.slug), title: str(r.title), status: str(r.status), extra: str(r.city) }]),
    ),
    organizers: new Map(
      organizers.map((r) => [
        num(r.id),
        { id: num(r.id), slug: str(r.slug), title: str(r.title), status: str(r.status), extra: str(r.email) },
      ]),
    ),
    terms: new Map(
      terms.map((r) => [
        num(r.id),
        { id: num(r.id), taxonomy: str(r.taxonomy), name: str(r.name), slug: str(r.slug), parent: num(r.parent_id) },
      ]),
    ),
    eventVenues: ev.map((r) => ({ event: num(r.event_id), other: num(r.venue_id), position: num(r.position) })),
    eventOrganizers: eo.map((r) => ({ event: num(r.event_id), other: num(r.organizer_id), position: num(r.position) })),
    eventTerms: et.map((r) => ({ event: num(r.event_id), other: num(r.term_id) })),
    recount: new Map(recount.map((r) => [num(r.term_id), num(r.n)])),
    markers: new Map(),
  };
  for (const event of snap.events.values()) {
    const match = MARKER_PATTERN.exec(event.excerpt);
    if (!match) continue;
    const seq = Number(match[1]);
    snap.markers.set(seq, [...(snap.markers.get(seq) ?? []), event.id]);
  }
  return snap;
}

/** The links of one event as stored: venue and organizer IDs in position order, term IDs sorted. */
function storedLinks(snap: Snapshot, eventId: number): Links {
  const of = (rows: Array<{ event: number; other: number }>) => rows.filter((r) => r.event === eventId).map((r) => r.other);
  const terms = of(snap.eventTerms);
  const byTaxonomy = (taxonomy: string) => terms.filter((id) => snap.terms.get(id)?.taxonomy === taxonomy).sort((a, b) => a - b);
  return { venues: of(snap.eventVenues), organizers: of(snap.eventOrganizers), categories: byTaxonomy(CATEGORY), tags: byTaxonomy(TAG) };
}

/** An event's venue and organizer rows as stored, with their positions (an order that ties shows here). */
function storedPositions(snap: Snapshot, eventId: number): string {
  const rows = (list: Array<{ event: number; other: number; position?: number }>) =>
    list
      .filter((r) => r.event === eventId)
      .map((r) => `${r.other}@${r.position}`)
      .join(' ') || 'none';
  return `venues ${rows(snap.eventVenues)}, organizers ${rows(snap.eventOrganizers)}`;
}

// ---- projections of event answers --------------------------------------------------------------------

export interface EventJson {
  id: number;
  status: string;
  title: string;
  slug: string;
  start_date: string;
  end_date: string;
  venue: unknown;
  organizer: Array<{ id: number; organizer: string; slug: string }>;
  categories: Array<{ id: number; name: string; slug: string }>;
  tags: Array<{ id: number; name: string; slug: string }>;
  deleted?: boolean;
  previous?: EventJson;
}

/** The values a write answered and a later read must show: everything but counters and timestamps. */
export type EventState =
  | { gone: true }
  | ({ gone: false; status: string; title: string; slug: string; start: string; end: string } & Links);

function venuesOf(json: EventJson): Array<{ id: number; venue: string; slug: string }> {
  return (Array.isArray(json.venue) ? json.venue : json.venue ? [json.venue] : []) as Array<{ id: number; venue: string; slug: string }>;
}

export function project(json: EventJson): EventState {
  return {
    gone: false,
    status: json.status,
    title: json.title,
    slug: json.slug,
    start: json.start_date,
    end: json.end_date,
    venues: venuesOf(json).map((v) => v.id),
    organizers: (json.organizer ?? []).map((o) => o.id),
    categories: (json.categories ?? []).map((t) => t.id).sort((a, b) => a - b),
    tags: (json.tags ?? []).map((t) => t.id).sort((a, b) => a - b),
  };
}

export const same = (a: EventState, b: EventState) => JSON.stringify(a) === JSON.stringify(b);

/** The state a 2xx write left: the record it answered, or nothing after a force delete. */
function stateAfter(ex: Exchange): EventState {
  if (ex.op === 'force') return { gone: true };
  return project(ex.json as EventJson);
}

const isEventWrite = (ex: Exchange) => WRITE_OPS.has(ex.op);

interface History {
  known: Exchange[];
  unknown: Exchange[];
}

/** Per event ID, the writes that reached it with a known result and those whose result nobody knows. */
function histories(all: Exchange[], snap: Snapshot): Map<number, History> {
  const map = new Map<number, History>();
  const entry = (id: number) => {
    let h = map.get(id);
    if (!h) map.set(id, (h = { known: [], unknown: [] }));
    return h;
  };
  for (const ex of all) {
    if (!isEventWrite(ex)) continue;
    const kind = outcome(ex);
    if (ex.op === 'create' || ex.op === 'reject-dates' || ex.op === 'reject-late') {
      if (kind === 'ok' && ex.target !== undefined) entry(ex.target).known.push(ex);
      // A create whose answer was lost is found by its marker, if it was stored at all.
      if (kind === 'unknown') for (const id of snap.markers.get(ex.seq) ?? []) entry(id).unknown.push(ex);
      continue;
    }
    if (ex.target === undefined) continue;
    if (kind === 'ok') entry(ex.target).known.push(ex);
    if (kind === 'unknown') entry(ex.target).unknown.push(ex);
  }
  return map;
}

// ---- the API side: final states through instance A ------------------------------------------------

export interface Api {
  client: HttpClient;
  token: string;
  /** The instance to read an event's final state through, when not `client` (test/cluster: not the one that created it). */
  readerFor?(eventId: number): HttpClient;
}

async function apiGet(api: Api, path: string, client = api.client) {
  const res = await client.send({ method: 'GET', path, token: api.token });
  if (res.error) throw new Error(`GET ${path} failed: ${res.error}`);
  return res;
}

async function inParallel<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        out[index] = await work(items[index]);
      }
    }),
  );
  return out;
}

interface ApiEvent {
  state: EventState | { unreadable: string };
  /** How the state was read, for messages. */
  via: string;
}

/** Each event as the API shows it to the administrator: the `any` list, the `trash` list, or a single GET. */
async function apiEvents(api: Api, ids: number[]): Promise<Map<number, ApiEvent>> {
  const found = new Map<number, ApiEvent>();
  const reader = (id: number) => api.readerFor?.(id) ?? api.client;
  const byReader = new Map<HttpClient, number[]>();
  for (const id of ids) byReader.set(reader(id), [...(byReader.get(reader(id)) ?? []), id]);
  const chunks: Array<{ client: HttpClient; chunk: number[] }> = [];
  for (const [client, list] of byReader) for (let i = 0; i < list.length; i += 50) chunks.push({ client, chunk: list.slice(i, i + 50) });
  await inParallel(
    chunks.flatMap(({ client, chunk }) => ['any', 'trash'].map((status) => ({ client, chunk, status }))),
    6,
    async ({ client, chunk, status }) => {
      const res = await apiGet(api, `${NS}/events?include=${chunk.join(',')}&status=${status}&per_page=50`, client);
      if (res.status !== 200) throw new Error(`GET events?status=${status}&include=... answered ${res.status}: ${short(res.text)}`);
      for (const json of (res.json as { events: EventJson[] }).events)
        found.set(json.id, { state: project(json), via: `list status=${status} via port ${client.port}` });
    },
  );
  const singles = ids.filter((id) => !found.has(id) || (found.get(id)?.state as { status?: string }).status === 'trash');
  await inParallel(singles, 8, async (id) => {
    const res = await apiGet(api, `${NS}/events/${id}`, reader(id));
    const code = (res.json as { code?: string } | undefined)?.code;
    const listed = found.get(id);
    if (listed) {
      // Listed under trash: a single read must say so (docs/api-rules.md, Statuses, users and permissions).
      if (!(res.status === 403 && code === 'event-no-longer-available')) {
        found.set(id, {
          state: { unreadable: `in the trash list, but GET answered ${res.status} ${code ?? short(res.text, 100)}` },
          via: 'GET',
        });
      }
      return;
    }
    if (res.status === 404) found.set(id, { state: { gone: true }, via: 'GET 404' });
    else if (res.status === 200) found.set(id, { state: project(res.json as EventJson), via: 'GET 200 (missing from the lists)' });
    else found.set(id, { state: { unreadable: `GET answered ${res.status} ${code ?? short(res.text, 100)}, in no list` }, via: 'GET' });
  });
  return found;
}

// ---- state checks ------------------------------------------------------------------------------------

export interface StateChecks {
  results: CheckResult[];
}

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

/** Venues, organizers and terms a 2xx answer named exist with the name and slug it showed. */
function checkLinkedRecordsStored(all: Exchange[], snap: Snapshot): CheckResult {
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

/** How many distinct links a body asks for, per kind; undefined when the body leaves the kind alone. */
export function requestedLinks(body: Record<string, unknown> | undefined): Partial<Record<keyof Links, number>> {
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
 * No lost and no doubled create: every request's marker (in `excerpt`) is on exactly one event after
 * a 2xx (none once force-deleted), on none after a 4xx/5xx, on at most one after a lost answer.
 */
function checkOneRowPerCreate(all: Exchange[], snap: Snapshot): CheckResult {
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

function checkUniqueSlugs(snap: Snapshot): CheckResult {
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
function checkNoDuplicates(snap: Snapshot): CheckResult {
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

async function checkTermCounts(api: Api, snap: Snapshot): Promise<CheckResult> {
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

/** Names only a failed request used may not exist; nothing named like a must-fail request ever may. */
function checkFailedLeftNothing(all: Exchange[], snap: Snapshot): CheckResult {
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

function checkNoDanglingLinks(all: Exchange[], snap: Snapshot): CheckResult {
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
    checkFailedLeftNothing(all, snap),
    checkNoDanglingLinks(all, snap),
    checkNoPartialEvents(all, snap, hist),
    ...(options.dirtyReads === false ? [] : [checkNoDirtyReads(phaseExchanges)]),
  ];
}

// ---- small helpers shared with the report ------------------------------------------------------------

export function countBy<T>(items: T[], key: (item: T) => string): Map<string, number> {
  const map = new Map<string, number>();
  for (const item of items) map.set(key(item), (map.get(key(item)) ?? 0) + 1);
  return map;
}

export function formatCounts(counts: Map<string, number>): string {
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1])
    .map(([k, n]) => `${k}: ${n}`)
    .join(', ');
}
