import { Zone } from 'luxon';
import { parseTimeZone, UTC_TIME_ZONE } from './time-zone';

const cache = new Map<string, Zone>();

/**
 * The luxon zone for a name the service stored or configured (`Europe/Berlin`, `UTC+2`). Names
 * were validated on the way in, so an unknown one (impossible in practice) falls back to UTC.
 */
export function zoneByName(name: string): Zone {
  let zone = cache.get(name);
  if (!zone) {
    zone = (parseTimeZone(name) ?? UTC_TIME_ZONE).zone;
    cache.set(name, zone);
  }
  return zone;
}
