import { AuthenticatedUser, Errors } from '@app/common';
import { CATEGORY_KIND, TAG_KIND, Term, TermKind } from '@app/terms';
import { EntityManager, In, SelectQueryBuilder } from 'typeorm';
import { ListEventsQuery } from './dto/list-events.query';
import { CalendarEvent } from './entities/event.entity';
import { dayEnd, dayStart, parseWall } from './event-dates';

export const DEFAULT_GEO_RADIUS_KM = 50;
const RELATIVE_FILTERS = ['starts_before', 'starts_after', 'ends_before', 'ends_after'] as const;

/** The date window a list uses after defaults and whole-day widening (contract §3). */
export interface DateWindow {
  start?: Date;
  end?: Date;
  startsBefore?: Date;
  startsAfter?: Date;
  endsBefore?: Date;
  endsAfter?: Date;
}

function parseFilterDate(value: unknown, name: string, zone: string, now: Date): Date {
  const parsed = typeof value === 'string' || typeof value === 'number' ? parseWall(value, zone, now) : null;
  if (!parsed) throw Errors.invalidParam(name, 'validation.date');
  return parsed;
}

/**
 * Contract §3: without any date filter the window runs from 00:00 yesterday to the end of the day
 * 24 months ahead (site time zone); a relative filter without start/end drops those defaults;
 * unless `strict_dates`, `start_date` widens to 00:00:00 and the others to 23:59:59 of their days.
 */
export function dateWindow(query: ListEventsQuery, siteZone: string, now: Date): DateWindow {
  const strict = query.strict_dates ?? false;
  const hasRelative = RELATIVE_FILTERS.some((name) => query[name] !== undefined);
  const atDayEnd = (date: Date) => (strict ? date : dayEnd(date, siteZone));
  const window: DateWindow = {};
  if (query.start_date !== undefined) {
    const start = parseFilterDate(query.start_date, 'start_date', siteZone, now);
    window.start = strict ? start : dayStart(start, siteZone);
  } else if (!hasRelative) {
    window.start = dayStart(parseWall('yesterday', siteZone, now) as Date, siteZone);
  }
  if (query.end_date !== undefined) window.end = atDayEnd(parseFilterDate(query.end_date, 'end_date', siteZone, now));
  else if (!hasRelative) window.end = dayEnd(parseWall('+24 months', siteZone, now) as Date, siteZone);
  const relative = (name: (typeof RELATIVE_FILTERS)[number]) =>
    query[name] === undefined ? undefined : atDayEnd(parseFilterDate(query[name], name, siteZone, now));
  window.startsBefore = relative('starts_before');
  window.startsAfter = relative('starts_after');
  window.endsBefore = relative('ends_before');
  window.endsAfter = relative('ends_after');
  return window;
}

/** Great-circle distance in km from the point to the nearest coordinate-bearing venue of the event. */
function distanceSql(): string {
  const cosine = `COS(RADIANS(:geoLat)) * COS(RADIANS(v.geo_lat)) * COS(RADIANS(v.geo_lng) - RADIANS(:geoLng)) + SIN(RADIANS(:geoLat)) * SIN(RADIANS(v.geo_lat))`;
  // Rounding can push the cosine a hair past ±1, where ACOS is undefined.
  const clamped = `CASE WHEN ${cosine} > 1 THEN 1 WHEN ${cosine} < -1 THEN -1 ELSE ${cosine} END`;
  return `(SELECT MIN(6371 * ACOS(${clamped})) FROM event_venues gv INNER JOIN venues v ON v.id = gv.venue_id WHERE gv.event_id = p.id AND v.status <> 'trash' AND v.geo_lat IS NOT NULL AND v.geo_lng IS NOT NULL)`;
}

/** Applies every event list filter of the spec and contract §3 except status and visibility. */
export class EventListFilters {
  constructor(
    private readonly manager: EntityManager,
    private readonly siteZone: string,
  ) {}

