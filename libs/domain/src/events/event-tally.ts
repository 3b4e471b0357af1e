import type { CalendarEvent } from './event.entity';

/**
 * What an event contributes to the counts kept for lists (TermCountsRepository): the stored term
 * counts and the per-day counts of listed events that make `X-TEC-Total` cheap.
 */
export interface EventTally {
  /** Stored as `publish` and not an occurrence: its terms count it (a series counts once, by its own row). */
  published: boolean;
  /** Published, not hidden from listings and not a series row: a list without filters shows it (a series by its occurrences). */
  listed: boolean;
  /** Without a password: a term filter of an anonymous list may find it (a locked event's terms are hidden). */
  open: boolean;
  /** UTC day of its start, `YYYY-MM-DD`. */
  day: string;
  /** Seconds from start to end. */
  span: number;
  termIds: number[];
  /** The event's ID, when the tally was read from its row. */
  eventId?: number;
  /** What its search postings copy of its row (SearchGramIndex.copiesOf), when read from the row with them. */
  copies?: string;
}

/** Scope of the day counts of every listed event; a term's own scope is its ID. */
export const ALL_LISTED_SCOPE = 0;

/** The row whose count is the longest span of any event, in seconds (bounds the end-of-window correction). */
export const SPAN_SCOPE = -1;
export const SPAN_DAY = 'span';

export function utcDay(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}

export function tallyOf(row: {
  status: string;
  hideFromListings: boolean | number;
  password: string | null;
  startUtc: Date;
  endUtc: Date;
  termIds: number[];
  isSeries?: boolean;
  isOccurrence?: boolean;
  eventId?: number;
}): EventTally {
  const published = row.status === 'publish';
  return {
    published: published && !row.isOccurrence,
    listed: published && !row.hideFromListings && !row.isSeries,
    open: !row.password,
    day: utcDay(row.startUtc),
    span: Math.max(0, Math.round((row.endUtc.getTime() - row.startUtc.getTime()) / 1000)),
    termIds: row.termIds,
    eventId: row.eventId,
  };
}

/** The tally of an event as its entity holds it (a row just written), with the terms it is linked to. */
export function tallyOfEvent(
  event: Pick<CalendarEvent, 'id' | 'status' | 'hideFromListings' | 'password' | 'startUtc' | 'endUtc' | 'isSeries' | 'recurringEventId'>,
  termIds: number[],
): EventTally {
  return tallyOf({
    status: event.status,
    hideFromListings: event.hideFromListings,
    password: event.password,
    startUtc: event.startUtc,
    endUtc: event.endUtc,
    termIds,
    isSeries: event.isSeries,
    isOccurrence: event.recurringEventId !== null,
    eventId: event.id,
  });
}

/** The day-count keys (scope, day) an event adds to: every listed event's, and its terms' when open. */
export function dayKeys(tally: EventTally): Array<[number, string]> {
  if (!tally.listed) return [];
  return [[ALL_LISTED_SCOPE, tally.day], ...termDayKeys(tally, tally.termIds)];
}

/** The day-count keys of some of the event's terms (when its terms change). */
export function termDayKeys(tally: EventTally, termIds: number[]): Array<[number, string]> {
  return tally.listed && tally.open ? termIds.map((id): [number, string] => [id, tally.day]) : [];
}
