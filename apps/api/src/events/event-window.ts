import { Errors } from '@app/common';
import { DateWindow } from '@app/domain';
import { ListEventsQuery } from './dto/list-events.query';
import { dayEnd, dayStart, parseWall, shiftWall } from './event-dates';

const RELATIVE_FILTERS = ['starts_before', 'starts_after', 'ends_before', 'ends_after'] as const;

function parseFilterDate(value: unknown, name: string, zone: string, now: Date): Date {
  const parsed = typeof value === 'string' || typeof value === 'number' ? parseWall(value, zone, now) : null;
  if (!parsed) throw Errors.invalidParam(name, 'validation.date');
  return parsed;
}

/**
 * docs/api-rules.md, Lists: without any date filter the window runs from 00:00 yesterday to the end of the day
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
    // Calendar arithmetic, not the phrase parser: the default window is computed on every list.
    window.start = dayStart(shiftWall(now, siteZone, { days: -1 }), siteZone);
  }
  if (query.end_date !== undefined) window.end = atDayEnd(parseFilterDate(query.end_date, 'end_date', siteZone, now));
  else if (!hasRelative) window.end = dayEnd(shiftWall(now, siteZone, { months: 24 }), siteZone);
  const relative = (name: (typeof RELATIVE_FILTERS)[number]) =>
    query[name] === undefined ? undefined : atDayEnd(parseFilterDate(query[name], name, siteZone, now));
  window.startsBefore = relative('starts_before');
  window.startsAfter = relative('starts_after');
  window.endsBefore = relative('ends_before');
  window.endsAfter = relative('ends_after');
  return window;
}