  async apply(
    qb: SelectQueryBuilder<CalendarEvent>,
    query: ListEventsQuery,
    _user: AuthenticatedUser | undefined,
    now: Date,
  ): Promise<void> {
    if (query.include?.length) {
      qb.andWhere('p.id IN (:...include)', { include: query.include });
    } else {
      qb.andWhere('p.hide_from_listings = :hidden', { hidden: false });
      this.whereDates(qb, dateWindow(query, this.siteZone, now));
    }
    await this.whereTerms(qb, 'categories', CATEGORY_KIND, query.categories);
    await this.whereTerms(qb, 'tags', TAG_KIND, query.tags);
    await this.whereLinked(qb, 'venue', 'venues', 'event_venues', 'venue_id', query.venue);
    await this.whereLinked(qb, 'organizer', 'organizers', 'event_organizers', 'organizer_id', query.organizer);
    if (query.featured !== undefined) qb.andWhere('p.featured = :featured', { featured: query.featured });
    if (query.geoloc !== undefined) {
      const located = `EXISTS (SELECT 1 FROM event_venues lv INNER JOIN venues lvv ON lvv.id = lv.venue_id WHERE lv.event_id = p.id AND lvv.status <> 'trash' AND lvv.geo_lat IS NOT NULL AND lvv.geo_lng IS NOT NULL)`;
      qb.andWhere(query.geoloc ? located : `NOT ${located}`);
    }
    if ((query.geoloc_lat === undefined) !== (query.geoloc_lng === undefined)) {
      throw Errors.invalidParam(query.geoloc_lat === undefined ? 'geoloc_lat' : 'geoloc_lng', 'validation.geolocPair');
    }
    if (query.geoloc_lat !== undefined && query.geoloc_lng !== undefined) {
      qb.andWhere(`${distanceSql()} <= :geoRadius`, {
        geoLat: query.geoloc_lat,
        geoLng: query.geoloc_lng,
        geoRadius: query.geoloc_radius ?? DEFAULT_GEO_RADIUS_KM,
      });
    }
    if (query.post_parent !== undefined) {
      if (!(await this.manager.existsBy(CalendarEvent, { id: query.post_parent })))
        throw Errors.invalidParam('post_parent', 'validation.eventExists');
      qb.andWhere('p.post_parent_id = :postParent', { postParent: query.post_parent });
    }
    if (query.ticketed === true) qb.andWhere('1 = 0');
  }

  /** Start, then ID ascending; nearest first when a point is given. */
  order(qb: SelectQueryBuilder<CalendarEvent>, query: ListEventsQuery): void {
    if (query.geoloc_lat !== undefined && query.geoloc_lng !== undefined) {
      qb.addSelect(distanceSql(), 'distance').orderBy('distance', 'ASC').addOrderBy('p.start_utc', 'ASC');
    } else {
      qb.orderBy('p.start_utc', 'ASC');
    }
    qb.addOrderBy('p.id', 'ASC');
  }

  private whereDates(qb: SelectQueryBuilder<CalendarEvent>, window: DateWindow): void {
    if (window.start) qb.andWhere('p.start_utc >= :windowStart', { windowStart: window.start });
    if (window.end) qb.andWhere('p.end_utc <= :windowEnd', { windowEnd: window.end });
    if (window.startsBefore) qb.andWhere('p.start_utc < :startsBefore', { startsBefore: window.startsBefore });
    if (window.startsAfter) qb.andWhere('p.start_utc > :startsAfter', { startsAfter: window.startsAfter });
    if (window.endsBefore) qb.andWhere('p.end_utc < :endsBefore', { endsBefore: window.endsBefore });
    if (window.endsAfter) qb.andWhere('p.end_utc > :endsAfter', { endsAfter: window.endsAfter });
  }

  /** IDs or slugs of one taxonomy, OR logic; an unknown one is a 400 (contract §3). */
  private async whereTerms(
    qb: SelectQueryBuilder<CalendarEvent>,
    field: 'categories' | 'tags',
    kind: TermKind,
    values: Array<string | number> | undefined,
  ): Promise<void> {
    if (!values?.length) return;
    const numeric = values.filter((v) => /^\d+$/.test(String(v))).map(Number);
    const slugs = values.filter((v) => !/^\d+$/.test(String(v))).map((v) => String(v).toLowerCase());
    const where = [
      ...(numeric.length ? [{ taxonomy: kind.taxonomy, id: In(numeric) }] : []),
      ...(slugs.length ? [{ taxonomy: kind.taxonomy, slug: In(slugs) }] : []),
    ];
    const found = await this.manager.find(Term, { where, select: { id: true, slug: true } });
    const known = new Set(found.flatMap((term) => [String(term.id), term.slug]));
    if ([...numeric.map(String), ...slugs].some((value) => !known.has(value))) throw Errors.invalidParam(field, 'validation.termsExist');
    qb.andWhere(
      `EXISTS (SELECT 1 FROM event_terms ${field}_et WHERE ${field}_et.event_id = p.id AND ${field}_et.term_id IN (:...${field}Ids))`,
      {
        [`${field}Ids`]: found.map((term) => term.id),
      },
    );
  }

  /** Venue or organizer IDs, OR logic; an unknown one is a 400. */
  private async whereLinked(
    qb: SelectQueryBuilder<CalendarEvent>,
    field: 'venue' | 'organizer',
    table: 'venues' | 'organizers',
    linkTable: 'event_venues' | 'event_organizers',
    column: 'venue_id' | 'organizer_id',
    ids: number[] | undefined,
  ): Promise<void> {
    if (!ids?.length) return;
    const unique = [...new Set(ids)];
    const found = await this.manager
      .createQueryBuilder()
      .select('r.id', 'id')
      .from(table, 'r')
      .where('r.id IN (:...ids)', { ids: unique })
      .getRawMany();
    if (found.length !== unique.length) throw Errors.invalidParam(field, 'validation.recordExists');
    qb.andWhere(
      `EXISTS (SELECT 1 FROM ${linkTable} ${field}_l WHERE ${field}_l.event_id = p.id AND ${field}_l.${column} IN (:...${field}Ids))`,
      {
        [`${field}Ids`]: unique,
      },
    );
  }
}
