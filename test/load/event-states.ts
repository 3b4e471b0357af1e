import { outcome, short } from './checks';
import { HttpClient } from './http-client';
import { Links, Snapshot } from './snapshot';
import { Exchange, NS, WRITE_OPS } from './workload';

// What each event should be after the load (the writes that reached it) and what it is through the API of instance A.

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

export function venuesOf(json: EventJson): Array<{ id: number; venue: string; slug: string }> {
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
export function stateAfter(ex: Exchange): EventState {
  if (ex.op === 'force') return { gone: true };
  return project(ex.json as EventJson);
}

export const isEventWrite = (ex: Exchange) => WRITE_OPS.has(ex.op);

export interface History {
  known: Exchange[];
  unknown: Exchange[];
}

/** Per event ID, the writes that reached it with a known result and those whose result nobody knows. */
export function histories(all: Exchange[], snap: Snapshot): Map<number, History> {
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

export interface Api {
  client: HttpClient;
  token: string;
  /** The instance to read an event's final state through, when not `client` (test/cluster: not the one that created it). */
  readerFor?(eventId: number): HttpClient;
}

export async function apiGet(api: Api, path: string, client = api.client) {
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

export interface ApiEvent {
  state: EventState | { unreadable: string };
  /** How the state was read, for messages. */
  via: string;
}

/** Each event as the API shows it to the administrator: the `any` list, the `trash` list, or a single GET. */
export async function apiEvents(api: Api, ids: number[]): Promise<Map<number, ApiEvent>> {
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
