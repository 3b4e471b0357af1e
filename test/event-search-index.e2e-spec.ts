import { queriesDuring } from './support/events-sql-counter';
import { ADMIN_TOKEN, bearer, TestApp, createTestApp } from './support/test-app';
import { Body, createEvent, EVENTS, listEvents, updateEvent } from './support/events-fixtures';

/**
 * SQLite answers `search` from a trigram index kept in the same transactions as the
 * events; the results stay those of the substring search (docs/api-rules.md, Lists).
 */
describe('events: search through the index', () => {
  let t: TestApp;
  const window = { start_date: '2032-01-01', end_date: '2032-12-31' };
  const found = async (search: string) =>
    ((await listEvents(t, { ...window, search }).expect(200)).body.events as Body[])
      .map((event) => event.id as number)
      .sort((a, b) => a - b);

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('finds substrings inside words, in any case, after creates, updates and deletes', async () => {
    const at = { start_date: '2032-03-01 10:00', end_date: '2032-03-01 12:00' };
    const a = await createEvent(t, { ...at, title: 'Zqjazzabend im Keller' });
    const b = await createEvent(t, { ...at, title: 'Quiet', excerpt: 'mit ZQJAZZ und mehr' });
    const c = await createEvent(t, { ...at, title: 'Other', description: '<p>kein zqja</p>' });
    expect(await found('zqjazz')).toEqual([a.id, b.id].sort((x, y) => x - y));
    expect(await found('ZqJa')).toEqual([a.id, b.id, c.id].sort((x, y) => x - y));
    expect(await found('zq')).toEqual([a.id, b.id, c.id].sort((x, y) => x - y));

    await updateEvent(t, a.id, { title: 'Zqblues am Abend' });
    expect(await found('zqjazz')).toEqual([b.id]);
    expect(await found('zqblues')).toEqual([a.id]);
    await t.http.delete(`${EVENTS}/${b.id}`).query({ force: true }).set(bearer(ADMIN_TOKEN)).expect(200);
    expect(await found('zqjazz')).toEqual([]);
    expect(await found('zqja')).toEqual([c.id]);
  });

  it('folds the case of letters beyond ASCII and takes quotes, %, _ and spaces literally', async () => {
    const at = { start_date: '2032-04-01 10:00', end_date: '2032-04-01 12:00' };
    const umlaut = await createEvent(t, { ...at, title: 'Zqärger über Öfen' });
    const quoted = await createEvent(t, { ...at, title: 'Zqx "Das Fest" 100% a_b' });
    expect(await found('ZQÄRGER ÜBER')).toEqual([umlaut.id]);
    expect(await found('zqärger über öfen')).toEqual([umlaut.id]);
    expect(await found('"das fest"')).toEqual([quoted.id]);
    expect(await found('100% a_b')).toEqual([quoted.id]);
    expect(await found('100%_a')).toEqual([]);
    expect(await found('zqärger  über')).toEqual([]);
  });

  it('reads the trigram index on SQLite for a search of three characters or more', async () => {
    const sql = await queriesDuring(t, () => listEvents(t, { ...window, search: 'zqblues' }).expect(200));
    const indexed = sql.some((statement) => statement.includes('events_search'));
    expect(indexed).toBe(t.dataSource.options.type === 'better-sqlite3');
  });
});
