import { naiveMillis, naiveWallTime, wallTimeToInstant } from '@app/common';
import { Zone } from 'luxon';
import { firstRuleWallTime } from '../expand/engine';
import { hasAnyOccurrence } from '../expand/expand-occurrences';
import { recurrenceError } from '../recurrence-error';
import { parseRRule } from '../rule/parse-rrule';
import { RecurrenceRule } from '../rule/recurrence-rule';
import { formatStoredWallTime } from './stored-recurrence';
import { parseDateList } from './recurrence-dates';
import { Recurrence, SeriesTiming } from './series';
import { seriesZone } from '../zone/table-zone';

interface RecurrenceLimits {
  /** RECURRENCE_MAX_OCCURRENCES; also the most RDATEs or EXDATEs one series may list. */
  maxOccurrences: number;
}

/** Most days a month can have, January first (February 29 exists). */
const MONTH_LENGTHS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * BYMONTHDAY values no month of the rule has (`BYMONTH=2;BYMONTHDAY=30`) select nothing, ever. Found
 * here without running the engine, which would scan thousands of periods before giving up.
 */
function selectsNoMonthDay(rule: RecurrenceRule): boolean {
  if (!rule.byMonthDay) return false;
  const months = rule.byMonth ?? [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
  const longest = Math.max(...months.map((month) => MONTH_LENGTHS[month - 1]));
  return rule.byMonthDay.every((day) => Math.abs(day) > longest);
}

/** A rule that generates no start at all, or none before its UNTIL, is refused. */
function checkRuleOccurs(rule: RecurrenceRule, timing: SeriesTiming, zone: Zone): void {
  if (selectsNoMonthDay(rule)) throw recurrenceError('noOccurrence');
  const first = firstRuleWallTime(rule, naiveMillis(timing.start));
  if (first === null) throw recurrenceError('noOccurrence');
  if (rule.until && wallTimeToInstant(naiveWallTime(first), zone).getTime() > rule.until.getTime()) throw recurrenceError('noOccurrence');
}

/**
 * Reads the `recurrence` of an event write: `null` (a single event) or `{rrule, rdates, exdates}`
 * for a series whose first occurrence is `timing` (the event's start, end, zone and all-day flag,
 * already validated). `rrule` is an RFC 5545 RRULE value (see parseRRule); `rdates`/`exdates` are
 * dates in any format the API accepts, wall times read in the series' zone (`now` for phrases
 * like "tomorrow"). Throws the `recurrence` field error naming the reason. Whether the series has
 * more occurrences up to the horizon than allowed is expandOccurrences' check.
 */
export function parseRecurrence(input: unknown, timing: SeriesTiming, now: Date, limits: RecurrenceLimits): Recurrence | null {
  if (input === null) return null;
  if (typeof input !== 'object' || Array.isArray(input)) throw recurrenceError('notAnObject');
  const body = input as Record<string, unknown>;
  const zone = seriesZone(timing.timeZone);
  const rule = parseRRule(body.rrule, zone);
  const context = { zone, allDay: timing.allDay, now, maxDates: limits.maxOccurrences };
  const rdates = parseDateList('rdates', body.rdates, context);
  const exdates = parseDateList('exdates', body.exdates, context);
  const early = rdates.find((rdate) => naiveMillis(rdate) < naiveMillis(timing.start));
  if (early) throw recurrenceError('rdateBeforeStart', { value: formatStoredWallTime(early) });
  checkRuleOccurs(rule, timing, zone);
  const recurrence = { rule, rdates, exdates };
  if (!hasAnyOccurrence({ ...timing, recurrence })) throw recurrenceError('noOccurrence');
  return recurrence;
}
