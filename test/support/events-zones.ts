import { DateTime } from 'luxon';

/**
 * Wall-time arithmetic for the expectations of event tests, done independently of the service's
 * own date code (luxon's IANA data is the reference).
 */
export const WALL_FORMAT = 'yyyy-MM-dd HH:mm:ss';

/** A `YYYY-MM-DD HH:MM:SS` wall time in `zone` as a luxon DateTime. */
function wallAt(wall: string, zone: string): DateTime {
  const parsed = DateTime.fromFormat(wall, WALL_FORMAT, { zone });
  if (!parsed.isValid) throw new Error(`bad wall time ${wall} in ${zone}`);
  return parsed;
}

/** The same instant as a wall time in another zone. */
function convertWall(wall: string, fromZone: string, toZone: string): string {
  return wallAt(wall, fromZone).setZone(toZone).toFormat(WALL_FORMAT);
}

/** The UTC wall time of a wall time in `zone`. */
export const utcWall = (wall: string, zone: string): string => convertWall(wall, zone, 'UTC');

/** The default list window of docs/api-rules.md, Lists, as wall times in the site zone, computed now. */
export function defaultWindow(siteZone: string): { start: string; end: string } {
  const now = DateTime.now().setZone(siteZone);
  return {
    start: now.minus({ days: 1 }).startOf('day').toFormat(WALL_FORMAT),
    end: now.plus({ months: 24 }).set({ hour: 23, minute: 59, second: 59, millisecond: 0 }).toFormat(WALL_FORMAT),
  };
}

/** The UTC offset of a wall time in a zone as `+HH:MM`. */
export const offsetOf = (wall: string, zone: string): string => wallAt(wall, zone).toFormat('ZZ');
