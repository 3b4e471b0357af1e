import { naiveMillis, WallTime } from '@app/common';
import { Zone } from 'luxon';
import { NaiveMillis } from '../expand/engine';

/** The wall time whose naive milliseconds (read as if UTC) are `ms`: the inverse of naiveMillis. */
export function naiveWallTime(ms: NaiveMillis): WallTime {
  const date = new Date(ms);
  return {
    year: date.getUTCFullYear(),
    month: date.getUTCMonth() + 1,
    day: date.getUTCDate(),
    hour: date.getUTCHours(),
    minute: date.getUTCMinutes(),
    second: date.getUTCSeconds(),
  };
}

/** The naive milliseconds of the wall time `instant` shows in `zone`. */
export function naiveMillisAt(instant: Date, zone: Zone): NaiveMillis {
  const ms = instant.getTime();
  return ms + zone.offset(ms) * 60_000;
}

/** The wall time `instant` shows in `zone` (as instantToWallTime, without building a luxon DateTime). */
export function wallTimeAt(instant: Date, zone: Zone): WallTime {
  return naiveWallTime(naiveMillisAt(instant, zone));
}

export function compareWallTimes(a: WallTime, b: WallTime): number {
  return naiveMillis(a) - naiveMillis(b);
}
