/** The frequencies a series may have: occurrences keep their start's wall-clock time, so none below a day. */
export const FREQUENCIES = ['DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'] as const;
export type Frequency = (typeof FREQUENCIES)[number];

/** RFC 5545 weekday codes in ISO order (Monday first). */
export const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** One BYDAY entry: `MO`, or with an ordinal `1SA` (first Saturday), `-1FR` (last Friday). */
export interface WeekdayEntry {
  weekday: Weekday;
  /** ±1..53, counted within the month (MONTHLY, YEARLY with BYMONTH) or the year (YEARLY). */
  ordinal?: number;
}

/**
 * A parsed RRULE. Lists are sorted and free of repeats; `until` is an instant. COUNT and UNTIL
 * never come together (the parser refuses that).
 */
export interface RecurrenceRule {
  freq: Frequency;
  /** 1 when the rule gives no INTERVAL. */
  interval: number;
  count?: number;
  until?: Date;
  byMonth?: number[];
  byWeekNo?: number[];
  byYearDay?: number[];
  byMonthDay?: number[];
  byDay?: WeekdayEntry[];
  bySetPos?: number[];
  wkst?: Weekday;
}

/** The BY… parts that select dates; BYSETPOS picks among what these select. */
const SELECTING_PARTS = ['byMonth', 'byWeekNo', 'byYearDay', 'byMonthDay', 'byDay'] as const;

export function hasSelectingPart(rule: RecurrenceRule): boolean {
  return SELECTING_PARTS.some((part) => rule[part] !== undefined);
}
