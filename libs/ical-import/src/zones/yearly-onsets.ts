import { WallTime } from '@app/common/dates/wall-time';

/**
 * The part of an RRULE that time-zone observances use: `FREQ=YEARLY` with `BYMONTH`, `BYDAY`
 * (`-1SU`, `2SU`, `SU`) and `BYMONTHDAY` (old zones wrote "the Sunday on or after the 8th" as
 * `BYMONTHDAY=8,9,10,11,12,13,14;BYDAY=SU`), `INTERVAL`, `UNTIL` and `COUNT`.
 */
export interface YearlyRule {
  interval: number;
  months: number[];
  weekdays: { weekday: number; ordinal: number | null }[];
  monthDays: number[];
  /** `UNTIL` with `Z` (compared to the onset's instant) or as a local wall time. */
  until: { utc: boolean; wall: WallTime } | null;
  count: number | null;
}

const WEEKDAYS = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'];
const BY_DAY = /^([+-]?\d{1,2})?(SU|MO|TU|WE|TH|FR|SA)$/;
const UNTIL = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})(Z)?)?$/;

/** Reads a yearly observance rule; null for any other frequency or a part it cannot use. */
export function parseYearlyRule(raw: string): YearlyRule | null {
  const parts = new Map(
    raw
      .replace(/^RRULE:/i, '')
      .split(';')
      .filter((part) => part.includes('='))
      .map((part) => {
        const [key, value] = part.split('=');
        return [key.trim().toUpperCase(), value.trim().toUpperCase()] as const;
      }),
  );
  if (parts.get('FREQ') !== 'YEARLY') return null;
  const weekdays = listOf(parts.get('BYDAY')).map((text) => BY_DAY.exec(text));
  if (weekdays.some((match) => match === null)) return null;
  const months = listOf(parts.get('BYMONTH')).map(Number);
  const monthDays = listOf(parts.get('BYMONTHDAY')).map(Number);
  if ([...months, ...monthDays].some((value) => !Number.isInteger(value))) return null;
  return {
    interval: Math.max(1, Number(parts.get('INTERVAL') ?? 1) || 1),
    months,
    weekdays: weekdays.map((match) => ({
      weekday: WEEKDAYS.indexOf(match![2]),
      ordinal: match![1] === undefined ? null : Number(match![1]),
    })),
    monthDays,
    until: parseUntil(parts.get('UNTIL')),
    count: parts.has('COUNT') ? Number(parts.get('COUNT')) || null : null,
  };
}

function listOf(value: string | undefined): string[] {
  return value ? value.split(',').filter((part) => part !== '') : [];
}

function parseUntil(value: string | undefined): YearlyRule['until'] {
  const match = value ? UNTIL.exec(value) : null;
  if (!match) return null;
  const [, year, month, day, hour = '23', minute = '59', second = '59', zulu] = match;
  const wall = { year: +year, month: +month, day: +day, hour: +hour, minute: +minute, second: +second };
  return { utc: zulu !== undefined, wall };
}

/** The local wall times at which a yearly rule fires in `year`, in order (before UNTIL/COUNT are applied). */
export function yearlyOnsets(rule: YearlyRule, start: WallTime, year: number): WallTime[] {
  if ((year - start.year) % rule.interval !== 0) return [];
  const months = rule.months.length > 0 ? rule.months : [start.month];
  const onsets: WallTime[] = [];
  for (const month of [...months].sort((a, b) => a - b)) {
    for (const day of daysOfMonth(rule, start, year, month)) {
      onsets.push({ year, month, day, hour: start.hour, minute: start.minute, second: start.second });
    }
  }
  return onsets;
}

function daysOfMonth(rule: YearlyRule, start: WallTime, year: number, month: number): number[] {
  const length = daysInMonth(year, month);
  const monthDays = rule.monthDays.map((day) => (day < 0 ? length + day + 1 : day)).filter((day) => day >= 1 && day <= length);
  if (rule.weekdays.length === 0) return monthDays.length > 0 ? monthDays : start.day <= length ? [start.day] : [];
  const days = new Set<number>();
  for (const { weekday, ordinal } of rule.weekdays) {
    for (const day of weekdayDays(year, month, length, weekday, ordinal)) days.add(day);
  }
  const chosen = rule.monthDays.length > 0 ? [...days].filter((day) => monthDays.includes(day)) : [...days];
  return chosen.sort((a, b) => a - b);
}

/** Every `weekday` of the month, or only the n-th (counted from the end when negative). */
function weekdayDays(year: number, month: number, length: number, weekday: number, ordinal: number | null): number[] {
  const first = 1 + ((weekday - weekdayOf(year, month, 1) + 7) % 7);
  const all: number[] = [];
  for (let day = first; day <= length; day += 7) all.push(day);
  if (ordinal === null || ordinal === 0) return all;
  const picked = ordinal > 0 ? all[ordinal - 1] : all[all.length + ordinal];
  return picked === undefined ? [] : [picked];
}

function weekdayOf(year: number, month: number, day: number): number {
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay();
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}
