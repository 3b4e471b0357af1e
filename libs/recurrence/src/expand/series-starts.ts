import { naiveMillis, naiveWallTime, wallTimeToInstant } from '@app/common';
import { Zone } from 'luxon';
import { Series } from '../series/series';
import { naiveMillisAt } from '../series/naive-wall-time';
import { firstRuleWallTime, NaiveMillis, ruleWallTimes } from './engine';

/** Wide enough for any UTC offset change, so that no wall time near an instant bound is missed. */
const MARGIN_MS = 2 * 86_400_000;

/** A start of the series before EXDATEs: its nominal wall time and the instant that is in the zone. */
export interface StartCandidate {
  nominal: NaiveMillis;
  instant: number;
  /** DTSTART, a start the RRULE generates, or an RDATE. */
  source: 'start' | 'rule' | 'rdate';
}

interface StartWindow {
  /** Exclusive. */
  after?: Date;
  /** Inclusive. */
  until: Date;
  /** Stop after this many rule starts (for questions that need only the first few). */
  limit?: number;
}

/**
 * Whether the rule generates DTSTART itself. When it does not, DTSTART still is the first
 * occurrence and counts for COUNT (RFC 5545), so the rule may generate one start less.
 */
function ruleForEngine(series: Series, dtstart: NaiveMillis) {
  const { rule } = series.recurrence;
  if (rule.count === undefined || firstRuleWallTime(rule, dtstart) === dtstart) return rule;
  return { ...rule, count: rule.count - 1 };
}

/**
 * Every start of the series (DTSTART, the rule's, the RDATEs) in the window, before EXDATEs are
 * taken out, as wall times read in the series' zone: a wall time a DST gap skips moves forward by
 * the gap, an ambiguous one is the earlier instant (wallTimeToInstant). UNTIL bounds the rule's
 * starts as an instant. Unsorted; repeats possible.
 */
export function startCandidates(series: Series, zone: Zone, window: StartWindow): StartCandidate[] {
  const { rule, rdates } = series.recurrence;
  const dtstart = naiveMillis(series.start);
  const toInstant = (nominal: NaiveMillis, source: StartCandidate['source']): StartCandidate => ({
    nominal,
    instant: wallTimeToInstant(naiveWallTime(nominal), zone).getTime(),
    source,
  });
  const ruleUntil = Math.min(window.until.getTime(), rule.until?.getTime() ?? Infinity);
  const engineRule = ruleForEngine(series, dtstart);
  const generated =
    engineRule.count === 0
      ? []
      : ruleWallTimes(engineRule, dtstart, {
          from: window.after && naiveMillisAt(window.after, zone) - MARGIN_MS,
          to: naiveMillisAt(new Date(ruleUntil), zone) + MARGIN_MS,
          limit: window.limit,
        });
  const ruleStarts = generated.map((nominal) => toInstant(nominal, 'rule')).filter((start) => start.instant <= ruleUntil);
  return [toInstant(dtstart, 'start'), ...ruleStarts, ...rdates.map((rdate) => toInstant(naiveMillis(rdate), 'rdate'))];
}
