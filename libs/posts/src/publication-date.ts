import { formatWallTime, zoneByName } from '@app/common';

/** 'YYYY-MM-DD HH:MM:SS' of an instant in a zone, as every date field is returned (docs/api-rules.md, Records as returned). */
export function formatInZone(instant: Date, zone: string): string {
  return formatWallTime(instant, zoneByName(zone));
}

/** Whole seconds: stored instants never carry milliseconds, so equal times compare equal. */
export function wholeSeconds(date: Date = new Date()): Date {
  return new Date(Math.floor(date.getTime() / 1000) * 1000);
}
