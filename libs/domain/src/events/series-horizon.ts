import { DateTime } from 'luxon';

/** Occurrences of a series exist up to here: `horizonMonths` after now. */
export function seriesHorizon(now: Date, horizonMonths: number): Date {
  return DateTime.fromJSDate(now).plus({ months: horizonMonths }).toJSDate();
}

/**
 * The day an endless series must be materialized to, at `now`: a series whose occurrences end
 * before it grows on the next list read, and the data version says so until it has (its answers
 * change then without a write, as when a scheduled record becomes due).
 */
export function seriesGrowthTarget(now: Date, horizonMonths: number): Date {
  const horizon = seriesHorizon(now, horizonMonths);
  return new Date(Date.UTC(horizon.getUTCFullYear(), horizon.getUTCMonth(), horizon.getUTCDate()));
}
