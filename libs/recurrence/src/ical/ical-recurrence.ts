import { naiveMillis, WallTime } from '@app/common';
import { Zone } from 'luxon';
import { formatRRule, formatUtcDateTime } from '../rule/format-rrule';
import { firstRuleWallTime } from '../expand/engine';
import { wallTimeAt } from '../series/naive-wall-time';
import { Series } from '../series/series';
import { seriesZone } from '../zone/table-zone';

/**
 * The TZID a feed gives a zone: its name, but `UTC+5:30` as `UTC+530`, since a colon in a parameter
 * value needs quoting that not every reader does.
 */
export function icalZoneId(timeZone: string): string {
  return timeZone.replace(':', '');
}

/** `20260501T190000` (a DATE-TIME without zone) or `20260501` (a DATE). */
function icalWallTime(wall: WallTime, dateOnly: boolean): string {
  const text = formatUtcDateTime(new Date(naiveMillis(wall))).slice(0, -1);
  return dateOnly ? text.slice(0, 8) : text;
}

/** `;TZID=Europe/Berlin:` for wall times, `;VALUE=DATE:` for dates, `:` with `Z` values for UTC. */
function dateLine(name: string, walls: WallTime[], series: Series): string {
  if (series.allDay) return `${name};VALUE=DATE:${walls.map((wall) => icalWallTime(wall, true)).join(',')}`;
  if (series.timeZone === 'UTC') return `${name}:${walls.map((wall) => `${icalWallTime(wall, false)}Z`).join(',')}`;
  return `${name};TZID=${icalZoneId(series.timeZone)}:${walls.map((wall) => icalWallTime(wall, false)).join(',')}`;
}

/**
 * The RRULE as a feed writes it. With a DATE start (all-day series) RFC 5545 wants UNTIL as a DATE
 * too: the day UNTIL falls on in the series' zone. Otherwise UNTIL stays in UTC.
 */
function feedRRule(series: Series, zone: Zone): string {
  const { rule } = series.recurrence;
  if (!series.allDay || !rule.until) return formatRRule(rule);
  const untilDay = icalWallTime(wallTimeAt(rule.until, zone), true);
  return formatRRule({ ...rule, until: undefined }).replace(/^(FREQ=\w+(?:;INTERVAL=\d+)?)/, `$1;UNTIL=${untilDay}`);
}

/**
 * The content lines that make a VEVENT (whose DTSTART is the series' start, with the same TZID) a
 * series: `RRULE:…`, and `RDATE`/`EXDATE` when there are any, wall times with the series' TZID
 * (UTC with `Z`, all-day series as DATEs). Lines are unfolded; the feed folds them.
 */
export function recurrenceLines(series: Series): string[] {
  const zone = seriesZone(series.timeZone);
  const { rule, exdates } = series.recurrence;
  // DTSTART always counts as an occurrence here (RFC 5545); readers that only list what the rule
  // generates (libical, dateutil) see it too when it is also an RDATE.
  const dtstart = naiveMillis(series.start);
  const unsynced = firstRuleWallTime(rule, dtstart) !== dtstart;
  const rdates = unsynced ? [series.start, ...series.recurrence.rdates] : series.recurrence.rdates;
  const lines = [`RRULE:${feedRRule(series, zone)}`];
  if (rdates.length > 0) lines.push(dateLine('RDATE', rdates, series));
  if (exdates.length > 0) lines.push(dateLine('EXDATE', exdates, series));
  return lines;
}

/** `RECURRENCE-ID` of a changed occurrence (its original start), in the series' form of dates. */
export function recurrenceIdLine(series: Series, originalStart: Date): string {
  const zone = seriesZone(series.timeZone);
  return dateLine('RECURRENCE-ID', [wallTimeAt(originalStart, zone)], series);
}
