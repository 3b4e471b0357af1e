import { dateDetails, formatUtc, naiveMillis, WallTime, zoneByName } from '@app/common';
import { formatRRule } from '../rule/format-rrule';
import { parseRRule } from '../rule/parse-rrule';
import { Recurrence } from './series';

/** A recurrence as stored and returned: the canonical RRULE (UNTIL in UTC) and wall-time strings. */
export interface StoredRecurrence {
  rrule: string;
  /** `YYYY-MM-DD HH:MM:SS` wall times in the series' zone, sorted. */
  rdates: string[];
  exdates: string[];
}

/** `YYYY-MM-DD HH:MM:SS`, as the API writes wall times. */
export function formatStoredWallTime(wall: WallTime): string {
  return formatUtc(new Date(naiveMillis(wall)));
}

function readStoredWallTime(text: string): WallTime {
  const { year, month, day, hour, minutes, seconds } = dateDetails(text);
  return { year: +year, month: +month, day: +day, hour: +hour, minute: +minutes, second: +seconds };
}

export function toStoredRecurrence(recurrence: Recurrence): StoredRecurrence {
  return {
    rrule: formatRRule(recurrence.rule),
    rdates: recurrence.rdates.map(formatStoredWallTime),
    exdates: recurrence.exdates.map(formatStoredWallTime),
  };
}

/**
 * Reads back what toStoredRecurrence wrote (trusted: it was validated on the way in). The zone is
 * the series' own; a stored UNTIL is always UTC, so it only matters for the type.
 */
export function fromStoredRecurrence(stored: StoredRecurrence, timeZone: string): Recurrence {
  return {
    rule: parseRRule(stored.rrule, zoneByName(timeZone)),
    rdates: stored.rdates.map(readStoredWallTime),
    exdates: stored.exdates.map(readStoredWallTime),
  };
}
