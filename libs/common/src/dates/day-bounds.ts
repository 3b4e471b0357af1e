import { Zone } from 'luxon';
import { instantToWallTime, isValidWallTime, WallTime, wallTimeToInstant } from './wall-time';

const WALL_DATE = /^(\d{4})-(\d{2})-(\d{2})(?: \d{2}:\d{2}(?::\d{2})?)?$/;

/** A moment given as an instant, or as a wall time string `YYYY-MM-DD[ HH:MM[:SS]]` in the zone. */
type DayOf = Date | string;

/** 00:00:00 of the day `at` falls on in `zone` (the first moment of the day when a DST change skips midnight). */
export function startOfDay(at: DayOf, zone: Zone): Date {
  return wallTimeToInstant({ ...calendarDay(at, zone), hour: 0, minute: 0, second: 0 }, zone);
}

/** 23:59:59 of the day `at` falls on in `zone`. */
export function endOfDay(at: DayOf, zone: Zone): Date {
  return wallTimeToInstant({ ...calendarDay(at, zone), hour: 23, minute: 59, second: 59 }, zone);
}

/** For all-day events: the start moves to 00:00:00 of its day and the end to 23:59:59 of its day. */
export function allDayBounds(start: DayOf, end: DayOf, zone: Zone): { start: Date; end: Date } {
  return { start: startOfDay(start, zone), end: endOfDay(end, zone) };
}

function calendarDay(at: DayOf, zone: Zone): Pick<WallTime, 'year' | 'month' | 'day'> {
  if (at instanceof Date) {
    const { year, month, day } = instantToWallTime(at, zone);
    return { year, month, day };
  }
  const match = WALL_DATE.exec(at);
  const day = match && { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  if (!day || !isValidWallTime({ ...day, hour: 0, minute: 0, second: 0 })) {
    throw new RangeError(`Not a YYYY-MM-DD date: ${at}`);
  }
  return day;
}
