import { createTestApp, TestApp } from './support/test-app';
import { createEvent, EVENTS } from './support/events-fixtures';
import { fakeDateOnly, occurrencesOf } from './support/series-fixtures';

/** Recurring events: occurrences exist up to the horizon, which moves with the clock. */
describe('events: a series up to the horizon', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ RECURRENCE_MAX_OCCURRENCES: '400' });
  });
  afterAll(async () => t.close());

  it('materializes an endless series up to the horizon only', async () => {
    const now = new Date();
    const start = `${now.getUTCFullYear() + 1}-01-04 09:00`;
    const series = await createEvent(t, {
      title: 'Endless weekly',
      start_date: start,
      end_date: `${now.getUTCFullYear() + 1}-01-04 10:00`,
      recurrence: { rrule: 'FREQ=WEEKLY' },
    });
    const rows = await t.dataSource.query('SELECT MAX(start_utc) AS last, COUNT(*) AS n FROM events WHERE recurring_event_id = ?', [
      series.id,
    ]);
    const last = new Date(
      `${String(rows[0].last instanceof Date ? rows[0].last.toISOString() : rows[0].last)
        .replace(' ', 'T')
        .replace(/Z?$/, 'Z')}`,
    );
    const horizon = new Date(now);
    horizon.setUTCMonth(horizon.getUTCMonth() + 24);
    expect(last.getTime()).toBeLessThanOrEqual(horizon.getTime());
    expect(last.getTime()).toBeGreaterThan(horizon.getTime() - 8 * 86_400_000);
  });

  it('grows an endless series as the horizon moves, with no job, keeping the IDs it had (fake clock)', async () => {
    const nextYear = new Date().getUTCFullYear() + 1;
    const series = await createEvent(t, {
      title: 'Endless growing',
      start_date: `${nextYear}-02-01 09:00`,
      end_date: `${nextYear}-02-01 10:00`,
      recurrence: { rrule: 'FREQ=WEEKLY' },
    });
    const wide = { start_date: `${nextYear}-01-01`, end_date: `${nextYear + 5}-12-31` };
    const before = (await occurrencesOf(t, series.id, { ...wide, per_page: 50 })).headers['x-tec-total'];
    const beforeIds = (await occurrencesOf(t, series.id, { ...wide, per_page: 5 })).body.events.map((event: { id: number }) => event.id);
    fakeDateOnly(new Date(Date.now() + 70 * 86_400_000));
    try {
      const after = await occurrencesOf(t, series.id, { ...wide, per_page: 5 });
      expect(Number(after.headers['x-tec-total']) - Number(before)).toBeGreaterThanOrEqual(9);
      expect(Number(after.headers['x-tec-total']) - Number(before)).toBeLessThanOrEqual(11);
      expect(after.body.events.map((event: { id: number }) => event.id)).toEqual(beforeIds);
      // A second read finds nothing more to add.
      expect((await occurrencesOf(t, series.id, { ...wide, per_page: 5 })).headers['x-tec-total']).toBe(after.headers['x-tec-total']);
      const rows = await t.dataSource.query(
        'SELECT COUNT(*) AS n, COUNT(DISTINCT recurrence_id_utc) AS d FROM events WHERE recurring_event_id = ?',
        [series.id],
      );
      expect(Number(rows[0].n)).toBe(Number(rows[0].d));
    } finally {
      jest.useRealTimers();
    }
  });

  it('answers a list read that grows a series with a new ETag, never the one (or the cached body) from before the growth (fake clock)', async () => {
    const nextYear = new Date().getUTCFullYear() + 1;
    const series = await createEvent(t, {
      title: 'Endless cached',
      start_date: `${nextYear}-03-01 09:00`,
      end_date: `${nextYear}-03-01 10:00`,
      recurrence: { rrule: 'FREQ=WEEKLY' },
    });
    // Anonymous, with one Host: the answers are kept in the response cache, by ETag.
    const read = (etag?: string) =>
      t.http
        .get(EVENTS)
        .query({ recurring_event: series.id, per_page: 1, start_date: `${nextYear}-01-01`, end_date: `${nextYear + 5}-12-31` })
        .set({ Host: 'localhost', ...(etag ? { 'If-None-Match': etag } : {}) });
    const before = await read().expect(200);
    await read(before.headers.etag as string).expect(304);
    await read().expect(200);
    fakeDateOnly(new Date(Date.now() + 70 * 86_400_000));
    try {
      const conditional = await read(before.headers.etag as string).expect(200);
      expect(conditional.headers.etag).not.toBe(before.headers.etag);
      expect(Number(conditional.headers['x-tec-total'])).toBeGreaterThan(Number(before.headers['x-tec-total']));
      const plain = await read().expect(200);
      expect(plain.headers['x-tec-total']).toBe(conditional.headers['x-tec-total']);
      await read(plain.headers.etag as string).expect(304);
    } finally {
      jest.useRealTimers();
    }
  });
});
