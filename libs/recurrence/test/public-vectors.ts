import { formatUtc, WallTime } from '@app/common';
import { expandOccurrences } from '../src/expand/expand-occurrences';
import { parseRecurrence } from '../src/series/parse-recurrence';
import { SeriesTiming } from '../src/series/series';
import dateutil from './dateutil-rrule.json';
import libical from './libical-icalrecur.json';

/** One converted test vector: an RRULE, its DTSTART and the starts the source library lists for it. */
export interface VectorCase {
  title: string;
  rrule: string;
  dtstart: string;
  instances: string[];
}

interface VectorFile {
  source: Record<string, unknown>;
  cases: VectorCase[];
}

export const VECTOR_FILES: Record<string, VectorFile> = { libical, dateutil };

const ICAL_DATE = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})Z?)?$/;

/** `19970902T090000` (or `…Z`, or a date `19970902`) as a wall time: vectors are read in UTC. */
export function icalWall(text: string): WallTime {
  const match = ICAL_DATE.exec(text);
  if (!match) throw new Error(`not an iCalendar date: ${text}`);
  const [, year, month, day, hour = '0', minute = '0', second = '0'] = match;
  return { year: +year, month: +month, day: +day, hour: +hour, minute: +minute, second: +second };
}

function timingOf(vector: VectorCase): SeriesTiming {
  const start = icalWall(vector.dtstart);
  const allDay = !vector.dtstart.includes('T');
  const end = allDay ? { ...start, hour: 23, minute: 59, second: 59 } : { ...start, hour: start.hour + 1 };
  return { start, end: end.hour > 23 ? { ...start, minute: 59, second: 59 } : end, timeZone: 'UTC', allDay };
}

/**
 * The sources list what the rule generates; here DTSTART always is the first occurrence and counts
 * for COUNT (RFC 5545). Where the rule does not generate DTSTART, the series has DTSTART and one
 * generated start less than COUNT.
 */
export function expectedStarts(vector: VectorCase): string[] {
  const starts = vector.instances.map((instance) => formatUtc(new Date(naiveUtc(instance))));
  const dtstart = formatUtc(new Date(naiveUtc(vector.dtstart)));
  if (starts[0] === dtstart) return starts;
  const count = /COUNT=(\d+)/.exec(vector.rrule);
  return [dtstart, ...(count ? starts.slice(0, Number(count[1]) - 1) : starts)];
}

function naiveUtc(text: string): number {
  const { year, month, day, hour, minute, second } = icalWall(text);
  return Date.UTC(year, month - 1, day, hour, minute, second);
}

/** The starts this library gives for the vector, up to its last listed one. */
export function actualStarts(vector: VectorCase): string[] {
  const timing = timingOf(vector);
  const recurrence = parseRecurrence({ rrule: vector.rrule }, timing, new Date(0), { maxOccurrences: 100_000 });
  if (!recurrence) throw new Error('a vector is never a single event');
  const last = expectedStarts(vector).at(-1) as string;
  const until = new Date(`${last.replace(' ', 'T')}Z`);
  return expandOccurrences({ ...timing, recurrence }, { until, maxOccurrences: 100_000 }).map((o) => formatUtc(o.start));
}
