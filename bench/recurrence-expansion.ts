/*
 * Micro benchmark (not a test): expanding series of 3,000 occurrences in a DST zone, as a series
 * write does. Run: node -r ts-node/register/transpile-only -r tsconfig-paths/register bench/recurrence-expansion.ts
 */
import { expandOccurrences, parseRecurrence } from '@app/recurrence';
import { cpus, loadavg } from 'node:os';

const RULES = ['FREQ=DAILY;COUNT=3000', 'FREQ=WEEKLY;BYDAY=MO,WE,FR;COUNT=3000', 'FREQ=DAILY'];
const RUNS = 15;
const start = { year: 2026, month: 1, day: 5, hour: 19, minute: 0, second: 0 };
const timing = { start, end: { ...start, hour: 21 }, timeZone: 'Europe/Berlin', allDay: false };
const until = new Date('2046-01-01T00:00:00Z');

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

for (const rrule of RULES) {
  const times: number[] = [];
  let count = 0;
  for (let run = 0; run < RUNS; run++) {
    const begin = performance.now();
    const recurrence = parseRecurrence({ rrule }, timing, new Date(), { maxOccurrences: 100_000 });
    if (!recurrence) throw new Error('a series');
    count = expandOccurrences({ ...timing, recurrence }, { until, maxOccurrences: 100_000 }).slice(0, 3000).length;
    times.push(performance.now() - begin);
  }
  console.log(`${rrule}: ${count} occurrences, median ${median(times).toFixed(1)} ms, first ${times[0].toFixed(1)} ms`);
}
console.log(
  `load average ${loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')} on ${cpus().length} cores`,
);
