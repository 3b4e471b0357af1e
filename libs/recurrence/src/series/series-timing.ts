import { instantToWallTime, zoneByName } from '@app/common';
import { SeriesTiming } from './series';

/** An event's first occurrence as it is stored: UTC instants, the zone's name, and whether it lasts whole days. */
interface StoredTiming {
  startUtc: Date;
  endUtc: Date;
  timezone: string;
  allDay: boolean;
}

/** Where a stored event's series sits: its start and end as wall times in its own zone. */
export function seriesTimingOf(stored: StoredTiming): SeriesTiming {
  const zone = zoneByName(stored.timezone);
  return {
    start: instantToWallTime(stored.startUtc, zone),
    end: instantToWallTime(stored.endUtc, zone),
    timeZone: stored.timezone,
    allDay: stored.allDay,
  };
}
