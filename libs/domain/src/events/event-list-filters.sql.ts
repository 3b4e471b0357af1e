import { WhereExpressionBuilder } from 'typeorm';
import { contentFilterSql, openSql, visibilityParams } from '../posts/visibility';
import { PageReach } from '../posts/post-records.repository';
import { Viewer } from '../users/viewer';
import { DateWindow, EventListCriteria } from './event-list-criteria';

// The SQL of the event list's filters and order (over the events table, alias `p`); EventsRepository runs the queries.

/** The link table and column of each place kind. */
export const PLACE_LINKS = {
  venue: { table: 'event_venues', column: 'venue_id' },
  organizer: { table: 'event_organizers', column: 'organizer_id' },
} as const;

/**
 * The event list's filters: its window, terms, venues, organizers, place and parents.
 * `unindexed`: keep SQLite off the list-order index (counts that read a covering index instead).
 */
export function applyEventListFilters(qb: WhereExpressionBuilder, criteria: EventListCriteria, unindexed = false): void {
  if (criteria.include?.length) {
    qb.andWhere('p.id IN (:...include)', { include: criteria.include });
  } else {
    // A venue's or organizer's events are found from their link rows: a unary + keeps SQLite
    // from walking the window's index instead (MySQL ignores it and starts there anyway).
    const column = unindexed || criteria.venueIds || criteria.organizerIds ? (name: string) => `+p.${name}` : (name: string) => `p.${name}`;
    whereListed(qb, criteria.window, column, 'p');
  }
  // A locked event's terms, venues and organizers are hidden: a filter on them must not find it.
  if (
    criteria.categoryIds ||
    criteria.tagIds ||
    criteria.venueIds ||
    criteria.organizerIds ||
    criteria.geoloc !== undefined ||
    criteria.near
  ) {
    qb.andWhere(contentFilterSql('p', criteria.viewer, '1 = 1'), { viewerId: criteria.viewer?.id ?? 0 });
  }
  whereLinked(qb, 'categories_et', 'event_terms', 'term_id', criteria.categoryIds);
  whereLinked(qb, 'tags_et', 'event_terms', 'term_id', criteria.tagIds);
  wherePlaceLinked(qb, 'venue_l', PLACE_LINKS.venue, criteria.venueIds);
  wherePlaceLinked(qb, 'organizer_l', PLACE_LINKS.organizer, criteria.organizerIds);
  if (criteria.featured !== undefined) qb.andWhere('p.featured = :featured', { featured: criteria.featured });
  const located = locatedSql(criteria.viewer);
  if (criteria.geoloc !== undefined)
    qb.andWhere(criteria.geoloc ? located : `NOT ${located}`, visibilityParams(criteria.viewer, criteria.now));
  if (criteria.near) {
    qb.andWhere(`${distanceSql(criteria.viewer)} <= :geoRadius`, {
      ...visibilityParams(criteria.viewer, criteria.now),
      geoLat: criteria.near.lat,
      geoLng: criteria.near.lng,
      geoRadius: criteria.near.radiusKm,
    });
  }
  if (criteria.postParentId !== undefined) qb.andWhere('p.post_parent_id = :postParent', { postParent: criteria.postParentId });
  if (criteria.recurringEventId !== undefined)
    qb.andWhere('p.recurring_event_id = :recurringEvent', { recurringEvent: criteria.recurringEventId });
  if (criteria.ticketed === true) qb.andWhere('1 = 0');
}

/**
 * Great-circle distance in km from the point to the nearest coordinate-bearing venue of the event.
 * Only venues whose coordinates the viewer may see count (readable, and open when protected), or
 * the distance would reveal them.
 */
export function distanceSql(viewer: Viewer | undefined): string {
  const cosine = `COS(RADIANS(:geoLat)) * COS(RADIANS(v.geo_lat)) * COS(RADIANS(v.geo_lng) - RADIANS(:geoLng)) + SIN(RADIANS(:geoLat)) * SIN(RADIANS(v.geo_lat))`;
  // Rounding can push the cosine a hair past ±1, where ACOS is undefined.
  const clamped = `CASE WHEN ${cosine} > 1 THEN 1 WHEN ${cosine} < -1 THEN -1 ELSE ${cosine} END`;
  return `(SELECT MIN(6371 * ACOS(${clamped})) FROM event_venues gv INNER JOIN venues v ON v.id = gv.venue_id WHERE gv.event_id = p.id AND ${openSql('v', viewer)} AND v.geo_lat IS NOT NULL AND v.geo_lng IS NOT NULL)`;
}

