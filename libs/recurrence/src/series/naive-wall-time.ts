import { naiveWallTime, WallTime } from '@app/common';
import { Zone } from 'luxon';
import { NaiveMillis } from '../expand/engine';

/** The naive milliseconds of the wall time `instant` shows in `zone`. */
export function naiveMillisAt(instant: Date, zone: Zone): NaiveMillis {
  const ms = instant.getTime();
  return ms + zone.offset(ms) * 60_000;
}

/** The wall time `instant` shows in `zone` (as instantToWallTime, without building a luxon DateTime). */
export function wallTimeAt(instant: Date, zone: Zone): WallTime {
  return naiveWallTime(naiveMillisAt(instant, zone));
}
