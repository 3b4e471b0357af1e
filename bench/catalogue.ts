/**
 * What the measured requests pick from at random: event IDs and slugs, the seeded date span,
 * category and tag slugs, venue and organizer IDs. Read once through the public API (never from the
 * database), so any seeded or reused database works, on either driver.
 */
import { NS } from './kinds';

/** The service runs with MAX_PER_PAGE=50. */
const PAGE = 50;
/** Event pages read at random days of the span: up to 50 × this many event IDs to pick from. */
const EVENT_SAMPLE_PAGES = 60;
/** Venue and organizer pages read: up to 50 × this many IDs of each. */
const PLACE_SAMPLE_PAGES = 20;
/** A window wide enough for every seeded event, whatever day the seed ran. */
const ALL_TIME = 'start_date=2000-01-01&end_date=2099-12-31';

export interface Term {
  id: number;
  slug: string;
  /** Published events in the term. */
  count: number;
}

export interface Catalogue {
  events: {
    total: number;
    /** Start of the earliest and of the latest event, in ms since the epoch (UTC). */
    firstStartMs: number;
    lastStartMs: number;
    /** Sampled IDs, and their slugs at the same index. */
    ids: number[];
    slugs: string[];
    /**
     * [first, last] when every ID between them is a published event (a fresh seed): checked
     * by count and by asking for random IDs in it; otherwise absent and IDs come from `ids`.
     */
    idRange?: [number, number];
  };
  categories: { total: number; terms: Term[] };
  tags: { total: number; terms: Term[] };
  venues: { total: number; ids: number[] };
  organizers: { total: number; ids: number[] };
}

interface Page<T> {
  items: T[];
  total: number;
  totalPages: number;
}

async function getPage<T>(origin: string, path: string, key: string): Promise<Page<T>> {
  const response = await fetch(`${origin}${NS}${path}`);
  if (!response.ok) throw new Error(`Reading the catalogue: GET ${NS}${path} answered ${response.status}.`);
  const body = (await response.json()) as Record<string, unknown>;
  return {
    items: (body[key] as T[] | undefined) ?? [],
    total: Number(response.headers.get('x-tec-total') ?? 0),
    totalPages: Number(response.headers.get('x-tec-totalpages') ?? 0),
  };
}

/** `YYYY-MM-DD HH:MM:SS` in UTC (the bench runs the service with SITE_TIMEZONE=UTC). */
const utcMs = (wall: string) => Date.parse(`${wall.replace(' ', 'T')}Z`);

function randomPages(totalPages: number, count: number): number[] {
  const pages = new Set<number>([1]);
  if (totalPages <= count) for (let page = 2; page <= totalPages; page++) pages.add(page);
  while (pages.size < Math.min(count, totalPages)) pages.add(1 + Math.floor(Math.random() * totalPages));
  return [...pages];
}

interface EventItem {
  id: number;
  slug: string;
  utc_start_date: string;
}

async function eventSample(origin: string): Promise<Catalogue['events']> {
  const first = await getPage<EventItem>(origin, `/events?${ALL_TIME}&per_page=${PAGE}`, 'events');
  if (first.total === 0) throw new Error('The database has no published events.');
  const last = await getPage<EventItem>(origin, `/events?${ALL_TIME}&per_page=${PAGE}&page=${first.totalPages}`, 'events');
  const starts = [...first.items, ...last.items].map((event) => utcMs(event.utc_start_date));
  const [firstStartMs, lastStartMs] = [Math.min(...starts), Math.max(...starts)];
  const found = new Map<number, string>();
  const add = (items: EventItem[]) => items.forEach((event) => found.set(event.id, event.slug));
  add(first.items);
  add(last.items);
  // Pages starting at random days rather than deep pages: no OFFSET of a million rows.
  for (let i = 0; i < EVENT_SAMPLE_PAGES && found.size < first.total; i++) {
    const day = new Date(firstStartMs + Math.random() * (lastStartMs - firstStartMs)).toISOString().slice(0, 10);
    add((await getPage<EventItem>(origin, `/events?start_date=${day}&end_date=2099-12-31&per_page=${PAGE}`, 'events')).items);
  }
  const ids = [...found.keys()];
  return {
    total: first.total,
    firstStartMs,
    lastStartMs,
    ids,
    slugs: [...found.values()],
    idRange: await gaplessRange(origin, ids, first.total),
  };
}

