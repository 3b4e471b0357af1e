import { DateTime, FixedOffsetZone, Zone } from 'luxon';
import { DateDetails } from './date-details.dto';

const MINUTE_MS = 60_000;
const WALL_STRING = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

/**
 * The instant as the zone's clocks show it: `YYYY-MM-DD HH:MM:SS`. A list response formats about
 * twenty dates per event, so this shifts by the zone's offset and lets toISOString format, about
 * twice as fast as luxon's toFormat (years 1000-9999, which is all the service stores).
 */
export function formatWallTime(instant: Date, zone: Zone): string {
  const ms = instant.getTime();
  return new Date(ms + zone.offset(ms) * MINUTE_MS).toISOString().slice(0, 19).replace('T', ' ');
}

/** The instant in UTC: `YYYY-MM-DD HH:MM:SS` (the `*_utc` fields). */
export function formatUtc(instant: Date): string {
  return formatWallTime(instant, FixedOffsetZone.utcInstance);
}

/** The parts of a `YYYY-MM-DD HH:MM:SS` string; throws on anything else (it comes from formatWallTime). */
export function dateDetails(wall: string): DateDetails {
  const match = WALL_STRING.exec(wall);
  if (!match) throw new RangeError(`Not a YYYY-MM-DD HH:MM:SS date: ${wall}`);
  const [, year, month, day, hour, minutes, seconds] = match;
  return { year, month, day, hour, minutes, seconds };
}

/** ISO 8601 with the zone's offset at that instant, for JSON-LD: `2026-03-01T20:00:00+01:00`. */
export function toIso8601WithOffset(instant: Date, zone: Zone): string {
  return DateTime.fromJSDate(instant, { zone }).toFormat("yyyy-MM-dd'T'HH:mm:ssZZ");
}
