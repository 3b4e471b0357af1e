import { MAX_HTML_INPUT_LENGTH } from '@app/common';
import { ImportItem, ImportTime } from '@app/ical-import';

/** What a source adds to every event it writes. */
export interface SourceAdditions {
  status: string;
  categories: Array<string | number>;
  tags: Array<string | number>;
}

/** A venue or organizer as an event body names it: an existing record's ID, or a new record's fields. */
export type PlaceChoice = { id: number } | Record<string, string | number>;

/** The linked records an item names, found by name before the body is built. */
export interface ItemPlaces {
  venue: PlaceChoice | null;
  organizer: PlaceChoice | null;
}

/** Longest title the API takes (EventFieldsDto). */
const MAX_TITLE = 255;
/** Longest website URL the API takes; a longer one is left out rather than refusing the event. */
const MAX_WEBSITE = 2048;
/** What an event without SUMMARY is called (as Google Calendar shows one). */
const UNTITLED = '(no title)';

/** `YYYY-MM-DD` or the wall time, as an event body's dates take them. */
export function bodyTime(time: ImportTime): string {
  return time.type === 'date' ? time.date : time.wall;
}

/** The wall time an RDATE or EXDATE names in a series: a date on a timed series means that day at the series' start time. */
function seriesDate(time: ImportTime, item: ImportItem): string {
  if (item.allDay) return time.type === 'date' ? time.date : time.wall.slice(0, 10);
  if (time.type === 'date-time') return time.wall;
  return `${time.date}${bodyTime(item.start).slice(10)}`;
}

/**
 * `recurrence` of the body: the first RRULE with RDATEs and EXDATEs, the cancelled occurrences'
 * original starts added to the EXDATEs; RDATEs alone become a rule of one occurrence plus the
 * RDATEs (the API's series need a rule). Null for a single event.
 */
export function recurrenceOf(item: ImportItem, cancelled: ImportTime[]): Record<string, unknown> | null {
  if (item.rrules.length === 0 && item.rdates.length === 0) return null;
  const start = seriesDate(item.start, item);
  const rdates = item.rdates.map((time) => seriesDate(time, item)).filter((wall) => wall > start);
  const exdates = [...new Set([...item.exdates, ...cancelled].map((time) => seriesDate(time, item)))].sort();
  return { rrule: item.rrules[0] ?? 'FREQ=DAILY;COUNT=1', rdates: [...new Set(rdates)].sort(), exdates };
}

/** A new venue from the item's LOCATION (Apple's structured location gives its name and address apart). */
export function venueFields(item: ImportItem): Record<string, string | number> | null {
  const name = venueName(item);
  if (name === null) return null;
  const fields: Record<string, string | number> = { venue: name };
  const address = item.structuredLocation?.address ?? (item.structuredLocation?.title ? null : item.place?.address);
  if (address) fields.address = address;
  if (item.geo) Object.assign(fields, { geo_lat: item.geo.lat, geo_lng: item.geo.lng });
  return fields;
}

/** The venue's name: Apple's X-TITLE, else LOCATION's first line (a one-line LOCATION as written). */
export function venueName(item: ImportItem): string | null {
  const name = (item.structuredLocation?.title ?? item.place?.name ?? '').slice(0, MAX_TITLE).trim();
  return name === '' ? null : name;
}

/** A new organizer from ORGANIZER: its CN (else the address) and its e-mail address. */
export function organizerFields(item: ImportItem): Record<string, string> | null {
  const organizer = item.organizer;
  if (!organizer) return null;
  const name = (organizer.name ?? organizer.email ?? '').slice(0, MAX_TITLE).trim();
  if (name === '') return null;
  return organizer.email ? { organizer: name, email: organizer.email } : { organizer: name };
}

/**
 * The event body (as `POST /events` takes it) of a single event or series: every field the source
 * gives, and `""`/`[]` for what it no longer gives, so an update clears it. Categories by name (made
 * when missing: the importer manages terms), the source's own categories and tags added.
 */
export function eventBody(
  item: ImportItem,
  places: ItemPlaces,
  additions: SourceAdditions,
  cancelled: ImportTime[],
): Record<string, unknown> {
  const website = item.url !== null && item.url.length <= MAX_WEBSITE ? item.url : '';
  return {
    ...exceptionBody(item, places),
    timezone: item.timeZone.name,
    all_day: item.allDay,
    website,
    categories: unique([...item.categories.map((name) => name.slice(0, 200)), ...additions.categories]),
    tags: unique(additions.tags),
    recurrence: recurrenceOf(item, cancelled),
  };
}

/** The fields an occurrence's exception may change (docs/api-rules.md, Recurring events), as the item gives them. */
export function exceptionBody(item: ImportItem, places: ItemPlaces): Record<string, unknown> {
  return {
    title: item.summary.slice(0, MAX_TITLE).trim() || UNTITLED,
    description: (item.descriptionHtml ?? item.description).slice(0, MAX_HTML_INPUT_LENGTH),
    start_date: bodyTime(item.start),
    end_date: bodyTime(item.end),
    website: item.url !== null && item.url.length <= MAX_WEBSITE ? item.url : '',
    image: item.images[0]?.url ?? '',
    venue: places.venue ? [places.venue] : [],
    organizer: places.organizer ? [places.organizer] : [],
  };
}

/** Each field an exception may change, as an item gives it (compared between an exception and its series). */
const EXCEPTION_VALUES: Record<string, (item: ImportItem) => unknown> = {
  title: (item) => item.summary,
  description: (item) => item.descriptionHtml ?? item.description,
  website: (item) => item.url,
  image: (item) => item.images[0]?.url ?? null,
  venue: venueFields,
  organizer: organizerFields,
};

/** Milliseconds from start to end, or days for all-day items: what an occurrence keeps of its series. */
function lengthOf(item: ImportItem): number {
  const at = (time: ImportTime) => (time.type === 'date' ? Date.parse(`${time.date}T00:00:00Z`) : time.instant.getTime());
  return at(item.end) - at(item.start);
}

/**
 * The exception fields in which an exception differs from its series (`start_date` and `end_date`
 * when the occurrence moved or lasts otherwise). Empty when it repeats the series, as producers such
 * as this service's own feed write every field of a changed occurrence.
 */
export function exceptionChanges(exception: ImportItem, series: ImportItem): string[] {
  const changed = Object.entries(EXCEPTION_VALUES)
    .filter(([, value]) => JSON.stringify(value(exception)) !== JSON.stringify(value(series)))
    .map(([field]) => field);
  const original = exception.recurrenceId ? bodyTime(exception.recurrenceId) : null;
  if (bodyTime(exception.start) !== original || lengthOf(exception) !== lengthOf(series)) changed.push('start_date', 'end_date');
  return changed;
}

function unique<T>(values: T[]): T[] {
  const seen = new Set<string>();
  return values.filter((value) => {
    const key = String(value).toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
