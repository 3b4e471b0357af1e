import { RecurrenceRule, WeekdayEntry } from './recurrence-rule';

/** `20260501T215959Z`: an instant as RFC 5545 writes UTC date-times. */
export function formatUtcDateTime(instant: Date): string {
  return instant
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
}

export function formatWeekdayEntry(entry: WeekdayEntry): string {
  return `${entry.ordinal ?? ''}${entry.weekday}`;
}

/**
 * The rule as it is stored and returned: parts in one fixed order, lists sorted, INTERVAL only when
 * it is not 1, UNTIL in UTC. Reading it back gives the same rule.
 */
export function formatRRule(rule: RecurrenceRule): string {
  const parts: Array<[string, string | undefined]> = [
    ['FREQ', rule.freq],
    ['INTERVAL', rule.interval === 1 ? undefined : String(rule.interval)],
    ['COUNT', rule.count === undefined ? undefined : String(rule.count)],
    ['UNTIL', rule.until && formatUtcDateTime(rule.until)],
    ['BYMONTH', rule.byMonth?.join(',')],
    ['BYWEEKNO', rule.byWeekNo?.join(',')],
    ['BYYEARDAY', rule.byYearDay?.join(',')],
    ['BYMONTHDAY', rule.byMonthDay?.join(',')],
    ['BYDAY', rule.byDay?.map(formatWeekdayEntry).join(',')],
    ['BYSETPOS', rule.bySetPos?.join(',')],
    ['WKST', rule.wkst],
  ];
  return parts
    .filter((part): part is [string, string] => part[1] !== undefined)
    .map(([name, value]) => `${name}=${value}`)
    .join(';');
}
