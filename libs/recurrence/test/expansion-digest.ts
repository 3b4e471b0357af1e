/*
 * Prints the occurrences of a set of series and the VTIMEZONEs of their zones, for the test that
 * runs this under two process TZ values and compares (ical.spec.ts).
 */
import { formatUtc } from '@app/common';
import { expandOccurrences, parseRecurrence, vtimezone } from '../src';

const ZONES = ['Europe/Berlin', 'America/New_York', 'Australia/Sydney', 'Asia/Kolkata', 'UTC+5:30'];
const RULES = ['FREQ=DAILY;COUNT=400', 'FREQ=WEEKLY;BYDAY=SU;UNTIL=20270401', 'FREQ=MONTHLY;BYDAY=-1FR;COUNT=30'];
const start = { year: 2026, month: 3, day: 1, hour: 2, minute: 30, second: 0 };
const lines: string[] = [];
for (const timeZone of ZONES) {
  for (const rrule of RULES) {
    const timing = { start, end: { ...start, hour: 3 }, timeZone, allDay: false };
    const recurrence = parseRecurrence({ rrule }, timing, new Date('2026-01-01T00:00:00Z'), { maxOccurrences: 3000 });
    if (!recurrence) continue;
    for (const o of expandOccurrences({ ...timing, recurrence }, { until: new Date('2029-01-01T00:00:00Z'), maxOccurrences: 3000 })) {
      lines.push(`${timeZone} ${rrule} ${formatUtc(o.start)} ${formatUtc(o.end)}`);
    }
  }
  lines.push(vtimezone(timeZone, { from: new Date('2026-01-01T00:00:00Z'), to: new Date('2028-12-31T00:00:00Z') }) ?? '');
}
process.stdout.write(lines.join('\n'));
