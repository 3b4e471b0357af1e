import { Zone } from 'luxon';
import { instantToWallTime, wallTimeToInstant } from './wall-time';

/**
 * The instant that shows in `toZone` the wall time `instant` shows in `fromZone`. Changing only an
 * event's time zone keeps its wall times and moves its UTC instants (docs/api-rules.md, Writes).
 */
export function rezone(instant: Date, fromZone: Zone, toZone: Zone): Date {
  return wallTimeToInstant(instantToWallTime(instant, fromZone), toZone);
}
