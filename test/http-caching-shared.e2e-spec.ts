import { CalendarEvent } from '@app/domain';
import { expectApiError } from './support/events-assertions';
import { createEvent, EVENTS } from './support/events-fixtures';
import { listen } from './support/posts-fixtures';
import { ADMIN_TOKEN, bearer, createTestApp, TestApp } from './support/test-app';
import { createTestDatabase, TestDatabase } from './support/test-database';

/*
 * HTTP caching across requests and instances: the response cache of anonymous reads (CACHE_MAX_MB)
 * and two instances on one database (README, HTTP caching and preconditions).
 */

const STRONG = /^"[\w-]+"$/;

/** The ETag a path answers now (it must answer 200). */
async function etagOf(t: TestApp, path: string, headers: Record<string, string> = {}): Promise<string> {
  const res = await t.http.get(path).set(headers);
  expect(res.status).toBe(200);
  return res.headers.etag as string;
}

/**
 * HTTP caching and preconditions (docs/api-rules.md and README, HTTP caching and preconditions): strong ETags derived from the data
 * version and the request, 304 for an unchanged answer, a new ETag after any change of what an
 * answer shows, If-Match on writes (412 and nothing written when stale), Cache-Control by caller,
 * answers of one caller never served to another, and two instances on one database.
 */

describe('HTTP caching: the response cache of anonymous reads (CACHE_MAX_MB)', () => {
  let cached: TestApp;
  let uncached: TestApp;
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    cached = await createTestApp({}, { database });
    uncached = await createTestApp({ CACHE_MAX_MB: '0' }, { database });
    await Promise.all([listen(cached), listen(uncached)]);
  });
  afterAll(async () => {
    await uncached.close();
    await cached.close();
    await database.drop();
  });

  /** Changes a title behind the service's back: no write transaction, so no new data version. */
  const renameInDatabase = (id: number, title: string) => cached.dataSource.getRepository(CalendarEvent).update({ id }, { title });

  it('serves a kept answer, with its paging headers, until a write through the API changes the version', async () => {
    const event = await createEvent(cached, { title: 'Kept', start_date: '2031-02-01 10:00:00', end_date: '2031-02-01 11:00:00' });
    const path = `${EVENTS}/${event.id}`;
    const list = `${EVENTS}?start_date=2031-02-01&end_date=2031-02-02`;
    const first = await cached.http.get(path).expect(200);
    const firstList = await cached.http.get(list).expect(200);
    await renameInDatabase(event.id, 'Changed behind its back');
    // The cache answers from memory: the same bytes and headers as before.
    const again = await cached.http.get(path).expect(200);
    expect(again.text).toBe(first.text);
    expect(again.headers['content-type']).toBe(first.headers['content-type']);
    const againList = await cached.http.get(list).expect(200);
    expect(againList.text).toBe(firstList.text);
    expect(againList.headers['x-tec-total']).toBe(firstList.headers['x-tec-total']);
    expect(againList.headers.link).toBe(firstList.headers.link);
    // Without the cache, or with credentials, the database answers.
    expect((await uncached.http.get(path).expect(200)).body.title).toBe('Changed behind its back');
    expect((await cached.http.get(path).set(bearer(ADMIN_TOKEN)).expect(200)).body.title).toBe('Changed behind its back');
    // Any write through the service makes every kept answer unreachable.
    await createEvent(uncached, { title: 'Unrelated write' });
    expect((await cached.http.get(path).expect(200)).body.title).toBe('Changed behind its back');
  });

  it('keeps an iCalendar feed too, with its content type; the event list still varies by Accept', async () => {
    const event = await createEvent(cached, { title: 'Feed kept', start_date: '2031-03-01 10:00:00', end_date: '2031-03-01 11:00:00' });
    const feed = `${EVENTS}/${event.id}.ics`;
    const first = await cached.http.get(feed).buffer(true).expect(200);
    await renameInDatabase(event.id, 'Feed renamed behind its back');
    const again = await cached.http.get(feed).buffer(true).expect(200);
    expect(again.text).toBe(first.text);
    expect(again.text).toContain('Feed kept');
    expect(again.headers['content-type']).toBe(first.headers['content-type']);
    const list = await cached.http.get(EVENTS).expect(200);
    expect(list.headers.vary).toMatch(/Accept(?!-)/);
    expect(list.headers.vary).toMatch(/Accept-Language/);
  });

  it('a HEAD answered from the cache has the headers and no body', async () => {
    const path = `${EVENTS}?per_page=1`;
    await cached.http.get(path).expect(200);
    const head = await cached.http.head(path).expect(200);
    expect(head.text ?? '').toBe('');
    expect(head.headers.etag).toMatch(STRONG);
  });
});

describe('HTTP caching: two instances on one database', () => {
  let database: TestDatabase;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    database = await createTestDatabase();
    a = await createTestApp({}, { database });
    b = await createTestApp({}, { database });
    await Promise.all([listen(a), listen(b)]);
  });
  afterAll(async () => {
    await b.close();
    await a.close();
    await database.drop();
  });

  it('a write through one instance is seen at once through the other, never a stale 304', async () => {
    const event = await createEvent(a, { title: 'Shared v1' });
    const path = `${EVENTS}/${event.id}`;
    const seen = await etagOf(b, path);
    const list = await etagOf(b, EVENTS);
    await a.http.patch(path).set(bearer(ADMIN_TOKEN)).send({ title: 'Shared v2' }).expect(200);
    const record = await b.http.get(path).set('If-None-Match', seen);
    expect(record.status).toBe(200);
    expect(record.body.title).toBe('Shared v2');
    expect((await b.http.get(EVENTS).set('If-None-Match', list)).status).toBe(200);
    // And an If-Match taken from instance B guards a write through instance A.
    const fresh = await etagOf(b, path, bearer(ADMIN_TOKEN));
    await b.http.patch(path).set(bearer(ADMIN_TOKEN)).send({ excerpt: 'through b' }).expect(200);
    expectApiError(
      await a.http
        .patch(path)
        .set({ ...bearer(ADMIN_TOKEN), 'If-Match': fresh })
        .send({ title: 'lost' }),
      412,
      'rest_precondition_failed',
    );
  });
});
