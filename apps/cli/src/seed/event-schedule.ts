import { allDayBounds, instantToWallTime, TimeZone, wallTimeToInstant } from '@app/common';
import { DateTime } from 'luxon';
import { Random } from './random';

interface Schedule {
  startUtc: Date;
  endUtc: Date;
  allDay: boolean;
}

/** Seeded events fall on one of the next this many days. */
export const DAYS_AHEAD = 365;

const START_HOURS = [9, 10, 11, 14, 15, 16, 17, 18, 18, 19, 19, 19, 20, 20, 21];
const START_MINUTES = [0, 0, 0, 0, 30, 30, 15, 45];
const DURATION_MINUTES = [60, 90, 90, 120, 120, 120, 150, 180, 240];

/** A calendar day as `YYYY-MM-DD`. */
export type CalendarDay = string;

/** Tomorrow in the site's zone: events start after the day the seed ran. */
export function firstSeedDay(now: Date, siteZone: TimeZone): CalendarDay {
  const { year, month, day } = instantToWallTime(now, siteZone.zone);
  return addDays(DateTime.utc(year, month, day).toISODate() as string, 1);
}

/**
 * A million events fall on a few hundred days at a few dozen wall times: the calendar arithmetic
 * (Luxon, a third of the seeder's CPU time before) is done once per distinct input. Bounded, in
 * case a caller ever varies the inputs without end.
 */
const MEMO_LIMIT = 200_000;
const memo = new Map<string, unknown>();
function memoized<T>(key: string, compute: () => T): T {
  if (memo.has(key)) return memo.get(key) as T;
  if (memo.size >= MEMO_LIMIT) memo.clear();
  const value = compute();
  memo.set(key, value);
  return value;
}

function addDays(day: CalendarDay, days: number): CalendarDay {
  return memoized(`d|${day}|${days}`, () => DateTime.fromISO(day, { zone: 'utc' }).plus({ days }).toISODate() as string);
}

function at(day: CalendarDay, hour: number, minute: number, zone: TimeZone): Date {
  const instant = memoized(`a|${day}|${hour}|${minute}|${zone.name}`, () => {
    const { year, month, day: dayOfMonth } = DateTime.fromISO(day, { zone: 'utc' });
    return wallTimeToInstant({ year, month, day: dayOfMonth, hour, minute, second: 0 }, zone.zone).getTime();
  });
  return new Date(instant);
}

/**
 * When one event takes place: mostly an evening or afternoon of one to four hours; about one in
 * ten all day, a few all-day festivals over several days, a few running from an evening to a
 * later afternoon. Wall times are read in the event's own zone.
 */
export function planSchedule(random: Random, firstDay: CalendarDay, zone: TimeZone): Schedule {
  const day = addDays(firstDay, random.int(0, DAYS_AHEAD - 1));
  const kind = random.next();
  if (kind < 0.12) {
    const lastDay = kind < 0.08 ? day : addDays(day, random.int(1, 3));
    const [start, end] = memoized(`b|${day}|${lastDay}|${zone.name}`, () => {
      const bounds = allDayBounds(day, lastDay, zone.zone);
      return [bounds.start.getTime(), bounds.end.getTime()];
    });
    return { startUtc: new Date(start), endUtc: new Date(end), allDay: true };
  }
  const startUtc = at(day, random.pick(START_HOURS), random.pick(START_MINUTES), zone);
  if (kind < 0.15) return { startUtc, endUtc: at(addDays(day, random.int(1, 2)), 16, 0, zone), allDay: false };
  return { startUtc, endUtc: new Date(startUtc.getTime() + random.pick(DURATION_MINUTES) * 60_000), allDay: false };
}
