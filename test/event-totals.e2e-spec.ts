import { ADMIN_TOKEN, bearer, TestApp, createTestApp } from './support/test-app';
import { queriesDuring } from './support/events-sql-counter';
import { createEvent, createTerm, EVENTS, listEvents, updateEvent } from './support/events-fixtures';
import { readsIndexOnly, statementsDuring } from './support/query-plans';

/**
 * `X-TEC-Total` of a list without filters, or with one term, is read from kept day
 * counts. Whatever the window (whole days, partial days, events running past its end), it must
 * equal a count of the events themselves, after writes of every kind.
 */
describe('events: totals from kept day counts stay exact', () => {
  let t: TestApp;
  let cat: { id: number; slug: string };

  beforeAll(async () => {
    t = await createTestApp();
    cat = await createTerm(t, 'categories', { name: 'Totals Cat' });
    const other = await createTerm(t, 'categories', { name: 'Totals Other' });
    const at = (day: number, hour: number) => `2027-02-${String(day).padStart(2, '0')} ${String(hour).padStart(2, '0')}:00`;
    const ids: number[] = [];
    for (let day = 1; day <= 20; day++) {
      const long = day % 5 === 0;
      const event = await createEvent(t, {
        title: `Totals ${day}`,
        start_date: at(day, 8 + (day % 12)),
        end_date: long ? at(day + 3, 10) : at(day, 9 + (day % 12)),
        categories: day % 2 === 0 ? [cat.id] : [other.id],
        ...(day % 7 === 0 ? { hide_from_listings: true } : {}),
        ...(day % 6 === 0 ? { password: 'pw' } : {}),
        ...(day % 9 === 0 ? { status: 'draft' } : {}),
      });
      ids.push(event.id);
    }
    await updateEvent(t, ids[1], { start_date: at(25, 10), end_date: at(25, 11) });
    await updateEvent(t, ids[3], { categories: [other.id] });
    await updateEvent(t, ids[4], { categories: [cat.id, other.id] });
    await t.http.delete(`${EVENTS}/${ids[5]}`).set(bearer(ADMIN_TOKEN)).expect(200);
    await t.http.delete(`${EVENTS}/${ids[7]}`).query({ force: true }).set(bearer(ADMIN_TOKEN)).expect(200);
    await updateEvent(t, ids[10], { hide_from_listings: true });
    await updateEvent(t, ids[13], { hide_from_listings: false, password: '' });
  });
  afterAll(async () => t.close());

  /** The events an anonymous list shows for the window, counted one by one. */
  async function counted(start: string, end: string, termId?: number): Promise<number> {
    const qb = t.dataSource
      .createQueryBuilder()
      .select('COUNT(*)', 'n')
      .from('events', 'e')
      .where(`e.status = 'publish' AND e.hide_from_listings = :hidden`, { hidden: false })
      .andWhere('e.start_utc >= :start AND e.end_utc <= :end', { start: new Date(`${start}Z`), end: new Date(`${end}Z`) });
    if (termId !== undefined) {
      qb.andWhere(`(e.password IS NULL OR e.password = '')`).andWhere(
        'EXISTS (SELECT 1 FROM event_terms et WHERE et.event_id = e.id AND et.term_id = :termId)',
        { termId },
      );
    }
    return Number((await qb.getRawOne<{ n: number | string }>())?.n);
  }

  it.each([
    ['whole days', '2027-02-01T00:00:00', '2027-02-28T23:59:59'],
    ['partial first and last days', '2027-02-03T09:30:00', '2027-02-16T10:00:00'],
    ['an end inside long events', '2027-02-04T00:00:00', '2027-02-11T12:00:00'],
    ['a part of one day', '2027-02-12T00:00:00', '2027-02-12T23:00:00'],
    ['days without events', '2027-03-01T00:00:00', '2027-03-31T23:59:59'],
  ])('equals a count of the events for %s, with and without a category', async (_name, start, end) => {
    const window = { start_date: start.replace('T', ' '), end_date: end.replace('T', ' '), strict_dates: true };
    const all = await listEvents(t, window).expect(200);
    expect(Number(all.headers['x-tec-total'])).toBe(await counted(start, end));
    const inCat = await listEvents(t, { ...window, categories: cat.slug }).expect(200);
    expect(Number(inCat.headers['x-tec-total'])).toBe(await counted(start, end, cat.id));
    expect(await counted(start, end)).toBeGreaterThanOrEqual(0);
  });

  it('stays exact when an event longer than any before runs past the end of a window listed before', async () => {
    // The part running past the end is found among the events starting within the longest span
    // before it; a server reads it beside the rest with the span it saw last, and must see this one grow.
    const window = { start_date: '2027-02-01 00:00:00', end_date: '2027-02-19 23:59:59', strict_dates: true };
    const before = await listEvents(t, window).expect(200);
    expect(Number(before.headers['x-tec-total'])).toBe(await counted('2027-02-01T00:00:00', '2027-02-19T23:59:59'));
    await createEvent(t, { title: 'Totals longest', start_date: '2027-02-11 10:00', end_date: '2027-02-22 10:00' });
    const after = await listEvents(t, window).expect(200);
    expect(Number(after.headers['x-tec-total'])).toBe(await counted('2027-02-01T00:00:00', '2027-02-19T23:59:59'));
    expect(Number(after.headers['x-tec-total'])).toBe(Number(before.headers['x-tec-total']));
  });

  it('reads the total of the default list and of a category list from the day counts', async () => {
    for (const query of [{}, { categories: cat.slug }]) {
      const sql = await queriesDuring(t, () => listEvents(t, query).expect(200));
      expect(sql.some((statement) => /event_day_counts/.test(statement))).toBe(true);
    }
  });

  it('counts the partial days and the events running past the window, and finds the page, from indexes alone', async () => {
    const window = { start_date: '2027-02-03 09:30:00', end_date: '2027-02-16 10:00:00', strict_dates: true };
    const ran = await statementsDuring(t, () => listEvents(t, window).expect(200));
    const onEvents = ran.filter(({ sql }) => /FROM [`"]events[`"] [`"]p[`"]/.test(sql));
    // The first day's and last day's starts (one statement with the day counts), then the events running past the end.
    const counts = onEvents.filter(({ sql }) => sql.includes('COUNT(1)'));
    expect(counts).toHaveLength(2);
    for (const statement of counts) expect(await readsIndexOnly(t.dataSource, statement, 'IDX_events_listing_covering')).toBe(true);
    const pages = onEvents.filter(({ sql }) => sql.includes('ORDER BY'));
    expect(pages).toHaveLength(1);
    expect(await readsIndexOnly(t.dataSource, pages[0], 'IDX_events_list_order')).toBe(true);
  });

  it('counts at least one event in the month (the windows above are not all empty)', async () => {
    expect(await counted('2027-02-01T00:00:00', '2027-02-28T23:59:59')).toBeGreaterThan(5);
  });
});
