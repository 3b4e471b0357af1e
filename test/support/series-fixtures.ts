import { createEvent, listEvents } from './events-fixtures';
import { TestApp } from './test-app';

/** Every occurrence of a series an anonymous list shows, in order (one page of 50, 2020 to 2030 unless `query` says otherwise). */
export async function occurrencesOf(t: TestApp, seriesId: number, query: Record<string, unknown> = {}) {
  return listEvents(t, {
    recurring_event: seriesId,
    per_page: 50,
    start_date: '2020-01-01',
    end_date: '2030-12-31',
    ...query,
  }).expect(200);
}

type ListedOccurrence = { id: number; start_date: string; title: string };

/** A weekly series of four Mondays from 2027-09-06, 18:00 in Berlin, and its occurrences as listed. */
export async function weeklySeries(t: TestApp, title: string) {
  const series = await createEvent(t, {
    title,
    start_date: '2027-09-06 18:00',
    end_date: '2027-09-06 19:00',
    timezone: 'Europe/Berlin',
    recurrence: { rrule: 'FREQ=WEEKLY;BYDAY=MO;COUNT=4' },
  });
  const listed = (await occurrencesOf(t, series.id)).body.events as ListedOccurrence[];
  return { series, listed };
}

/** Fakes Date only: the HTTP stack's timers keep running. Undo with jest.useRealTimers(). */
export function fakeDateOnly(now: Date): void {
  jest.useFakeTimers({
    doNotFake: [
      'hrtime',
      'nextTick',
      'performance',
      'queueMicrotask',
      'setImmediate',
      'clearImmediate',
      'setInterval',
      'clearInterval',
      'setTimeout',
      'clearTimeout',
    ],
  });
  jest.setSystemTime(now);
}
