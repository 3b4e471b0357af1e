import { formatUtc, naiveMillis, naiveWallTime, wallTimeToInstant, WallTime } from '@app/common';
import { Zone } from 'luxon';
import { recurrenceError } from '../recurrence-error';
import { RecurrenceRule } from '../rule/recurrence-rule';
import { Recurrence, Series } from '../series/series';
import { seriesZone } from '../zone/table-zone';
import { startCandidates } from './series-starts';

/** "This and following": the series cut before one occurrence, and the new series that starts at it. */
interface SeriesSplit {
  /** The old series' recurrence, ending before the occurrence; null when the occurrence is its first (nothing stays). */
  before: Recurrence | null;
  /** The new series: starts at the occurrence with the same length and carries the rest of the rule. */
  after: Series;
}

function instantOf(wall: WallTime, zone: Zone): number {
  return wallTimeToInstant(wall, zone).getTime();
}

/**
 * The rule's starts before `at`, counting DTSTART: what COUNT counts (EXDATEs included, RDATEs not).
 */
function ruleStartsBefore(series: Series, zone: Zone, at: number): number {
  const window = { until: new Date(at - 1000) };
  const starts = startCandidates(series, zone, window).filter((start) => start.source !== 'rdate' && start.instant < at);
  return new Set(starts.map((start) => start.instant)).size;
}

function ruleBefore(rule: RecurrenceRule, startsBefore: number, at: number): RecurrenceRule {
  if (rule.count !== undefined) return { ...rule, count: startsBefore };
  return { ...rule, until: new Date(at - 1000) };
}

/**
 * Splits a series at the occurrence starting at `at` (its original start): the old series keeps
 * the occurrences before it (COUNT becomes the number of its starts before, or UNTIL the second
 * before), the new series starts at it with the rule's remaining starts (COUNT reduced by the
 * starts before, UNTIL kept) and the later RDATEs and EXDATEs. The new series' start is the rule's
 * nominal wall time, so a start a DST gap moved keeps the rule's clock time for the later ones.
 *
 * Throws the `recurrence` field error `notAnOccurrence` for an instant that is no occurrence, and
 * `splitAtExtraDate` for an occurrence that only an RDATE adds: from there the rule's later starts
 * could not be written as one rule starting at it.
 */
export function splitSeries(series: Series, at: Date): SeriesSplit {
  const zone = seriesZone(series.timeZone);
  const atMs = at.getTime();
  const candidates = startCandidates(series, zone, { after: new Date(atMs - 1000), until: at }).filter((start) => start.instant === atMs);
  const cancelled = series.recurrence.exdates.some((exdate) => instantOf(exdate, zone) === atMs);
  if (candidates.length === 0 || cancelled) throw recurrenceError('notAnOccurrence', { value: formatUtc(at) });
  const ruleStart = candidates.find((start) => start.source !== 'rdate');
  if (!ruleStart) throw recurrenceError('splitAtExtraDate', { value: formatUtc(at) });
  const { rule, rdates, exdates } = series.recurrence;
  const later = (wall: WallTime) => instantOf(wall, zone) > atMs;
  const earlier = (wall: WallTime) => instantOf(wall, zone) < atMs;
  const startsBefore = ruleStartsBefore(series, zone, atMs);
  const start = naiveWallTime(ruleStart.nominal);
  const after: Series = {
    ...series,
    start,
    end: naiveWallTime(ruleStart.nominal + naiveMillis(series.end) - naiveMillis(series.start)),
    recurrence: {
      rule: rule.count === undefined ? rule : { ...rule, count: rule.count - startsBefore },
      rdates: rdates.filter(later),
      exdates: exdates.filter(later),
    },
  };
  if (startsBefore === 0) return { before: null, after };
  return {
    before: { rule: ruleBefore(rule, startsBefore, atMs), rdates: rdates.filter(earlier), exdates: exdates.filter(earlier) },
    after,
  };
}
