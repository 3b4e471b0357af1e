import { Zone } from 'luxon';

/** A change of a zone's UTC offset: from `at` (ms, inclusive) on, the offset is `to` minutes. */
export interface OffsetChange {
  at: number;
  from: number;
  to: number;
}

/** A year of a zone: the offset in force when it starts (UTC) and every change within it. */
export interface ZoneYear {
  startOffset: number;
  changes: OffsetChange[];
}

const SECOND_MS = 1000;
/**
 * Offsets are probed a week apart and each change is then pinned to the second by bisection. A
 * zone that changed twice within one week and came back would be missed; the tz database has no
 * such pair since the years the service stores events for begin to matter.
 */
const PROBE_STEP_MS = 7 * 86_400_000;

/** The first second in (low, high] whose offset differs from `low`'s (`high`'s offset differs). */
function bisect(zone: Zone, low: number, high: number): number {
  const offsetLow = zone.offset(low);
  let lo = low;
  let hi = high;
  while (hi - lo > SECOND_MS) {
    const mid = lo + Math.floor((hi - lo) / 2 / SECOND_MS) * SECOND_MS;
    if (zone.offset(mid) === offsetLow) lo = mid;
    else hi = mid;
  }
  return hi;
}

/**
 * The offset changes of `zone` from `start` (inclusive) to `end` (exclusive), found by probing the
 * zone's offsets as the runtime's time-zone data (Intl, through luxon) gives them.
 */
export function offsetChanges(zone: Zone, start: number, end: number): OffsetChange[] {
  const changes: OffsetChange[] = [];
  let previousAt = start;
  let previousOffset = zone.offset(start);
  while (previousAt < end) {
    const at = Math.min(previousAt + PROBE_STEP_MS, end);
    const offset = zone.offset(at);
    if (offset !== previousOffset) {
      // The search goes on from the change, so a second change within the same step is found too.
      const changeAt = bisect(zone, previousAt, at);
      const to = zone.offset(changeAt);
      changes.push({ at: changeAt, from: previousOffset, to });
      previousAt = changeAt;
      previousOffset = to;
      continue;
    }
    previousAt = at;
  }
  return changes.filter((change) => change.at < end);
}

/** The zone's offsets in one UTC year, probed from the runtime's time-zone data. */
export function zoneYear(zone: Zone, year: number): ZoneYear {
  const start = Date.UTC(year, 0, 1);
  const end = Date.UTC(year + 1, 0, 1);
  return { startOffset: zone.offset(start), changes: offsetChanges(zone, start, end) };
}
