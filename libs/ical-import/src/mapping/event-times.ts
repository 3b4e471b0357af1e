import { Zone } from 'luxon';
import { MAX_SUPPORTED_YEAR, MIN_SUPPORTED_YEAR } from '@app/common/dates/instant';
import { WallTime, wallTimeToInstant } from '@app/common/dates/wall-time';
import { EventProblemCode } from '../problems/import-problem';
import { Property } from '../reader/property';
import { parseDuration } from '../values/date-values';
import { ImportTime, ImportTimeZone } from './import-item';
import { itemTimeZone, readTimeValue, ReadTime, TimeContext, toImportTime } from './time-property';

interface EventTimes {
  allDay: boolean;
  start: ImportTime;
  end: ImportTime;
  floating: boolean;
  timeZone: ImportTimeZone;
  /** The zone the item's other times (RDATE, EXDATE, RECURRENCE-ID) are shown in. */
  zone: Zone;
}

type EventTimesResult = { ok: true; times: EventTimes } | { ok: false; reason: EventProblemCode; property: string; line: number };

const DAY_MS = 86_400_000;

/**
 * Start and end of a VEVENT. A DATE start makes an all-day item whose end is its last day: DTEND
 * minus one day (a DTEND equal to the start, as some producers write, is the same one day), or
 * the start plus a DURATION in days, or the start alone. A timed start ends at DTEND (read in its
 * own zone), or after DURATION (days on the wall clock of the start's zone, hours exactly, as
 * RFC 5545 says), or at the start itself.
 */
export function readEventTimes(properties: Property[], begin: number, context: TimeContext): EventTimesResult {
  const find = (name: string) => properties.find((property) => property.name === name);
  const dtstart = find('DTSTART');
  if (!dtstart) return { ok: false, reason: 'event_missing_start', property: 'DTSTART', line: begin };
  const start = readTimeValue(dtstart, dtstart.value, context);
  if (!start || !supportedYear(start)) return { ok: false, reason: 'event_invalid_start', property: 'DTSTART', line: dtstart.line };
  const timeZone = itemTimeZone(start, context);
  const zone = start.type === 'date-time' ? start.zone : context.sourceZone.zone;
  const allDay = start.type === 'date';
  const dtend = find('DTEND');
  const duration = find('DURATION');
  let end: ReadTime | null | 'invalid' = null;
  let endProperty: Property | undefined;
  if (dtend) {
    endProperty = dtend;
    end = readEnd(start, dtend, context);
  } else if (duration) {
    endProperty = duration;
    end = addDuration(start, duration.value);
  }
  if (end === 'invalid') {
    const reason = endProperty!.name === 'DTEND' ? 'event_invalid_end' : 'event_invalid_duration';
    return { ok: false, reason, property: endProperty!.name, line: endProperty!.line };
  }
  const last = end ?? start;
  if (compare(last, start) < 0)
    return { ok: false, reason: 'event_end_before_start', property: endProperty!.name, line: endProperty!.line };
  return {
    ok: true,
    times: {
      allDay,
      start: toImportTime(start, allDay, zone),
      end: toImportTime(last, allDay, zone),
      floating: start.type === 'date-time' && (start.source === 'floating' || start.source === 'unknown-tzid'),
      timeZone,
      zone,
    },
  };
}

function supportedYear(time: ReadTime): boolean {
  const year = time.type === 'date' ? time.date.year : time.instant.getUTCFullYear();
  return year >= MIN_SUPPORTED_YEAR && year <= MAX_SUPPORTED_YEAR;
}

/** DTEND as the item's end: for all-day items the day before it (its last day); a DTEND equal to the start means that one day. */
function readEnd(start: ReadTime, dtend: Property, context: TimeContext): ReadTime | 'invalid' {
  const end = readTimeValue(dtend, dtend.value, context);
  if (!end || !supportedYear(end)) return 'invalid';
  if (start.type === 'date-time') return end.type === 'date-time' ? end : 'invalid';
  if (end.type === 'date-time' && !isMidnight(end.wall)) return { type: 'date', date: end.wall };
  const endDay = end.type === 'date' ? end.date : end.wall;
  return { type: 'date', date: dayMillis(endDay) === dayMillis(start.date) ? start.date : shiftDays(endDay, -1) };
}

function isMidnight({ hour, minute, second }: WallTime): boolean {
  return hour === 0 && minute === 0 && second === 0;
}

function addDuration(start: ReadTime, raw: string): ReadTime | 'invalid' {
  const duration = parseDuration(raw);
  if (!duration || duration.days < 0 || duration.seconds < 0) return 'invalid';
  if (start.type === 'date') {
    const days = duration.days + Math.ceil(duration.seconds / 86_400);
    return { type: 'date', date: shiftDays(start.date, Math.max(days, 1) - 1) };
  }
  const wall = shiftDays(start.wall, duration.days);
  const afterDays = duration.days === 0 ? start.instant : wallTimeToInstant(wall, start.zone);
  return { ...start, instant: new Date(afterDays.getTime() + duration.seconds * 1000) };
}

function shiftDays(wall: WallTime, days: number): WallTime {
  const shifted = new Date(Date.UTC(wall.year, wall.month - 1, wall.day) + days * DAY_MS);
  return { ...wall, year: shifted.getUTCFullYear(), month: shifted.getUTCMonth() + 1, day: shifted.getUTCDate() };
}

function dayMillis({ year, month, day }: WallTime): number {
  return Date.UTC(year, month - 1, day);
}

function compare(a: ReadTime, b: ReadTime): number {
  if (a.type === 'date' && b.type === 'date') return dayMillis(a.date) - dayMillis(b.date);
  if (a.type === 'date-time' && b.type === 'date-time') return a.instant.getTime() - b.instant.getTime();
  return 0;
}
