import { isValidWallTime, MAX_SUPPORTED_YEAR, MIN_SUPPORTED_YEAR, naiveMillis, WallTime, wallTimeToInstant } from '@app/common';
import { Zone } from 'luxon';
import { recurrenceError } from '../recurrence-error';
import { Weekday, WEEKDAYS, WeekdayEntry } from './recurrence-rule';

const INTEGER = /^[+-]?\d{1,6}$/;
const UNSIGNED = /^\d{1,7}$/;
const WEEKDAY_ENTRY = /^([+-]?\d{1,2})?(MO|TU|WE|TH|FR|SA|SU)$/;
/** RFC 5545 DATE (`20260501`) or DATE-TIME (`20260501T190000`, with `Z` in UTC). */
const RULE_DATE = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})(Z)?)?$/;

function badValue(part: string, value: string) {
  return recurrenceError('badValue', { part, value });
}

/** A whole number of a part that has one (INTERVAL, COUNT) within [min, max]. */
export function parseCount(part: string, value: string, min: number, max: number): number {
  const number = Number(value);
  if (!UNSIGNED.test(value) || number < min || number > max) throw badValue(part, value);
  return number;
}

/**
 * A comma-separated list of integers within ±[1, max] (`allowNegative`) or [1, max]: sorted
 * (positive ones first), repeats dropped. Zero is never a valid position.
 */
export function parseIntegerList(part: string, value: string, max: number, allowNegative: boolean): number[] {
  const numbers = value.split(',').map((item) => {
    const number = Number(item);
    const valid = INTEGER.test(item) && number !== 0 && Math.abs(number) <= max && (allowNegative || number > 0);
    if (!valid) throw badValue(part, item === '' ? value : item);
    return number;
  });
  return sortPositions([...new Set(numbers)]);
}

/** Positive positions ascending, then negative ones from the start of the range (-31 before -1). */
function sortPositions(numbers: number[]): number[] {
  return numbers.sort((a, b) => (a > 0 === b > 0 ? a - b : a > 0 ? -1 : 1));
}

export function parseWeekday(part: string, value: string): Weekday {
  if (!(WEEKDAYS as readonly string[]).includes(value)) throw badValue(part, value);
  return value as Weekday;
}

/** `MO,WE`, `1SA`, `-1FR`, `+2TU`: ordinals ±1..53, sorted by weekday then ordinal, repeats dropped. */
export function parseWeekdayList(part: string, value: string): WeekdayEntry[] {
  const seen = new Map<string, WeekdayEntry>();
  for (const item of value.split(',')) {
    const match = WEEKDAY_ENTRY.exec(item);
    const ordinal = match?.[1] === undefined ? undefined : Number(match[1]);
    if (!match || ordinal === 0 || (ordinal !== undefined && Math.abs(ordinal) > 53)) throw badValue(part, item === '' ? value : item);
    const entry: WeekdayEntry = ordinal === undefined ? { weekday: match[2] as Weekday } : { weekday: match[2] as Weekday, ordinal };
    seen.set(`${ordinal ?? ''}${entry.weekday}`, entry);
  }
  return [...seen.values()].sort(compareWeekdayEntries);
}

/** Every weekday first, then the first, second... and the ones counted from the end, the last one last. */
function ordinalRank(ordinal: number | undefined): number {
  if (ordinal === undefined) return 0;
  return ordinal > 0 ? ordinal : 200 + ordinal;
}

function compareWeekdayEntries(a: WeekdayEntry, b: WeekdayEntry): number {
  return WEEKDAYS.indexOf(a.weekday) - WEEKDAYS.indexOf(b.weekday) || ordinalRank(a.ordinal) - ordinalRank(b.ordinal);
}

/**
 * UNTIL as an instant: `…Z` is UTC; a date-time without `Z` is a wall time in the series' zone; a
 * date alone is the end of that day (23:59:59) there, so the occurrences of that day still count.
 */
export function parseUntil(value: string, zone: Zone): Date {
  const match = RULE_DATE.exec(value);
  if (!match) throw badValue('UNTIL', value);
  const [, year, month, day, hour, minute, second, zulu] = match;
  const dateOnly = hour === undefined;
  const wall: WallTime = {
    year: Number(year),
    month: Number(month),
    day: Number(day),
    hour: dateOnly ? 23 : Number(hour),
    minute: dateOnly ? 59 : Number(minute),
    second: dateOnly ? 59 : Number(second),
  };
  if (!isValidWallTime(wall) || wall.year < MIN_SUPPORTED_YEAR || wall.year > MAX_SUPPORTED_YEAR) throw badValue('UNTIL', value);
  return zulu ? new Date(naiveMillis(wall)) : wallTimeToInstant(wall, zone);
}
