import { Zone } from 'luxon';
import { wholeSecondInstant } from './instant';
import { isValidWallTime, naiveMillis, WallTime, wallTimeToInstant } from './wall-time';

/**
 * `YYYY-MM-DD`, `YYYY-MM-DD HH:MM[:SS]` and ISO 8601 `YYYY-MM-DDTHH:MM[:SS[.fff]]` with an optional
 * `Z` or offset (`+01:00`, `+0100`, `+01`). A `T` and a space are interchangeable.
 */
const FORMATTED_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(?:(Z)|([+-])(\d{2}):?(\d{2})?)?)?$/i;

/**
 * `YYYY-MM-DD` and a 12-hour time, as PHP's strtotime reads them (the original plugin does):
 * `4pm`, `4 PM`, `4:30 pm`, `04:30:15pm`, `4 p.m.`; the hour is 1 to 12, `12am` is midnight.
 */
const TWELVE_HOUR_DATE = /^(\d{4})-(\d{2})-(\d{2})\s+(\d{1,2})(?::(\d{2})(?::(\d{2}))?)?\s*([ap])\.?m\.?$/i;

const MAX_OFFSET_HOURS = 18;

/** True when the text is meant as a numeric date (it starts with `YYYY-`), valid or not. */
export function looksLikeFormattedDate(text: string): boolean {
  return /^\d{4}-/.test(text);
}

/**
 * Reads a numeric date. Without an offset it is a wall time in `zone` (a date alone is 00:00:00 of
 * that day, a 12-hour time is read as such); with `Z` or an offset it is that instant. Fractions
 * of a second are dropped. Returns null for anything else and for dates that do not exist
 * (`2026-02-30`, `24:00`, `13pm`).
 */
export function parseFormattedDate(text: string, zone: Zone): Date | null {
  const match = FORMATTED_DATE.exec(text);
  if (!match) return parseTwelveHourDate(text, zone);
  const [, year, month, day, hour = '0', minute = '0', second = '0', zulu, sign, offsetHours, offsetMinutes = '0'] = match;
  const wall = wallOf(year, month, day, Number(hour), minute, second);
  if (!isValidWallTime(wall)) return null;
  if (zulu) return wholeSecondInstant(naiveMillis(wall));
  if (sign) {
    const offset = offsetMillis(sign, offsetHours, offsetMinutes);
    return offset === null ? null : wholeSecondInstant(naiveMillis(wall) - offset);
  }
  return wholeSecondInstant(wallTimeToInstant(wall, zone).getTime());
}

function parseTwelveHourDate(text: string, zone: Zone): Date | null {
  const match = TWELVE_HOUR_DATE.exec(text);
  if (!match) return null;
  const [, year, month, day, hour, minute = '0', second = '0', meridiem] = match;
  const hour12 = Number(hour);
  if (hour12 < 1 || hour12 > 12) return null;
  const wall = wallOf(year, month, day, (hour12 % 12) + (meridiem.toLowerCase() === 'p' ? 12 : 0), minute, second);
  return isValidWallTime(wall) ? wholeSecondInstant(wallTimeToInstant(wall, zone).getTime()) : null;
}

function wallOf(year: string, month: string, day: string, hour: number, minute: string, second: string): WallTime {
  return { year: Number(year), month: Number(month), day: Number(day), hour, minute: Number(minute), second: Number(second) };
}

function offsetMillis(sign: string, hoursText: string, minutesText: string): number | null {
  const hours = Number(hoursText);
  const minutes = Number(minutesText);
  if (hours > MAX_OFFSET_HOURS || minutes > 59) return null;
  return (sign === '-' ? -1 : 1) * (hours * 60 + minutes) * 60_000;
}
