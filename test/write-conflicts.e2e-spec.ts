import { RETRY_POLICY, TransactionRunner } from '@app/database';
import { EventsRepository, TermsRepository } from '@app/domain';
import { Body, countAll, countRows, createEvent, EVENTS, eventBody, postEvent, VENUES } from './support/events-fixtures';
import { expectApiError } from './support/posts-assertions';
import { ADMIN_TOKEN, bearer, createTestApp, TestApp } from './support/test-app';
import { createTestDatabase, e2eDriver, TestDatabase } from './support/test-database';
import { gate, lostRaceError, otherConnection, OtherConnection, waitUntil } from './support/write-race';

/**
 * Concurrent writers (README, Concurrent writers, retries and shutdown): lost races are run again whole, a write that cannot win answers
 * 503 and leaves nothing behind, a write holds its lock from its first statement, no read sees a
 * write that is later rolled back, and an update of a record deleted meanwhile is a 404.
 * The load test with two processes is `npm run test:concurrency`.
 */
describe('concurrent writes', () => {
  let database: TestDatabase;
  let t: TestApp;
  let other: OtherConnection;
  let events: EventsRepository;

  beforeAll(async () => {
    database = await createTestDatabase();
    t = await createTestApp({}, { database });
    // Listening already: supertest then sends concurrent requests to one server instead of
    // starting (and closing under the others) one of its own per request.
    await t.app.listen(0, '127.0.0.1');
    other = await otherConnection(database);
    events = t.app.get(EventsRepository);
  });
  afterEach(async () => {
    jest.restoreAllMocks();
    await other.release();
  });
  afterAll(async () => {
    await other.close();
    await t.close();
    await database.drop();
  });

  const venueCount = async (name: string) =>
    Number((await t.http.get(VENUES).query({ search: name, status: 'any' }).set(bearer(ADMIN_TOKEN)).expect(200)).headers['x-tec-total']);

  it('runs every write transaction in READ COMMITTED (MySQL: the session level of each pooled connection)', async () => {
    if (e2eDriver() !== 'mysql') return;
    const runner = t.app.get(TransactionRunner);
    // More transactions at once than the pool has connections: every connection it hands out is checked.
    const levels = await Promise.all(
      Array.from({ length: 12 }, () =>
        runner.run(async (manager) => {
          // A row read (migrations always has one) makes InnoDB list the transaction; its list is
          // a cache renewed at most every 0.1 s, so it is read after that.
          await manager.query('SELECT 1 FROM migrations LIMIT 1');
          await new Promise((resolve) => setTimeout(resolve, 150));
          const rows: Array<{ level: string }> = await manager.query(
            'SELECT trx_isolation_level AS level FROM information_schema.innodb_trx WHERE trx_mysql_thread_id = CONNECTION_ID()',
          );
          return rows[0]?.level;
        }),
      ),
    );
    expect(new Set(levels)).toEqual(new Set(['READ COMMITTED']));
  });

  it('runs a write that lost a race again, whole, and answers as if nothing happened', async () => {
    const save = jest.spyOn(events, 'save').mockRejectedValueOnce(lostRaceError());
    const before = await countAll(t);
    const res = await postEvent(t, { title: 'Second Try', venue: { venue: 'Second Try Hall' } });
    expect(res.status).toBe(201);
    expect(save).toHaveBeenCalledTimes(2);
    // The first run's inline venue was rolled back; the second run created it once.
    expect(await countAll(t)).toMatchObject({ events: before.events + 1, venues: before.venues + 1 });
    expect(await venueCount('Second Try Hall')).toBe(1);
  });

  it('answers 503 rest_unavailable with Retry-After after a bounded number of tries, and writes nothing', async () => {
    const save = jest.spyOn(events, 'save').mockRejectedValue(lostRaceError());
    const before = await countAll(t);
    const res = await t.http
      .post(`/de${EVENTS}`)
      .set(bearer(ADMIN_TOKEN))
      .send(eventBody({ title: 'Never Wins', venue: { venue: 'Never Wins Hall' }, categories: ['Never Wins Category'] }));
    expectApiError(res, 503, 'rest_unavailable');
    expect(res.headers['retry-after']).toBe(String(RETRY_POLICY.retryAfterSeconds));
    expect(res.body.message).toBe('Der Dienst ist vorübergehend nicht verfügbar. Bitte versuche es gleich noch einmal.');
    expect(save.mock.calls.length).toBeGreaterThan(1);
    expect(save.mock.calls.length).toBeLessThanOrEqual(RETRY_POLICY.maxAttempts);
    save.mockRestore();
    expect(await countAll(t)).toEqual(before);
    expect(await venueCount('Never Wins Hall')).toBe(0);
  });

  it('answers 503 while another connection holds the lock the write needs, and writes once it is free', async () => {
    const event = await createEvent(t, { title: 'Held' });
    await other.lock('events', event.id);
    const held = await t.http.patch(`${EVENTS}/${event.id}`).set(bearer(ADMIN_TOKEN)).send({ title: 'Held Changed' });
    expectApiError(held, 503, 'rest_unavailable');
    expect(held.headers['retry-after']).toBe(String(RETRY_POLICY.retryAfterSeconds));
    await other.release();
    const free = await t.http.patch(`${EVENTS}/${event.id}`).set(bearer(ADMIN_TOKEN)).send({ title: 'Free Changed' });
    expect(free.status).toBe(200);
    expect(free.body.title).toBe('Free Changed');
  });

  it('takes its lock with its first statement (SQLite: BEGIN IMMEDIATE; MySQL: the record row first)', async () => {
    const event = await createEvent(t, { title: 'Locked First' });
    const reached = gate();
    const resume = gate();
    const lockForWrite = events.lockForWrite.bind(events);
    jest.spyOn(events, 'lockForWrite').mockImplementationOnce(async (ref, db) => {
      const id = await lockForWrite(ref, db);
      reached.open();
      await resume.opened;
      return id;
    });
    expect(await other.canLockNow('events', event.id)).toBe(true);
    const update = t.http
      .patch(`${EVENTS}/${event.id}`)
      .set(bearer(ADMIN_TOKEN))
      .send({ title: 'Locked First 2' })
      .then((res) => res);
    await reached.opened;
    // Before the update has written anything, another writer already has to wait.
    expect(await other.canLockNow('events', event.id)).toBe(false);
    resume.open();
    expect((await update).status).toBe(200);
    expect(await other.canLockNow('events', event.id)).toBe(true);
  });

  it('never lets a read see a write that is rolled back later (no dirty read)', async () => {
    const terms = t.app.get(TermsRepository);
    const findReferenced = terms.findReferenced.bind(terms);
    let seenMeanwhile: number | undefined;
    // Called for the unknown tag ID, inside the write transaction.
    jest.spyOn(terms, 'findReferenced').mockImplementation(async (target, ids, texts, db) => {
      seenMeanwhile ??= await venueCount('Dirty Read Hall');
      return findReferenced(target, ids, texts, db);
    });
    const res = await postEvent(t, { title: 'Dirty', venue: { venue: 'Dirty Read Hall' }, tags: [999999] });
    expect(res.status).toBe(400);
    expect(seenMeanwhile).toBe(0);
    expect(await venueCount('Dirty Read Hall')).toBe(0);
  });

  it('answers 404 to an update of a record deleted meanwhile, and writes nothing', async () => {
    const event = await createEvent(t, { title: 'Doomed', venue: { venue: 'Doomed Hall' }, categories: ['Doomed Category'] });
    const runner = t.app.get(TransactionRunner);
    const runs = jest.spyOn(runner, 'run');
    const removed = gate();
    const resume = gate();
    const remove = events.remove.bind(events);
    jest.spyOn(events, 'remove').mockImplementationOnce(async (id, db) => {
      await remove(id, db);
      removed.open();
      await resume.opened;
    });
    const del = t.http
      .delete(`${EVENTS}/${event.id}?force=true`)
      .set(bearer(ADMIN_TOKEN))
      .then((res) => res);
    await removed.opened;
    const runsBefore = runs.mock.calls.length;
    const update = t.http
      .put(`${EVENTS}/${event.id}`)
      .set(bearer(ADMIN_TOKEN))
      .send({ title: 'Revived', venue: { venue: 'Revived Hall' }, categories: ['Revived Category'] })
      .then((res) => res);
    // The update is accepted and waits for the deleting transaction.
    await waitUntil(() => runs.mock.calls.length > runsBefore, 'the update started its transaction');
    const before = await countAll(t);
    resume.open();
    expect((await del).status).toBe(200);
    expectApiError(await update, 404, 'rest-event-not-found');
    const { events: eventRows, venues, organizers, terms, images } = before;
    expect(await countAll(t)).toMatchObject({ events: eventRows - 1, venues, organizers, terms, images });
    expect(await venueCount('Revived Hall')).toBe(0);
    const links: Body[] = await t.dataSource.query(
      'SELECT event_id FROM event_terms WHERE event_id = ? UNION ALL SELECT event_id FROM event_venues WHERE event_id = ?',
      [event.id, event.id],
    );
    expect(links).toEqual([]);
  });

  it('gives 50 concurrent creators of one title 50 different slugs, none of them running out of tries', async () => {
    const answers = await Promise.all(Array.from({ length: 50 }, () => postEvent(t, { title: 'Fifty At Once' })));
    expect(answers.map((res) => res.status)).toEqual(Array(50).fill(201));
    const slugs = answers.map((res) => res.body.slug as string).sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
    expect(slugs).toEqual(['fifty-at-once', ...Array.from({ length: 49 }, (_, i) => `fifty-at-once-${i + 2}`)]);
  });

  it('keeps term names unique per parent even when two writers add the same name at once', async () => {
    const before = await countRows(t, 'terms');
    const [a, b] = await Promise.all([
      postEvent(t, { title: 'Twin A', categories: ['Twin Category'] }),
      postEvent(t, { title: 'Twin B', categories: ['twin category'] }),
    ]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(await countRows(t, 'terms')).toBe(before + 1);
    expect(a.body.categories[0].id).toBe(b.body.categories[0].id);
  });
});
