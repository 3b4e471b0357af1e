import ICAL from 'ical.js';
import { formatUtc } from '@app/common/dates/date-output';
import { instantToWallTime, WallTime, wallTimeToInstant } from '@app/common/dates/wall-time';
import { zoneByName } from '@app/common/dates/zone-by-name';
import { ImportItem, ImportTime } from '@app/ical-import';

/**
 * Dev-only cross-check that an item carries everything its occurrences need: expands its RRULE
 * with ical.js on the start's wall clock (UNTIL in UTC first moved to that wall clock, a date
 * UNTIL on a timed series meaning the end of that day), adds RDATEs, and reads each wall time in
 * the item's zone. This stands in for the recurrence library the importer will hand items to.
 */
export function occurrenceStarts(item: ImportItem, until: Date, limit: number): ImportTime[] {
  const zone = zoneByName(item.timeZone.name);
  const startWall = item.start.type === 'date' ? dateWall(item.start.date) : instantToWallTime(item.start.instant, zone);
  const starts: ImportTime[] = [item.start];
  for (const rule of item.rrules) {
    const recur = ICAL.Recur.fromString(rule);
    if (recur.until) recur.until = untilOnWallClock(recur.until, item, zone);
    const iterator = recur.iterator(toIcalTime(startWall, item.allDay));
    for (let next = iterator.next(); next && starts.length < limit * 4; next = iterator.next()) {
      const time = fromIcalTime(next, item.allDay, zone);
      if (startsAfter(time, until)) break;
      starts.push(time);
    }
  }
  starts.push(...item.rdates);
  const unique = new Map(starts.map((time) => [key(time), time]));
  return [...unique.values()].sort((a, b) => key(a).localeCompare(key(b)));
}

export function key(time: ImportTime): string {
  return time.type === 'date' ? time.date : formatUtc(time.instant);
}

function startsAfter(time: ImportTime, until: Date): boolean {
  return time.type === 'date' ? time.date > until.toISOString().slice(0, 10) : time.instant > until;
}

function untilOnWallClock(until: ICAL.Time, item: ImportItem, zone: ReturnType<typeof zoneByName>): ICAL.Time {
  if (until.isDate && !item.allDay) return toIcalTime({ ...icalWall(until), hour: 23, minute: 59, second: 59 }, false);
  if (until.zone === ICAL.Timezone.utcTimezone && !item.allDay) {
    return toIcalTime(instantToWallTime(new Date(until.toUnixTime() * 1000), zone), false);
  }
  return until;
}

function icalWall(time: ICAL.Time): WallTime {
  return { year: time.year, month: time.month, day: time.day, hour: time.hour, minute: time.minute, second: time.second };
}

function dateWall(date: string): WallTime {
  const [year, month, day] = date.split('-').map(Number);
  return { year, month, day, hour: 0, minute: 0, second: 0 };
}

function toIcalTime(wall: WallTime, isDate: boolean): ICAL.Time {
  return ICAL.Time.fromData({ ...wall, isDate });
}

function fromIcalTime(time: ICAL.Time, allDay: boolean, zone: ReturnType<typeof zoneByName>): ImportTime {
  const wall = icalWall(time);
  if (allDay) return { type: 'date', date: dateString(wall) };
  const instant = wallTimeToInstant(wall, zone);
  return { type: 'date-time', wall: '', instant };
}

function dateString({ year, month, day }: WallTime): string {
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
