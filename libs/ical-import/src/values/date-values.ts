import { WallTime } from '@app/common/dates/wall-time';

/** A DATE (`20250701`) or DATE-TIME (`20250701T190000`, with `Z` in UTC) value, before any zone is applied. */
export type DateValue = { type: 'date'; date: WallTime } | { type: 'date-time'; wall: WallTime; utc: boolean };

/** Seconds are optional: a few producers write `T1900`. */
const DATE_OR_DATE_TIME = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})?(Z)?)?$/i;

/**
 * Reads a DATE or DATE-TIME by its shape, whatever `VALUE=` says (Google's holiday feeds send dates
 * without `VALUE=DATE`). A leap second (`:60`) is read as `:59`. Null for anything else or for a
 * day that does not exist.
 */
export function parseDateValue(raw: string): DateValue | null {
  const match = DATE_OR_DATE_TIME.exec(raw.trim());
  if (!match) return null;
  const [, year, month, day, hour, minute, second = '0', zulu] = match;
  const wall: WallTime = {
    year: Number(year),
    month: Number(month),
    day: Number(day),
    hour: Number(hour ?? 0),
    minute: Number(minute ?? 0),
    second: Math.min(Number(second), 59),
  };
  if (!isValidDateAndTime(wall)) return null;
  return hour === undefined ? { type: 'date', date: wall } : { type: 'date-time', wall, utc: zulu !== undefined };
}

/**
 * Whether the day exists and the time is on the clock. The same rule as the service's
 * isValidWallTime, without creating a luxon DateTime for each of the many dates of a feed.
 */
function isValidDateAndTime({ year, month, day, hour, minute }: WallTime): boolean {
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59) return false;
  return day <= daysInMonth(year, month);
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** A DURATION: the part counted in days (kept on the wall clock) and the exact part in seconds, both signed. */
interface DurationValue {
  days: number;
  seconds: number;
}

const DURATION = /^([+-])?P(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/i;

export function parseDuration(raw: string): DurationValue | null {
  const text = raw.trim();
  const match = DURATION.exec(text);
  if (!match || /^[+-]?PT?$/i.test(text) || /T$/i.test(text)) return null;
  const [, sign, weeks = '0', days = '0', hours = '0', minutes = '0', seconds = '0'] = match;
  const signed = (value: number) => (sign === '-' ? 0 - value : value);
  return {
    days: signed(Number(weeks) * 7 + Number(days)),
    seconds: signed(Number(hours) * 3600 + Number(minutes) * 60 + Number(seconds)),
  };
}

const UTC_OFFSET = /^([+-])(\d{2})(\d{2})(\d{2})?$/;

/** A UTC offset (`+0100`, `-0500`, `+005328`) in minutes (seconds as a fraction), or null. */
export function parseUtcOffset(raw: string): number | null {
  const match = UTC_OFFSET.exec(raw.trim());
  if (!match) return null;
  const [, sign, hours, minutes, seconds = '0'] = match;
  if (Number(hours) > 23 || Number(minutes) > 59 || Number(seconds) > 59) return null;
  return (sign === '-' ? -1 : 1) * (Number(hours) * 60 + Number(minutes) + Number(seconds) / 60);
}

/** The values of a multi-valued date property (`EXDATE:a,b`); a PERIOD (`start/end`) counts by its start. */
export function dateListValues(raw: string): string[] {
  return raw
    .split(',')
    .map((part) => part.split('/')[0].trim())
    .filter((part) => part !== '');
}
