import { TestDatabase } from './database';
import { MARKER_PATTERN } from './workload';

// The stored state after the load, read from the database directly (not through the service).

/** The taxonomies of event categories and tags, as stored. */
export const CATEGORY = 'tribe_events_cat';
export const TAG = 'post_tag';

interface DbEvent {
  id: number;
  slug: string;
  status: string;
  title: string;
  excerpt: string;
}
export interface DbPost {
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
export interface Links {
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
  /** Venues and organizers a stranger may read (published, or future and due), counted in SQL. */
  readablePlaces: { venues: number; organizers: number };
  /** Event IDs by the marker of the request that created them. */
  markers: Map<number, number[]>;
  /**
   * MySQL: events whose search postings do not copy their row (or postings of no event), with the
   * postings' count; undefined on SQLite, which keeps no postings.
   */
  stalePostings?: Array<{ event: number; postings: number; missing: boolean }>;
}

/** The postings' copies (`sp`) of an event's columns (eventSearchGrams), each compared null-safely with its row (`r`). */
export const POSTINGS_COPY_ROW = `sp.status <=> r.status AND sp.published_utc <=> r.published_utc AND sp.hide_from_listings <=> r.hide_from_listings
  AND sp.is_series <=> r.is_series AND sp.start_utc <=> r.start_utc AND sp.end_utc <=> r.end_utc
  AND sp.locked <=> (r.password IS NOT NULL AND r.password <> '')`;

const num = (value: unknown) => Number(value);
const str = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/** Link rows of records (series and single events), not of occurrences. */
const NOT_OCCURRENCE = 'event_id IN (SELECT id FROM events WHERE recurring_event_id IS NULL)';

/** Everything the checks need from the database, read directly (not through the service). */
export async function snapshot(db: TestDatabase): Promise<Snapshot> {
  const now = new Date().toISOString().replace('T', ' ').slice(0, 19) + '.999';
  const readable = `(status = 'publish' OR (status = 'future' AND published_utc <= ?))`;
  const [events, venues, organizers, terms, ev, eo, et, recount, readableVenues, readableOrganizers] = await Promise.all([
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
    db.query(`SELECT COUNT(*) AS n FROM venues WHERE ${readable}`, [now]),
    db.query(`SELECT COUNT(*) AS n FROM organizers WHERE ${readable}`, [now]),
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
    readablePlaces: { venues: num(readableVenues[0].n), organizers: num(readableOrganizers[0].n) },
    markers: new Map(),
  };
  if (db.kind === 'mysql') {
    const stale = await db.query(
      `SELECT sp.record_id AS id, COUNT(*) AS n, MAX(r.id IS NULL) AS missing FROM search_postings sp LEFT JOIN events r ON r.id = sp.record_id
       WHERE sp.kind = 1 AND (r.id IS NULL OR NOT (${POSTINGS_COPY_ROW})) GROUP BY sp.record_id`,
    );
    snap.stalePostings = stale.map((r) => ({ event: num(r.id), postings: num(r.n), missing: num(r.missing) === 1 }));
  }
  for (const event of snap.events.values()) {
    const match = MARKER_PATTERN.exec(event.excerpt);
    if (!match) continue;
    const seq = Number(match[1]);
    snap.markers.set(seq, [...(snap.markers.get(seq) ?? []), event.id]);
  }
  return snap;
}

/** The links of one event as stored: venue and organizer IDs in position order, term IDs sorted. */
export function storedLinks(snap: Snapshot, eventId: number): Links {
  const of = (rows: Array<{ event: number; other: number }>) => rows.filter((r) => r.event === eventId).map((r) => r.other);
  const terms = of(snap.eventTerms);
  const byTaxonomy = (taxonomy: string) => terms.filter((id) => snap.terms.get(id)?.taxonomy === taxonomy).sort((a, b) => a - b);
  return { venues: of(snap.eventVenues), organizers: of(snap.eventOrganizers), categories: byTaxonomy(CATEGORY), tags: byTaxonomy(TAG) };
}

/** An event's venue and organizer rows as stored, with their positions (an order that ties shows here). */
export function storedPositions(snap: Snapshot, eventId: number): string {
  const rows = (list: Array<{ event: number; other: number; position?: number }>) =>
    list
      .filter((r) => r.event === eventId)
      .map((r) => `${r.other}@${r.position}`)
      .join(' ') || 'none';
  return `venues ${rows(snap.eventVenues)}, organizers ${rows(snap.eventOrganizers)}`;
}
