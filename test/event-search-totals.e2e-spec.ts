import { queriesDuring } from './support/events-sql-counter';
import { ADMIN_TOKEN, bearer, TestApp, createTestApp } from './support/test-app';
import { Body, createEvent, EVENTS, listEvents, patchEvent, updateEvent } from './support/events-fixtures';

/*
 * A search's total (`X-TEC-Total`) stays the number of its matches after every kind of write that
 * changes what a list checks of an event: status, listing, dates, password, series, exceptions,
 * trash. MySQL/MariaDB count an anonymous search's total from copies of those columns on the
 * search postings (kept in the event's write transactions), so a write that forgot them would
 * show here as a total that differs from the pages. Each answer is also compared with the rule
 * computed from the unsearched list of the same window.
 */
describe('events: the total of a search after writes', () => {
  let t: TestApp;
  const span = { start_date: '2027-03-01', end_date: '2027-06-30' };
  const at = (day: string) => ({ start_date: `2027-${day} 18:00`, end_date: `2027-${day} 20:00` });
  type Listed = { id: number; title: string; description: string; excerpt: string };

  /** Every page of the anonymous list: the IDs it shows and the total it announced. */
  const everyPage = async (query: Record<string, unknown>) => {
    const ids: number[] = [];
    let total = -1;
    for (let page = 1; ; page++) {
      const res = await listEvents(t, { ...span, ...query, per_page: 10, page });
      if (res.status === 400 && page > 1) break;
      expect(res.status).toBe(200);
      total = Number(res.headers['x-tec-total']);
      ids.push(...(res.body.events as Listed[]).map((event) => event.id));
      if (ids.length >= total) break;
    }
    return { ids: ids.sort((a, b) => a - b), total };
  };

  /** The rule on what the unsearched list shows (a locked event shows its title only). */
  const byRule = async (search: string) => {
    const shown: Listed[] = [];
    for (let page = 1; ; page++) {
      const res = await listEvents(t, { ...span, per_page: 50, page });
      if (res.status !== 200) break;
      shown.push(...(res.body.events as Listed[]));
      if (shown.length >= Number(res.headers['x-tec-total'])) break;
    }
    const contains = (text: string) => text.toLowerCase().includes(search.toLowerCase());
    return shown
      .filter((event) => contains(event.title) || contains(event.description) || contains(event.excerpt))
      .map((event) => event.id)
      .sort((a, b) => a - b);
  };

  const expectMatches = async (search: string, expected: number[]) => {
    const { ids, total } = await everyPage({ search });
    expect(ids).toEqual([...expected].sort((a, b) => a - b));
    expect(total).toBe(expected.length);
    expect(await byRule(search)).toEqual(ids);
  };

  const occurrences = async (seriesId: number) =>
    ((await listEvents(t, { ...span, recurring_event: seriesId, per_page: 50 }).expect(200)).body.events as Listed[]).map(
      (event) => event.id,
    );

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('follows status, listing, dates and passwords of single events', async () => {
    const a = await createEvent(t, { ...at('03-02'), title: 'Zqtotal Abend' });
    const b = await createEvent(t, { ...at('03-03'), title: 'Anders', description: '<p>mit zqtotal</p>' });
    const c = await createEvent(t, { ...at('03-04'), title: 'Dritter', excerpt: 'ZQTOTAL klein' });
    // A locked event matches by its title only.
    const lockedByTitle = await createEvent(t, { ...at('03-05'), title: 'Zqtotal geheim', password: 'sesame' });
    await createEvent(t, { ...at('03-06'), title: 'Verborgen', description: 'zqtotal innen', password: 'sesame' });
    const draft = await createEvent(t, { ...at('03-07'), title: 'Zqtotal Entwurf', status: 'draft' });
    await expectMatches('zqtotal', [a.id, b.id, c.id, lockedByTitle.id]);

    await updateEvent(t, a.id, { status: 'draft' });
    await updateEvent(t, draft.id, { status: 'publish' });
    await expectMatches('zqtotal', [b.id, c.id, lockedByTitle.id, draft.id]);

    await updateEvent(t, b.id, { hide_from_listings: true });
    await updateEvent(t, c.id, { start_date: '2027-08-01 18:00', end_date: '2027-08-01 20:00' });
    await expectMatches('zqtotal', [lockedByTitle.id, draft.id]);

    await updateEvent(t, b.id, { hide_from_listings: false });
    await updateEvent(t, c.id, { ...at('03-04') });
    await updateEvent(t, b.id, { password: 'sesame' });
    await expectMatches('zqtotal', [c.id, lockedByTitle.id, draft.id]);

    await updateEvent(t, b.id, { password: '' });
    await updateEvent(t, lockedByTitle.id, { title: 'Nichts mehr' });
    await t.http.delete(`${EVENTS}/${draft.id}`).set(bearer(ADMIN_TOKEN)).expect(200);
    await expectMatches('zqtotal', [b.id, c.id]);
  });

  it('counts a series by its occurrences, an exception by its own texts, and follows the series to trash', async () => {
    const single = await createEvent(t, { ...at('04-03'), title: 'Zqreihe Kurs', timezone: 'Europe/Berlin' });
    await expectMatches('zqreihe', [single.id]);

    // The event becomes a series: its own row is no longer listed, its occurrences are.
    await updateEvent(t, single.id, { recurrence: { rrule: 'FREQ=WEEKLY;COUNT=4' } });
    const [first, second, third, fourth] = await occurrences(single.id);
    expect(fourth).toBeDefined();
    await expectMatches('zqreihe', [first, second, third, fourth]);

    await updateEvent(t, second, { title: 'Zqeigen Abend' });
    // An occurrence moved out of the window (an exception of its dates, with the series' texts).
    await updateEvent(t, third, { start_date: '2027-08-05 18:00', end_date: '2027-08-05 20:00' });
    await expectMatches('zqreihe', [first, fourth]);
    await expectMatches('zqeigen', [second]);

    // The rest of the series, split off, keeps its occurrences findable.
    const later = (await patchEvent(t, fourth, { scope: 'following', title: 'Zqfolge Kurs' }).expect(201)).body as Body;
    await expectMatches('zqreihe', [first]);
    await expectMatches('zqfolge', await occurrences(later.id as number));

    await t.http.delete(`${EVENTS}/${single.id}`).set(bearer(ADMIN_TOKEN)).expect(200);
    await expectMatches('zqreihe', []);
    await expectMatches('zqeigen', []);
  });

  it('counts an anonymous search from the postings alone on MySQL/MariaDB', async () => {
    await createEvent(t, { ...at('05-02'), title: 'Zqpost Abend' });
    const sql = await queriesDuring(t, () => listEvents(t, { ...span, search: 'zqpost' }).expect(200));
    const counted = sql.some((statement) => statement.includes('COUNT(DISTINCT sp.record_id)'));
    expect(counted).toBe(t.dataSource.options.type !== 'better-sqlite3');
  });
});
