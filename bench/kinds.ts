/**
 * The requests the bench sends, as tables: one line per kind. Each kind builds a fresh path from the
 * catalogue (catalogue.ts) every time it is asked, so picking at random is the kind's own business.
 * Adding a kind is adding a line.
 */
import type { Catalogue, Term } from './catalogue';

/** The API namespace; every path below is relative to it. */
export const NS = '/calendar/events/v1';

/** The hot request of throughput mode; the floor server replays the service's answer to it. */
export const HOT_PATH = '/events?per_page=10';

/** A word the seeder puts into titles ("Jazzabend mit …", about 2 % of events). */
const SEARCH_WORD = 'jazz';

interface RequestKind {
  name: string;
  /** A path below NS, e.g. `/events/42`. */
  path: (c: Catalogue) => string;
}

interface MixKind extends RequestKind {
  /** Relative share of the mix. */
  weight: number;
}

export const randomInt = (min: number, max: number) => min + Math.floor(Math.random() * (max - min + 1));
export const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)];

const MINUTE = 60_000;
const DAY = 86_400_000;
const q = encodeURIComponent;
/** `YYYY-MM-DD HH:MM` (UTC, the service's SITE_TIMEZONE in the bench). */
const minute = (ms: number) => new Date(ms).toISOString().slice(0, 16).replace('T', ' ');
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** A moment in the seeded span, to the minute. */
const momentInSpan = (c: Catalogue) =>
  Math.floor((c.events.firstStartMs + Math.random() * (c.events.lastStartMs - c.events.firstStartMs)) / MINUTE) * MINUTE;

/** Any published event's ID: from the whole ID range when the catalogue found it gapless. */
const eventId = (c: Catalogue) => (c.events.idRange ? randomInt(...c.events.idRange) : pick(c.events.ids));

/** A category (or tag) that has events, busier ones no likelier than others. */
const termWithEvents = (terms: Term[]) => pick(terms.filter((term) => term.count > 0));

/** A page number that exists for `total` items at `perPage` a page. */
const pageOf = (total: number, perPage: number) => randomInt(1, Math.max(1, Math.ceil(total / perPage)));

const TERM_ORDER_BY = ['id', 'name', 'slug', 'count'];

/**
 * A term list page with a random page size and order: the API has only 12 categories and 40 tags,
 * so the page alone would give a few dozen distinct paths.
 */
function termPage(kind: 'categories' | 'tags', c: Catalogue): string {
  const perPage = randomInt(1, 10);
  const order = `orderby=${pick(TERM_ORDER_BY)}&order=${pick(['asc', 'desc'])}`;
  return `/${kind}?page=${pageOf(c[kind].total, perPage)}&per_page=${perPage}&${order}`;
}

function placePage(kind: 'venues' | 'organizers', c: Catalogue): string {
  const perPage = randomInt(5, 20);
  return `/${kind}?page=${pageOf(c[kind].total, perPage)}&per_page=${perPage}`;
}

/**
 * Throughput mode's varied mix: nearly every request differs from all others, so no response
 * cache could answer it. Weights: event lists 7/16, single records 5/16, other lists 4/16.
 */
export const MIX_KINDS: MixKind[] = [
  {
    name: 'events, strict window to the minute',
    weight: 3,
    path: (c) => {
      const start = momentInSpan(c);
      const end = start + randomInt(60, 7 * 24 * 60) * MINUTE;
      return `/events?start_date=${q(minute(start))}&end_date=${q(minute(end))}&strict_dates=true`;
    },
  },
  { name: 'event by ID', weight: 3, path: (c) => `/events/${eventId(c)}` },
  {
    name: 'events in a category, page 1-20',
    weight: 2,
    // Pages within the first half of the category's events: its count includes past events.
    path: (c) => {
      const term = termWithEvents(c.categories.terms);
      const perPage = randomInt(5, 20);
      return `/events?categories=${q(term.slug)}&page=${randomInt(1, Math.max(1, Math.min(20, Math.floor(term.count / 2 / perPage))))}&per_page=${perPage}`;
    },
  },
  { name: 'events at a venue', weight: 2, path: (c) => `/events?venue=${pick(c.venues.ids)}&per_page=${randomInt(5, 20)}` },
  { name: 'categories page', weight: 1, path: (c) => termPage('categories', c) },
  { name: 'tags page', weight: 1, path: (c) => termPage('tags', c) },
  { name: 'venues page', weight: 1, path: (c) => placePage('venues', c) },
  { name: 'organizers page', weight: 1, path: (c) => placePage('organizers', c) },
  { name: 'venue by ID', weight: 1, path: (c) => `/venues/${pick(c.venues.ids)}` },
  { name: 'organizer by ID', weight: 1, path: (c) => `/organizers/${pick(c.organizers.ids)}` },
];

/** Latency mode: each kind is sampled one request at a time, IDs and slugs drawn anew each time. */
export const LATENCY_KINDS: RequestKind[] = [
  { name: 'events?per_page=10', path: () => '/events?per_page=10' },
  { name: 'events?per_page=50', path: () => '/events?per_page=50' },
  { name: 'events?page=20&per_page=10', path: () => '/events?page=20&per_page=10' },
  { name: 'events?categories={slug}', path: (c) => `/events?categories=${q(termWithEvents(c.categories.terms).slug)}` },
  { name: `events?search=${SEARCH_WORD}`, path: () => `/events?search=${SEARCH_WORD}` },
  {
    name: 'events?start_date&end_date (one month)',
    path: (c) => {
      const start = c.events.firstStartMs + Math.random() * Math.max(0, c.events.lastStartMs - c.events.firstStartMs - 30 * DAY);
      return `/events?start_date=${day(start)}&end_date=${day(start + 30 * DAY)}`;
    },
  },
  { name: 'events/{id}', path: (c) => `/events/${eventId(c)}` },
  { name: 'events/by-slug/{slug}', path: (c) => `/events/by-slug/${q(pick(c.events.slugs))}` },
  { name: 'events?venue={id}', path: (c) => `/events?venue=${pick(c.venues.ids)}` },
  { name: 'venues?per_page=10', path: () => '/venues?per_page=10' },
  { name: 'categories?per_page=10', path: () => '/categories?per_page=10' },
  { name: 'tags?per_page=10', path: () => '/tags?per_page=10' },
  // The default window holds the seeded year: the feed is cut at ICS_MAX_EVENTS (1,000 by default).
  { name: 'events.ics (feed of 1,000 events)', path: () => '/events.ics' },
];

/** A kind of the mix, drawn by weight. */
export function drawMixKind(kinds: readonly MixKind[] = MIX_KINDS): MixKind {
  let r = Math.random() * kinds.reduce((sum, kind) => sum + kind.weight, 0);
  for (const kind of kinds) {
    r -= kind.weight;
    if (r < 0) return kind;
  }
  return kinds[kinds.length - 1];
}
