import { MAX_SUPPORTED_YEAR, naiveMillis } from '@app/common';
import { RRuleTemporal } from 'rrule-temporal';
import type { RRuleOptions } from 'rrule-temporal';
import { formatWeekdayEntry } from '../rule/format-rrule';
import { RecurrenceRule } from '../rule/recurrence-rule';

/**
 * A wall time as the milliseconds it would be if it were UTC. The engine only ever sees these: it
 * does calendar arithmetic on wall times in UTC, where no clock jumps, and the caller turns each
 * into an instant of the series' zone (see expandOccurrences). That keeps the DST rules ours and
 * the result independent of the process's TZ.
 */
export type NaiveMillis = number;

const LAST_SUPPORTED = naiveMillis({ year: MAX_SUPPORTED_YEAR, month: 12, day: 31, hour: 23, minute: 59, second: 59 });

/** The engine's options for a rule given part by part (rather than as text). */
type ManualOptions = Extract<RRuleOptions, { freq: unknown }>;

interface FloatingDateTime {
  timeZoneId: string;
  toString(): string;
}

function floating(ms: NaiveMillis): FloatingDateTime {
  const text = `${new Date(ms).toISOString().slice(0, 19)}+00:00[UTC]`;
  return { timeZoneId: 'UTC', toString: () => text };
}

/**
 * Periods the first-start search may scan: a whole 400-year Gregorian cycle for yearly and monthly
 * rules (after it every pattern repeats), and the engine's own cap for weekly and daily ones, whose
 * day patterns repeat within 28 years.
 */
const SEARCH_PERIODS: Record<RecurrenceRule['freq'], number> = { YEARLY: 400, MONTHLY: 4800, WEEKLY: 10_000, DAILY: 10_000 };

function engineFor(
  rule: RecurrenceRule,
  dtstart: NaiveMillis,
  bounds: { until?: NaiveMillis; maxIterations?: number } = {},
): RRuleTemporal {
  const options: ManualOptions = {
    freq: rule.freq,
    interval: rule.interval,
    count: rule.count,
    until: bounds.until === undefined ? undefined : floating(bounds.until),
    byMonth: rule.byMonth,
    byWeekNo: rule.byWeekNo,
    byYearDay: rule.byYearDay,
    byMonthDay: rule.byMonthDay,
    byDay: rule.byDay?.map(formatWeekdayEntry),
    bySetPos: rule.bySetPos,
    wkst: rule.wkst,
    dtstart: floating(dtstart),
    tzid: 'UTC',
    maxIterations: bounds.maxIterations,
  };
  for (const key of Object.keys(options) as Array<keyof ManualOptions>) if (options[key] === undefined) delete options[key];
  return new RRuleTemporal(options);
}

/** The engine gives up (throws) after scanning many periods without a match: such a rule has none there. */
function isExhausted(error: unknown): boolean {
  return error instanceof Error && /maximum iterations|candidate evaluations/i.test(error.message);
}

/**
 * The wall times the RRULE generates from `dtstart`, in order, from `from` up to `to` (both
 * inclusive), ignoring the rule's UNTIL (the caller bounds by it as an instant). COUNT counts from
 * `dtstart` as RFC 5545 says; DTSTART itself is in the result only when the rule generates it.
 * With `from` and no COUNT the engine starts near `from` instead of walking from `dtstart`.
 * `limit` stops after that many.
 *
 * The engine is given the window's end as UNTIL (and `limit` as COUNT) rather than a callback
 * that stops it: that keeps it on its fast paths, about fifty times faster.
 */
export function ruleWallTimes(
  rule: RecurrenceRule,
  dtstart: NaiveMillis,
  window: { from?: NaiveMillis; to: NaiveMillis; limit?: number },
): NaiveMillis[] {
  const to = Math.min(window.to, LAST_SUPPORTED);
  const from = window.from ?? dtstart;
  if (to < Math.max(from, dtstart)) return [];
  const limit = window.limit ?? Infinity;
  try {
    if (rule.count === undefined && from > dtstart) {
      const engine = engineFor(rule, dtstart);
      const found = engine.between(new Date(from), new Date(to), true).slice(0, limit);
      return found.map((date) => date.epochMilliseconds);
    }
    const count = Math.min(rule.count ?? Infinity, limit);
    const engine = engineFor({ ...rule, count: Number.isFinite(count) ? count : undefined }, dtstart, { until: to });
    return engine
      .all()
      .map((date) => date.epochMilliseconds)
      .filter((ms) => ms >= from);
  } catch (error) {
    if (isExhausted(error)) return [];
    throw error;
  }
}

/** The first wall time the RRULE generates from `dtstart` (ignoring UNTIL), or null when it generates none. */
export function firstRuleWallTime(rule: RecurrenceRule, dtstart: NaiveMillis): NaiveMillis | null {
  const engine = engineFor({ ...rule, count: 1 }, dtstart, { maxIterations: SEARCH_PERIODS[rule.freq] });
  try {
    const [first] = engine.all();
    return first && first.epochMilliseconds <= LAST_SUPPORTED ? first.epochMilliseconds : null;
  } catch (error) {
    if (isExhausted(error)) return null;
    throw error;
  }
}