/** The event has a venue with coordinates the viewer may see. */
function locatedSql(viewer: Viewer | undefined): string {
  return `EXISTS (SELECT 1 FROM event_venues lv INNER JOIN venues lvv ON lvv.id = lv.venue_id WHERE lv.event_id = p.id AND ${openSql('lvv', viewer)} AND lvv.geo_lat IS NOT NULL AND lvv.geo_lng IS NOT NULL)`;
}

/** A search or term filter with at least this many matches in the window, and ten times as many as the page reaches, is common. */
const COMMON_MATCHES = 1000;

/** A search or term filter: whether the page walks the start order depends on how many it keeps (walksStartOrder). */
export function narrowsByMatches(criteria: EventListCriteria): boolean {
  return Boolean(criteria.search?.trim() || criteria.categoryIds?.length || criteria.tagIds?.length);
}

/**
 * Whether a page is best found by walking the events in start order: published events are most
 * of the window, so a page is found after a few rows. A list of venues' or organizers' events (a
 * few dozen each) is cheaper from their link rows; unpublished statuses alone may be rare. A
 * search (MySQL: its matches come from the passage index) or a category or tag filter walks only
 * when its matches are common: a rare word's or tag's few are sorted, where a walk would test every
 * event of the window (a tag of 3 events among 100,000: 367 ms walked); a common word's (`jazz`:
 * 4,857 of 244,884) are met every fifty rows or so, and sorting them all costs four times the walk
 * (README: "Event search at scale").
 */
export function walksStartOrder(criteria: EventListCriteria, reach: PageReach): boolean {
  const common = reach.total >= COMMON_MATCHES && reach.end * 10 <= reach.total;
  return (
    !criteria.include?.length &&
    (!narrowsByMatches(criteria) || common) &&
    !criteria.venueIds &&
    !criteria.organizerIds &&
    criteria.geoloc === undefined &&
    criteria.statuses.includes('publish')
  );
}

/**
 * Listed in the window: not hidden, not a series row (a series is listed by its occurrences), its
 * dates within the window. `column` names a column of the row aliased `alias` (the events, or the
 * search postings' copies of their columns).
 */
export function whereListed(qb: WhereExpressionBuilder, window: DateWindow, column: (name: string) => string, alias: string): void {
  qb.andWhere(`${column('hide_from_listings')} = :hidden`, { hidden: false });
  qb.andWhere(`${alias}.is_series = :seriesRow`, { seriesRow: false });
  whereDates(qb, window, column);
}

function whereDates(qb: WhereExpressionBuilder, window: DateWindow, column: (name: string) => string): void {
  const start = column('start_utc');
  const end = column('end_utc');
  if (window.start) qb.andWhere(`${start} >= :windowStart`, { windowStart: window.start });
  // An event ends after it starts: the start bound lets a walk of the start index stop at the window's end.
  if (window.end) qb.andWhere(`${end} <= :windowEnd AND ${start} <= :windowEnd`, { windowEnd: window.end });
  if (window.startsBefore) qb.andWhere(`${start} < :startsBefore`, { startsBefore: window.startsBefore });
  if (window.startsAfter) qb.andWhere(`${start} > :startsAfter`, { startsAfter: window.startsAfter });
  if (window.endsBefore) qb.andWhere(`${end} < :endsBefore`, { endsBefore: window.endsBefore });
  if (window.endsAfter) qb.andWhere(`${end} > :endsAfter`, { endsAfter: window.endsAfter });
}

/**
 * Events linked to one of the venues or organizers (OR logic). Written as `id IN (...)` so both
 * engines start from the link rows (a venue has a few dozen events) and look the events up by ID,
 * for the count as for the page, instead of walking the whole window in start order.
 */
function wherePlaceLinked(
  qb: WhereExpressionBuilder,
  alias: string,
  link: { table: string; column: string },
  ids: number[] | undefined,
): void {
  if (!ids?.length) return;
  qb.andWhere(`p.id IN (SELECT ${alias}.event_id FROM ${link.table} ${alias} WHERE ${alias}.${link.column} IN (:...${alias}Ids))`, {
    [`${alias}Ids`]: ids,
  });
}

/** Events linked to one of `ids` through a link table (OR logic). */
function whereLinked(qb: WhereExpressionBuilder, alias: string, table: string, column: string, ids: number[] | undefined): void {
  if (!ids?.length) return;
  qb.andWhere(`EXISTS (SELECT 1 FROM ${table} ${alias} WHERE ${alias}.event_id = p.id AND ${alias}.${column} IN (:...${alias}Ids))`, {
    [`${alias}Ids`]: ids,
  });
}
