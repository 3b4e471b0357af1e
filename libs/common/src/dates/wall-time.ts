import { DateTime, Zone } from 'luxon';

/** A calendar date and clock time without a zone, as people write them (`month` 1-12). */
export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

export function isValidWallTime(wall: WallTime): boolean {
  const { year, month, day, hour, minute, second } = wall;
  if (![year, month, day, hour, minute, second].every(Number.isInteger)) return false;
  if (month < 1 || month > 12 || day < 1 || hour < 0 || hour > 23 || minute < 0 || minute > 59) return false;
  if (second < 0 || second > 59) return false;
  const daysInMonth = DateTime.utc(year, month).daysInMonth;
  return daysInMonth !== undefined && day <= daysInMonth;
}

/** The wall time an instant shows in a zone (milliseconds are dropped). */
export function instantToWallTime(instant: Date, zone: Zone): WallTime {
  const { year, month, day, hour, minute, second } = DateTime.fromJSDate(instant, { zone });
  return { year, month, day, hour, minute, second };
}

/**
 * The instant at which a zone's clocks show `wall`.
 *
 * Luxon resolves ambiguous wall times with the offset in force at the machine's current date, so
 * the same input would give different instants in summer and in winter. This resolves them
 * deterministically instead:
 * - a wall time that occurs twice (clocks going back) is the first occurrence, the earlier instant;
 * - a wall time skipped by clocks going forward is read with the offset in force before the jump,
 *   so it moves forward by the jump (02:30 on the day Berlin springs forward is 03:30 CEST).
 */
export function wallTimeToInstant(wall: WallTime, zone: Zone): Date {
  const naive = naiveMillis(wall);
  const offsetBefore = zone.offset(naive - DAY_MS);
  const offsetAfter = zone.offset(naive + DAY_MS);
  const matching = [offsetBefore, offsetAfter]
    .map((offset) => ({ offset, ts: naive - offset * MINUTE_MS }))
    .filter(({ offset, ts }) => zone.offset(ts) === offset)
    .map(({ ts }) => ts);
  const ts = matching.length > 0 ? Math.min(...matching) : naive - offsetBefore * MINUTE_MS;
  return new Date(ts);
}

/** Milliseconds of the wall time read as if it were UTC; `setUTCFullYear` keeps years below 100 literal. */
export function naiveMillis(wall: WallTime): number {
  const date = new Date(0);
  date.setUTCFullYear(wall.year, wall.month - 1, wall.day);
  date.setUTCHours(wall.hour, wall.minute, wall.second, 0);
  return date.getTime();
}

/** The wall time whose naive milliseconds (read as if UTC) are `ms`: the inverse of naiveMillis. */
export function naiveWallTime(ms: number): WallTime {
  const date = new Date(ms);
  return {
    year: date.getUTCFullYear(),
    month: date.getUTCMonth() + 1,
    day: date.getUTCDate(),
    hour: date.getUTCHours(),
    minute: date.getUTCMinutes(),
    second: date.getUTCSeconds(),
  };
}
