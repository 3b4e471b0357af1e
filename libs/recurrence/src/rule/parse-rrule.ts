import { Zone } from 'luxon';
import { recurrenceError } from '../recurrence-error';
import { FREQUENCIES, Frequency, hasSelectingPart, RecurrenceRule } from './recurrence-rule';
import { parseCount, parseIntegerList, parseUntil, parseWeekday, parseWeekdayList } from './rule-values';

/** Bounds of our own: wide enough for any real calendar, small enough that no value overflows. */
const MAX_INTERVAL = 1000;
const MAX_COUNT = 1_000_000;

/** Parts RFC 5545 defines that a series cannot have: every occurrence keeps its start's clock time. */
const UNSUPPORTED_PARTS = new Set(['BYHOUR', 'BYMINUTE', 'BYSECOND', 'RSCALE', 'SKIP']);
const SUB_DAILY = new Set(['HOURLY', 'MINUTELY', 'SECONDLY']);
/** Which frequencies RFC 5545 allows each restricted part with. */
const PART_FREQUENCIES: Record<string, readonly Frequency[]> = {
  BYWEEKNO: ['YEARLY'],
  BYYEARDAY: ['YEARLY'],
  BYMONTHDAY: ['DAILY', 'MONTHLY', 'YEARLY'],
};
const PART = /^([A-Za-z-]+)=(.+)$/;

type PartReader = (rule: RecurrenceRule, value: string, zone: Zone) => void;

const READERS: Record<string, PartReader> = {
  FREQ: () => undefined,
  INTERVAL: (rule, value) => (rule.interval = parseCount('INTERVAL', value, 1, MAX_INTERVAL)),
  COUNT: (rule, value) => (rule.count = parseCount('COUNT', value, 1, MAX_COUNT)),
  UNTIL: (rule, value, zone) => (rule.until = parseUntil(value, zone)),
  BYMONTH: (rule, value) => (rule.byMonth = parseIntegerList('BYMONTH', value, 12, false)),
  BYWEEKNO: (rule, value) => (rule.byWeekNo = parseIntegerList('BYWEEKNO', value, 53, true)),
  BYYEARDAY: (rule, value) => (rule.byYearDay = parseIntegerList('BYYEARDAY', value, 366, true)),
  BYMONTHDAY: (rule, value) => (rule.byMonthDay = parseIntegerList('BYMONTHDAY', value, 31, true)),
  BYDAY: (rule, value) => (rule.byDay = parseWeekdayList('BYDAY', value)),
  BYSETPOS: (rule, value) => (rule.bySetPos = parseIntegerList('BYSETPOS', value, 366, true)),
  WKST: (rule, value) => (rule.wkst = parseWeekday('WKST', value)),
};

/** `NAME=VALUE` pairs in upper case (RFC 5545 names and enumerated values are case-insensitive). */
function splitParts(text: string): Map<string, string> {
  const parts = new Map<string, string>();
  for (const segment of text.split(';')) {
    const match = PART.exec(segment.trim());
    if (!match) throw recurrenceError('syntax', { part: segment });
    const name = match[1].toUpperCase();
    if (parts.has(name)) throw recurrenceError('repeatedPart', { part: name });
    if (UNSUPPORTED_PARTS.has(name)) throw recurrenceError('unsupportedPart', { part: name });
    if (!(name in READERS)) throw recurrenceError('unknownPart', { part: name });
    parts.set(name, match[2].trim().toUpperCase());
  }
  return parts;
}

function readFrequency(value: string | undefined): Frequency {
  if (value === undefined) throw recurrenceError('frequencyMissing');
  if (SUB_DAILY.has(value)) throw recurrenceError('unsupportedFrequency', { value });
  if (!(FREQUENCIES as readonly string[]).includes(value)) throw recurrenceError('badValue', { part: 'FREQ', value });
  return value as Frequency;
}

/** The combinations RFC 5545 forbids, and BYSETPOS with nothing to pick from. */
function checkCombinations(rule: RecurrenceRule, parts: Map<string, string>): void {
  if (rule.count !== undefined && rule.until !== undefined) throw recurrenceError('countWithUntil');
  for (const [part, frequencies] of Object.entries(PART_FREQUENCIES)) {
    if (parts.has(part) && !frequencies.includes(rule.freq)) throw recurrenceError('partNotWithFrequency', { part, freq: rule.freq });
  }
  const ordinals = (rule.byDay ?? []).filter((entry) => entry.ordinal !== undefined);
  if (ordinals.length > 0) {
    const allowed = rule.freq === 'MONTHLY' || (rule.freq === 'YEARLY' && rule.byWeekNo === undefined);
    if (!allowed) throw recurrenceError('ordinalNotWithFrequency', { freq: rule.freq });
    // A month has at most five of any weekday.
    const withinMonth = rule.freq === 'MONTHLY' || rule.byMonth !== undefined;
    const tooFar = ordinals.find((entry) => withinMonth && Math.abs(entry.ordinal as number) > 5);
    if (tooFar) throw recurrenceError('badValue', { part: 'BYDAY', value: `${tooFar.ordinal}${tooFar.weekday}` });
  }
  if (rule.bySetPos !== undefined && !hasSelectingPart(rule)) throw recurrenceError('setPosAlone');
  // The engine ignores BYDAY beside BYYEARDAY (it lists every day of those year days), so the
  // combination is refused rather than expanded wrongly.
  if (rule.byYearDay !== undefined && rule.byDay !== undefined)
    throw recurrenceError('unsupportedCombination', { part: 'BYDAY', other: 'BYYEARDAY' });
}

/**
 * Reads an RFC 5545 RRULE value (`FREQ=WEEKLY;BYDAY=MO,WE;COUNT=10`, a leading `RRULE:` and a
 * trailing semicolon allowed)
 * for a series in `zone` (where an UNTIL without `Z` is read). Throws the `recurrence` field
 * error that says what is wrong. Whether the rule has an occurrence at all is checked with the
 * series' start (see parseRecurrence).
 */
export function parseRRule(input: unknown, zone: Zone): RecurrenceRule {
  if (typeof input !== 'string' || input.trim() === '') throw recurrenceError('rruleMissing');
  // Some writers end the value with a semicolon (libical's own test data does).
  const text = input
    .trim()
    .replace(/^RRULE:/i, '')
    .replace(/;$/, '');
  const parts = splitParts(text);
  const rule: RecurrenceRule = { freq: readFrequency(parts.get('FREQ')), interval: 1 };
  for (const [name, value] of parts) READERS[name](rule, value, zone);
  checkCombinations(rule, parts);
  return rule;
}
