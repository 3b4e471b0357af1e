import { DateTime } from 'luxon';
import { WALL_FORMAT } from './events-zones';

/** Events placed around one day of the site zone, to test whole-day and strict date filters. */
export type BoundaryName = 'before' | 'first' | 'inside' | 'last' | 'overnight' | 'spanning';

interface BoundaryEvent {
  name: BoundaryName;
  /** The event's own zone; start and end are wall times in it. */
  zone: string;
  start: string;
  end: string;
}

/** Zones east and west of UTC; each event is written in one of them. */
const EVENT_ZONES = ['Asia/Tokyo', 'America/New_York', 'Europe/Berlin', 'UTC'];

/** First and last second of `day` in `siteZone`, and its length in hours (23 or 25 on DST days). */
export function siteDay(day: string, siteZone: string) {
  const start = DateTime.fromISO(day, { zone: siteZone }).startOf('day');
  const end = start.set({ hour: 23, minute: 59, second: 59 });
  const hours = start.plus({ days: 1 }).diff(start, 'hours').hours;
  return { start, end, hours };
}

/**
 * One event per boundary case of `day` in `siteZone`:
 * - `before` starts one second before the day, `first` at its first second;
 * - `inside` lies within it; `last` ends at its last second;
 * - `overnight` ends one second after it (crossing midnight); `spanning` covers it and a day each side.
 * Each is written as wall times in a zone of its own (rotating through EVENT_ZONES), skipping a
 * zone where the wall time would be ambiguous or missing (a DST change of that zone).
 */
export function boundaryEvents(day: string, siteZone: string): BoundaryEvent[] {
  const { start, end } = siteDay(day, siteZone);
  const cases: Array<[BoundaryName, DateTime, DateTime]> = [
    ['before', start.minus({ seconds: 1 }), start.plus({ hours: 1 })],
    ['first', start, start.plus({ hours: 1 })],
    ['inside', start.set({ hour: 12 }), start.set({ hour: 13 })],
    ['last', end.minus({ hours: 2 }), end],
    ['overnight', end.minus({ hours: 1 }), end.plus({ seconds: 1 })],
    ['spanning', start.minus({ days: 1 }), end.plus({ days: 1 })],
  ];
  return cases.map(([name, from, to], index) => {
    for (let shift = 0; shift < EVENT_ZONES.length; shift++) {
      const zone = EVENT_ZONES[(index + shift) % EVENT_ZONES.length];
      const wallStart = from.setZone(zone).toFormat(WALL_FORMAT);
      const wallEnd = to.setZone(zone).toFormat(WALL_FORMAT);
      if (roundTrips(wallStart, zone, from) && roundTrips(wallEnd, zone, to)) return { name, zone, start: wallStart, end: wallEnd };
    }
    throw new Error(`no unambiguous zone for ${name} on ${day} (${siteZone})`);
  });
}

function roundTrips(wall: string, zone: string, instant: DateTime): boolean {
  return DateTime.fromFormat(wall, WALL_FORMAT, { zone }).toMillis() === instant.toMillis() && !isAmbiguous(wall, zone);
}

/** Near a DST change of the zone, where a wall time may occur twice or never: avoided altogether. */
function isAmbiguous(wall: string, zone: string): boolean {
  const parsed = DateTime.fromFormat(wall, WALL_FORMAT, { zone });
  const hourEarlier = parsed.minus({ hours: 1 });
  const hourLater = parsed.plus({ hours: 1 });
  return hourEarlier.offset !== parsed.offset || hourLater.offset !== parsed.offset;
}
