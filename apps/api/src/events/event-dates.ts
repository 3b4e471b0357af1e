import { DateTime, Info } from 'luxon';

/**
 * The date operations the events feature needs, in one place over luxon.
 * TODO(dates): delegate to the shared libs/common dates module once it lands (phrases, abbreviations).
 */
const WALL = 'yyyy-MM-dd HH:mm:ss';

/** A normalised zone name (IANA or UTC±N), or null when unknown. */
export function resolveZone(input: string): string | null {
  const text = input.trim();
  if (text === '') return null;
  if (/^utc$/i.test(text)) return 'UTC';
  const fixed = /^utc([+-])(\d{1,2})(?::?(\d{2})|\.(\d+))?$/i.exec(text);
  if (fixed) {
    const minutes = fixed[3] ? Number(fixed[3]) : fixed[4] ? Math.round(Number(`0.${fixed[4]}`) * 60) : 0;
    if (Number(fixed[2]) > 14 || minutes >= 60) return null;
    return `UTC${fixed[1]}${Number(fixed[2])}${minutes ? `:${String(minutes).padStart(2, '0')}` : ''}`;
  }
  return Info.isValidIANAZone(text) ? text : null;
}

export function wallTime(instant: Date, zone: string): string {
  return DateTime.fromJSDate(instant, { zone }).toFormat(WALL);
}

export function parseWall(value: string | number, zone: string): Date | null {
  if (typeof value === 'number' || /^\d{9,11}$/.test(String(value).trim())) return new Date(Number(value) * 1000);
  const parsed = DateTime.fromISO(value.trim().replace(' ', 'T'), { zone });
  return parsed.isValid ? parsed.toJSDate() : null;
}

export function details(wall: string) {
  const [date, time] = wall.split(' ');
  const [year, month, day] = date.split('-');
  const [hour, minutes, seconds] = time.split(':');
  return { year, month, day, hour, minutes, seconds };
}

export function abbreviation(zone: string, instant: Date): string {
  return DateTime.fromJSDate(instant, { zone }).toFormat('ZZZZ');
}

export function isoWithOffset(instant: Date, zone: string): string {
  return DateTime.fromJSDate(instant, { zone }).toISO({ suppressMilliseconds: true }) ?? '';
}

export function dayStart(instant: Date, zone: string): Date {
  return DateTime.fromJSDate(instant, { zone }).startOf('day').toJSDate();
}

export function dayEnd(instant: Date, zone: string): Date {
  return DateTime.fromJSDate(instant, { zone }).set({ hour: 23, minute: 59, second: 59, millisecond: 0 }).toJSDate();
}

/** The same wall time in another zone: changing only `timezone` keeps wall times (contract §4). */
export function keepWallTime(instant: Date, fromZone: string, toZone: string): Date {
  return parseWall(wallTime(instant, fromZone), toZone) as Date;
}

export function addMonths(instant: Date, zone: string, months: number): Date {
  return DateTime.fromJSDate(instant, { zone }).plus({ months }).toJSDate();
}

export function addDays(instant: Date, zone: string, days: number): Date {
  return DateTime.fromJSDate(instant, { zone }).plus({ days }).toJSDate();
}
