import {
  dateDetails,
  endOfDay,
  formatWallTime,
  parseDateInput,
  parseTimeZone,
  rezone,
  startOfDay,
  timezoneAbbreviation,
  toIso8601WithOffset,
  zoneByName,
} from '@app/common';
import { DateTime, DurationLike } from 'luxon';

/**
 * The date operations of the events feature, over zones stored by name (`Europe/Berlin`,
 * `UTC+2`). The calendar arithmetic itself lives in libs/common/src/dates.
 */

/** The normalised name of a zone a client gave, or null when it is not one. */
export const resolveZone = (input: string): string | null => parseTimeZone(input)?.name ?? null;

export const wallTime = (instant: Date, zone: string): string => formatWallTime(instant, zoneByName(zone));

/** Every input form of docs/api-rules.md, Writes, wall times read in `zone`. */
export const parseWall = (value: unknown, zone: string, now: Date): Date | null => parseDateInput(value, zoneByName(zone), now);

export const details = dateDetails;

export const abbreviation = (zone: string, instant: Date): string => timezoneAbbreviation(zoneByName(zone), instant);

export const isoWithOffset = (instant: Date, zone: string): string => toIso8601WithOffset(instant, zoneByName(zone));

export const dayStart = (instant: Date, zone: string): Date => startOfDay(instant, zoneByName(zone));

export const dayEnd = (instant: Date, zone: string): Date => endOfDay(instant, zoneByName(zone));

/** The same wall time in another zone: changing only `timezone` keeps wall times (docs/api-rules.md, Writes). */
export const keepWallTime = (instant: Date, fromZone: string, toZone: string): Date =>
  rezone(instant, zoneByName(fromZone), zoneByName(toZone));

/** `instant` moved by `shift` on the wall clock of `zone` (`{ days: -1 }` is yesterday at this time). */
export const shiftWall = (instant: Date, zone: string, shift: DurationLike): Date =>
  DateTime.fromJSDate(instant, { zone: zoneByName(zone) })
    .plus(shift)
    .toJSDate();
