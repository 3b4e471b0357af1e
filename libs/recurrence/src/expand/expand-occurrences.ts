import { MAX_SUPPORTED_YEAR, naiveMillis, naiveWallTime, wallTimeToInstant } from '@app/common';
import { Zone } from 'luxon';
import { recurrenceError } from '../recurrence-error';
import { wallTimeAt } from '../series/naive-wall-time';
import { Occurrence, Series } from '../series/series';
import { seriesZone } from '../zone/table-zone';
import { StartCandidate, startCandidates } from './series-starts';

/** Which occurrences to list: those starting after `after` (exclusive) up to `until` (inclusive). */
interface OccurrenceRange {
  after?: Date;
  until: Date;
  /** More occurrences than this in the range is an error (RECURRENCE_MAX_OCCURRENCES). */
  maxOccurrences: number;
}

/** The starts left once EXDATEs are taken out, one per instant, in order. */
function occurrenceStarts(series: Series, zone: Zone, candidates: StartCandidate[]): StartCandidate[] {
  const cancelled = new Set(series.recurrence.exdates.map((exdate) => wallTimeToInstant(exdate, zone).getTime()));
  const byInstant = new Map<number, StartCandidate>();
  for (const candidate of candidates) {
    if (!cancelled.has(candidate.instant) && !byInstant.has(candidate.instant)) byInstant.set(candidate.instant, candidate);
  }
  return [...byInstant.values()].sort((a, b) => a.instant - b.instant);
}

/**
 * Every occurrence's end keeps the first occurrence's wall-clock length: a 19:00–21:00 event ends
 * at 21:00 on the days DST starts or ends too (as RFC 5545 readers add a DTEND-DTSTART duration to
 * the wall time). Only where a DST change falls inside an occurrence is its real length different.
 */
function toOccurrence(start: StartCandidate, wallLength: number, zone: Zone): Occurrence {
  const startInstant = new Date(start.instant);
  const endInstant = wallTimeToInstant(naiveWallTime(start.nominal + wallLength), zone);
  const end = endInstant.getTime() < start.instant ? startInstant : endInstant;
  return { start: startInstant, startWall: wallTimeAt(startInstant, zone), end, endWall: wallTimeAt(end, zone) };
}

/**
 * The series' occurrences in the range, in order of their start: DTSTART (always the first, RFC
 * 5545), the rule's starts up to UNTIL or COUNT, and the RDATEs, less the EXDATEs. Occurrences are
 * computed on wall-clock times in the series' zone (a daily 19:00 stays at 19:00 across DST); a
 * start a DST gap skips moves forward by the gap, an ambiguous one is the earlier instant; all-day
 * series (starting at 00:00) recur by date. Throws the `recurrence` field error `tooManyOccurrences`
 * when the range holds more than `maxOccurrences`.
 *
 * To grow an endless series as its horizon moves, ask for the range after the old horizon.
 */
export function expandOccurrences(series: Series, range: OccurrenceRange): Occurrence[] {
  const zone = seriesZone(series.timeZone);
  const after = range.after?.getTime() ?? -Infinity;
  const until = range.until.getTime();
  const candidates = startCandidates(series, zone, range).filter((start) => start.instant > after && start.instant <= until);
  const starts = occurrenceStarts(series, zone, candidates);
  if (starts.length > range.maxOccurrences) throw recurrenceError('tooManyOccurrences', { max: range.maxOccurrences });
  const wallLength = naiveMillis(series.end) - naiveMillis(series.start);
  return starts.map((start) => toOccurrence(start, wallLength, zone));
}

/** Whether the series has an occurrence starting at this instant (an occurrence ID's original start). */
export function hasOccurrenceAt(series: Series, start: Date): boolean {
  const range = { after: new Date(start.getTime() - 1000), until: start, maxOccurrences: Infinity };
  return expandOccurrences(series, range).some((occurrence) => occurrence.start.getTime() === start.getTime());
}

/**
 * Whether any occurrence is left once the EXDATEs are taken out. EXDATEs can cancel at most as
 * many starts as there are of them, so the first few starts decide it, however long the rule runs.
 */
export function hasAnyOccurrence(series: Series): boolean {
  const zone = seriesZone(series.timeZone);
  const limit = series.recurrence.exdates.length + 1;
  const window = { until: new Date(Date.UTC(MAX_SUPPORTED_YEAR, 11, 31, 23, 59, 59)), limit };
  return occurrenceStarts(series, zone, startCandidates(series, zone, window)).length > 0;
}