/** IDs probed in the range to confirm it has no gap. */
const RANGE_PROBES = 100;

/** The published events among these IDs (at most 50). */
async function existing(origin: string, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  return (await getPage<EventItem>(origin, `/events?include=${ids.join(',')}&per_page=${PAGE}`, 'events')).items.map((event) => event.id);
}

const span = (from: number, to: number) => Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);

/** The sample's lowest and highest IDs, widened while the next 50 IDs beyond hold a published event. */
async function idBounds(origin: string, ids: number[]): Promise<[number, number]> {
  let [low, high] = [Math.min(...ids), Math.max(...ids)];
  for (let below = await existing(origin, span(Math.max(1, low - PAGE), low - 1)); below.length > 0; ) {
    low = Math.min(...below);
    below = await existing(origin, span(Math.max(1, low - PAGE), low - 1));
  }
  for (let above = await existing(origin, span(high + 1, high + PAGE)); above.length > 0; ) {
    high = Math.max(...above);
    above = await existing(origin, span(high + 1, high + PAGE));
  }
  return [low, high];
}

async function gaplessRange(origin: string, ids: number[], total: number): Promise<[number, number] | undefined> {
  const [low, high] = await idBounds(origin, ids);
  if (high - low + 1 !== total) return undefined;
  for (let probe = 0; probe < RANGE_PROBES; probe += PAGE) {
    const wanted = new Set<number>();
    while (wanted.size < Math.min(PAGE, total)) wanted.add(low + Math.floor(Math.random() * total));
    if ((await existing(origin, [...wanted])).length !== wanted.size) return undefined;
  }
  return [low, high];
}

async function terms(origin: string, kind: 'categories' | 'tags'): Promise<Catalogue['categories']> {
  const first = await getPage<Term>(origin, `/${kind}?per_page=${PAGE}`, kind);
  const all = [...first.items];
  for (let page = 2; page <= first.totalPages; page++)
    all.push(...(await getPage<Term>(origin, `/${kind}?per_page=${PAGE}&page=${page}`, kind)).items);
  return { total: first.total, terms: all.map(({ id, slug, count }) => ({ id, slug, count })) };
}

async function places(origin: string, kind: 'venues' | 'organizers'): Promise<Catalogue['venues']> {
  const first = await getPage<{ id: number }>(origin, `/${kind}?per_page=${PAGE}`, kind);
  const ids = new Set(first.items.map((item) => item.id));
  for (const page of randomPages(first.totalPages, PLACE_SAMPLE_PAGES).filter((p) => p !== 1)) {
    (await getPage<{ id: number }>(origin, `/${kind}?per_page=${PAGE}&page=${page}`, kind)).items.forEach((item) => ids.add(item.id));
  }
  return { total: first.total, ids: [...ids] };
}

export async function readCatalogue(origin: string): Promise<Catalogue> {
  const catalogue: Catalogue = {
    events: await eventSample(origin),
    categories: await terms(origin, 'categories'),
    tags: await terms(origin, 'tags'),
    venues: await places(origin, 'venues'),
    organizers: await places(origin, 'organizers'),
  };
  if (!catalogue.categories.terms.some((term) => term.count > 0)) throw new Error('No category has events.');
  if (catalogue.venues.ids.length === 0 || catalogue.organizers.ids.length === 0) throw new Error('No venues or no organizers.');
  return catalogue;
}

export function describeCatalogue(c: Catalogue): string {
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return [
    `${c.events.total.toLocaleString('en')} published events starting ${day(c.events.firstStartMs)} to ${day(c.events.lastStartMs)}`,
    `${c.venues.total} venues, ${c.organizers.total} organizers, ${c.categories.total} categories, ${c.tags.total} tags`,
    `event IDs ${c.events.idRange ? `${c.events.idRange[0]}-${c.events.idRange[1]} (gapless)` : `from ${c.events.ids.length} sampled`}, slugs from ${c.events.slugs.length} sampled, ${c.venues.ids.length} venue and ${c.organizers.ids.length} organizer IDs`,
  ].join('; ');
}
