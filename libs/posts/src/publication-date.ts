import { DateTime } from 'luxon';

const WALL_FORMAT = 'yyyy-MM-dd HH:mm:ss';

/** 'YYYY-MM-DD HH:MM:SS' of an instant in a zone, as every date field is returned (contract §2). */
export function formatInZone(instant: Date, zone: string): string {
  return DateTime.fromJSDate(instant, { zone }).toFormat(WALL_FORMAT);
}

/** Whole seconds: stored instants never carry milliseconds, so equal times compare equal. */
export function wholeSeconds(date: Date = new Date()): Date {
  return new Date(Math.floor(date.getTime() / 1000) * 1000);
}
