import { OWN_TEXT_PARTS } from '@app/domain';
import { queriesDuring } from './support/events-sql-counter';
import { TestApp, createTestApp } from './support/test-app';
import { Body, createEvent, listEvents } from './support/events-fixtures';
import { readsIndexOnly, statementsDuring } from './support/query-plans';

/**
 * A search matching a thousand events or more in the window is answered by walking the events in
 * start order (MySQL/MariaDB: the list-order index, each event passed looked up in the passage
 * index's postings) instead of sorting every match; a rare search sorts its few matches. Both
 * must give the same pages in the same order (start, then ID) as the list without a search
 * filters. A category or tag filter follows the same rule.
 */
describe('events: a common search or term filter walks the start order', () => {
  let t: TestApp;
  const window = { start_date: '2027-03-01', end_date: '2028-12-31' };
  const daily = (hour: string, title: string, categories: string[] = []) =>
    createEvent(t, {
      title,
      categories,
      start_date: `2027-03-01 ${hour}`,
      end_date: `2027-03-01 ${hour.replace(':00', ':30')}`,
      timezone: 'UTC',
      recurrence: { rrule: 'FREQ=DAILY;COUNT=600' },
    });
  const page = async (search: string, query: Record<string, unknown>) => {
    const res = await listEvents(t, { ...window, search, ...query }).expect(200);
    return { events: res.body.events as Body[], total: Number(res.headers['x-tec-total']) };
  };
  let morning: number, noon: number, evening: number, single: number;
  /** The hint of the start-order walk, as MySQL/MariaDB run it. */
  const WALK_HINT = 'FORCE INDEX (`IDX_events_list_order`)';
  const walks = (sql: string[]) => sql.some((statement) => statement.includes(WALK_HINT));

  beforeAll(async () => {
    t = await createTestApp();
    morning = (await daily('09:00', 'Zqcommon Morgenkonzert', ['Zqoften'])).id;
    noon = (await daily('12:00', 'Mittag ohne Suchwort', ['Zqoften'])).id;
    evening = (await daily('18:00', 'Abend zqCOMMON Jazz')).id;
    single = (await createEvent(t, { title: 'Einmal zqcommon', start_date: '2027-03-02 10:00', end_date: '2027-03-02 11:00' })).id;
    await createEvent(t, { title: 'Zqrare Lesung', start_date: '2027-03-02 11:00', end_date: '2027-03-02 12:00', tags: ['zqseldom'] });
  });
  afterAll(async () => t.close());

  it('pages through the matches in start order, the same as a sort of them all', async () => {
    const first = await page('zqcommon', { per_page: 10 });
    expect(first.total).toBe(1201);
    const series = (event: Body) => event.recurring_event_id ?? event.id;
    expect(first.events.map(series)).toEqual([morning, evening, morning, single, evening, morning, evening, morning, evening, morning]);
    expect(first.events.map(series)).not.toContain(noon);
    expect(first.events.map((event) => event.utc_start_date)).toEqual([
      '2027-03-01 09:00:00',
      '2027-03-01 18:00:00',
      '2027-03-02 09:00:00',
      '2027-03-02 10:00:00',
      '2027-03-02 18:00:00',
      '2027-03-03 09:00:00',
      '2027-03-03 18:00:00',
      '2027-03-04 09:00:00',
      '2027-03-04 18:00:00',
      '2027-03-05 09:00:00',
    ]);
    // A deep page reaches past a tenth of the matches: it sorts them all, and must agree.
    const deep = await page('zqcommon', { per_page: 50, page: 16 });
    expect(deep.events.map(series)).toEqual([...Array(50)].map((_v, i) => (i % 2 === 0 ? evening : morning)));
    expect(deep.events[0].utc_start_date).toBe('2028-03-09 18:00:00');
    const walked = await page('zqcommon', { per_page: 10, page: 11 });
    const sortedAll = await page('zqcommon', { per_page: 50, page: 3 });
    expect(walked.events.map((event) => event.id)).toEqual(sortedAll.events.slice(0, 10).map((event) => event.id));
  });

  it('walks the list-order index for a common search and sorts a rare one (MySQL/MariaDB)', async () => {
    const mysql = t.dataSource.options.type !== 'better-sqlite3';
    const pageQuery = (sql: string[]) => sql.filter((statement) => statement.includes('ORDER BY') && statement.includes('search_postings'));
    const countQuery = (sql: string[]) => sql.filter((statement) => statement.includes('COUNT(') && statement.includes('search_postings'));
    // The walk looks each event it passes up in the postings (a probe); counts and sorts read the matches' set once.
    const probes = (sql: string[]) => sql.length > 0 && sql.every((statement) => /sp\.record_id = `?p`?\.`?text_id`?/.test(statement));
    const readsSet = (sql: string[]) =>
      sql.length > 0 && sql.every((statement) => statement.includes('IN (SELECT sp.record_id FROM search_postings'));
    const common = await queriesDuring(t, () => page('zqcommon', { per_page: 10 }));
    expect(walks(pageQuery(common))).toBe(mysql);
    expect(probes(pageQuery(common))).toBe(mysql);
    expect(readsSet(pageQuery(common))).toBe(false);
    // The total counts the postings' copies of events with their own texts (in parts by record ID,
    // side by side), and reads the set of the series holding a match for the occurrences that show
    // the series' texts.
    const fromPostings = (statement: string) => statement.includes('COUNT(DISTINCT sp.record_id)');
    expect(countQuery(common).filter(fromPostings)).toHaveLength(mysql ? OWN_TEXT_PARTS : 0);
    // The parts meet at one boundary read before them: one computed per statement moves when an
    // event is created or deleted between them, and the records between would be counted twice or never.
    const boundaries = countQuery(common)
      .filter(fromPostings)
      .flatMap((statement) => [...statement.matchAll(/sp\.record_id (?:>=|<) (\d+)/g)].map((match) => match[1]));
    expect(boundaries).toHaveLength(mysql ? 2 * (OWN_TEXT_PARTS - 1) : 0);
    expect(new Set(boundaries).size).toBe(mysql ? OWN_TEXT_PARTS - 1 : 0);
    expect(readsSet(countQuery(common).filter((statement) => !fromPostings(statement)))).toBe(mysql);
    const deep = await queriesDuring(t, () => page('zqcommon', { per_page: 50, page: 16 }));
    expect(walks(pageQuery(deep))).toBe(false);
    expect(readsSet(pageQuery(deep))).toBe(mysql);
    const rare = await queriesDuring(t, () => page('zqrare', { per_page: 10 }));
    expect(walks(pageQuery(rare))).toBe(false);
    expect(probes(pageQuery(rare))).toBe(false);
    expect((await page('zqrare', { per_page: 10 })).events.map((event) => event.title)).toEqual(['Zqrare Lesung']);
  });

  it('a window list reads the list-order index as a range from the window start (MySQL/MariaDB: FORCE INDEX)', async () => {
    const mysql = t.dataSource.options.type !== 'better-sqlite3';
    const spy = jest.spyOn(t.dataSource.logger, 'logQuery');
    try {
      const res = await listEvents(t, { start_date: '2028-01-01', end_date: '2028-01-31', per_page: 5 }).expect(200);
      expect((res.body.events as Body[]).map((event) => event.utc_start_date)).toEqual([
        '2028-01-01 09:00:00',
        '2028-01-01 12:00:00',
        '2028-01-01 18:00:00',
        '2028-01-02 09:00:00',
        '2028-01-02 12:00:00',
      ]);
      const forced = spy.mock.calls.filter(([sql]) => sql.includes(WALK_HINT));
      expect(forced.length).toBe(mysql ? 1 : 0);
      if (!mysql) return;
      const [sql, parameters] = forced[0];
      const [plan] = (await t.dataSource.query(`EXPLAIN ${sql}`, parameters)) as Array<{ type: string; key: string; key_len: string }>;
      expect([plan.type, plan.key]).toEqual(['range', 'IDX_events_list_order']);
      expect(Number(plan.key_len)).toBeGreaterThan(1);
    } finally {
      spy.mockRestore();
    }
  });

  it('a walk that filters on content reads the list-order index alone (the lock and text_id are in it)', async () => {
    for (const query of [{ search: 'zqcommon' }, { categories: 'zqoften' }]) {
      const ran = await statementsDuring(t, () => listEvents(t, { ...window, per_page: 10, ...query }).expect(200));
      const pages = ran.filter(({ sql }) => /FROM [`"]events[`"] [`"]p[`"]/.test(sql) && sql.includes('ORDER BY'));
      expect(pages).toHaveLength(1);
      expect([query, await readsIndexOnly(t.dataSource, pages[0], 'IDX_events_list_order')]).toEqual([query, true]);
    }
  });

  it('walks for a common category and sorts the few events of a rare tag (MySQL/MariaDB)', async () => {
    const mysql = t.dataSource.options.type !== 'better-sqlite3';
    const listed = async (query: Record<string, unknown>) => {
      const res = await listEvents(t, { ...window, per_page: 4, ...query }).expect(200);
      return { events: res.body.events as Body[], total: Number(res.headers['x-tec-total']) };
    };
    let often: { events: Body[]; total: number } | undefined;
    expect(walks(await queriesDuring(t, async () => (often = await listed({ categories: 'zqoften' }))))).toBe(mysql);
    expect(often?.total).toBe(1200);
    expect(often?.events.map((event) => [event.recurring_event_id, event.utc_start_date])).toEqual([
      [morning, '2027-03-01 09:00:00'],
      [noon, '2027-03-01 12:00:00'],
      [morning, '2027-03-02 09:00:00'],
      [noon, '2027-03-02 12:00:00'],
    ]);
    let seldom: { events: Body[]; total: number } | undefined;
    expect(walks(await queriesDuring(t, async () => (seldom = await listed({ tags: 'zqseldom' }))))).toBe(false);
    expect(seldom?.events.map((event) => event.title)).toEqual(['Zqrare Lesung']);
    expect(seldom?.total).toBe(1);
  });
});
