import { Zone } from 'luxon';
import { parseTimeZone } from '../src/dates/time-zone';

/** The luxon zone for a name the tests know to be valid. */
export function zoneNamed(name: string): Zone {
  const parsed = parseTimeZone(name);
  if (!parsed) throw new Error(`Unknown time zone in test: ${name}`);
  return parsed.zone;
}

/** A Date's ISO form, or null, so that failures print readable instants. */
export function iso(date: Date | null): string | null {
  return date && date.toISOString();
}

/** The ISO form of a UTC instant written without milliseconds. */
export function utc(text: string): string {
  return new Date(text).toISOString();
}
