import { CalendarEvent } from '@app/domain';
import type { Response } from 'supertest';
import { expectApiError } from './support/events-assertions';
import { createEvent, createTerm, createVenue, EVENTS, getEvent, VENUES } from './support/events-fixtures';
import { listen } from './support/posts-fixtures';
import { ADMIN_TOKEN, bearer, createTestApp, NS, TestApp } from './support/test-app';

const STRONG = /^"[\w-]+"$/;

/** A read answered with its ETag and the caching headers of an anonymous or authenticated caller. */
function expectCacheable(res: Response, caller: 'public' | 'private'): string {
  expect(res.status).toBe(200);
  expect(res.headers.etag).toMatch(STRONG);
  expect(res.headers['cache-control']).toBe(`${caller}, no-cache`);
  expect(res.headers.vary).toMatch(/Accept-Language/);
  expect(res.headers.vary).toMatch(/Authorization/);
  return res.headers.etag as string;
}

/** The same read again with If-None-Match: 304, no body, the same ETag. */
async function expectNotModified(
  t: TestApp,
  path: string,
  etag: string,
  headers: Record<string, string> = {},
  ifNoneMatch = etag,
): Promise<void> {
  const res = await t.http.get(path).set({ ...headers, 'If-None-Match': ifNoneMatch });
  expect(res.status).toBe(304);
  expect(res.text ?? '').toBe('');
  expect(res.headers.etag).toBe(etag);
}

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
describe('HTTP caching and preconditions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    // One port for the whole file: the links, and so the ETags, name the Host a request came to.
    await listen(t);
  });
  afterAll(() => t.close());

  it.each([
    ['a record', () => createEvent(t, { title: 'Cached record' }).then((e) => `${EVENTS}/${e.id}`)],
    ['a list', () => Promise.resolve(`${EVENTS}?per_page=5`)],
    ['a term list', () => Promise.resolve(`${NS}/categories`)],
    ['the root index', () => Promise.resolve(NS)],
    ['the document', () => Promise.resolve(`${NS}/doc`)],
  ])('%s: a strong ETag, public no-cache, and 304 with no body for If-None-Match', async (_what, pathOf) => {
    const path = await pathOf();
    const etag = expectCacheable(await t.http.get(path), 'public');
    await expectNotModified(t, path, etag);
    // A browser's conditional fetch() adds no-cache; the condition is evaluated all the same.
    await expectNotModified(t, path, etag, { 'Cache-Control': 'no-cache' });
    // One of a list, and the weak form of the tag (If-None-Match compares weakly).
    await expectNotModified(t, path, etag, {}, `"other", W/${etag}`);
    await expectNotModified(t, path, etag, {}, '*');
    const head = await t.http.head(path).set('If-None-Match', etag);
    expect(head.status).toBe(304);
  });

  it('equal ETags mean equal bodies; a query in another order is the same request', async () => {
    const first = await t.http.get(`${EVENTS}?per_page=3&page=1`);
    const second = await t.http.get(`${EVENTS}?page=1&per_page=3`);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.body).toEqual(first.body);
    const other = await t.http.get(`${EVENTS}?per_page=4&page=1`);
    expect(other.headers.etag).not.toBe(first.headers.etag);
  });

  it('a write that changes the answer changes the ETag: the record, a list and the index of records', async () => {
    const event = await createEvent(t, { title: 'Before' });
    const path = `${EVENTS}/${event.id}`;
    const record = await etagOf(t, path);
    const list = await etagOf(t, EVENTS);
    await t.http.patch(path).set(bearer(ADMIN_TOKEN)).send({ title: 'After' }).expect(200);
    const after = await t.http.get(path).set('If-None-Match', record);
    expect(after.status).toBe(200);
    expect(after.body.title).toBe('After');
    expect(after.headers.etag).not.toBe(record);
    expect((await t.http.get(EVENTS).set('If-None-Match', list)).status).toBe(200);
  });

  it('a change to a linked venue or a term shown inside an event changes the event ETag', async () => {
    const venue = await createVenue(t, { venue: 'Old Hall' });
    const category = await createTerm(t, 'categories', { name: 'Old Name' });
    const event = await createEvent(t, { title: 'Linked', venue: venue.id, categories: [category.id] });
    const path = `${EVENTS}/${event.id}`;
    const before = await etagOf(t, path);
    await t.http.patch(`${VENUES}/${venue.id}`).set(bearer(ADMIN_TOKEN)).send({ venue: 'New Hall' }).expect(200);
    const afterVenue = await t.http.get(path).set('If-None-Match', before);
    expect(afterVenue.status).toBe(200);
    expect(afterVenue.body.venue.venue).toBe('New Hall');
    const renamedFrom = afterVenue.headers.etag as string;
    await t.http.patch(`${NS}/categories/${category.id}`).set(bearer(ADMIN_TOKEN)).send({ name: 'New Name' }).expect(200);
    const afterTerm = await t.http.get(path).set('If-None-Match', renamedFrom);
    expect(afterTerm.status).toBe(200);
    expect(afterTerm.body.categories[0].name).toBe('New Name');
  });

  it('a scheduled event becoming due changes the list ETag without any write', async () => {
    const scheduled = await createEvent(t, { title: 'Due soon', status: 'future', date: '2099-01-01 10:00:00' });
    const query = `${EVENTS}?search=${encodeURIComponent('Due soon')}&start_date=2030-01-01&end_date=2030-12-31`;
    const before = await t.http.get(query);
    expect(before.body.events ?? []).toHaveLength(0);
    // Its publication instant passes: the row is untouched but for the date, as time would do it.
    await t.dataSource.getRepository(CalendarEvent).update({ id: scheduled.id }, { publishedUtc: new Date(Date.now() - 60_000) });
    const after = await t.http.get(query).set('If-None-Match', before.headers.etag as string);
    expect(after.status).toBe(200);
    expect(after.body.events.map((e: { id: number }) => e.id)).toEqual([scheduled.id]);
  });

  it('the ETag varies by language and caller; authenticated reads are private', async () => {
    const path = `${EVENTS}?per_page=2`;
    const english = await etagOf(t, path);
    const german = await etagOf(t, `/de${path}`);
    const byParameter = await etagOf(t, `${path}&translation_language=de`);
    expect(german).not.toBe(english);
    // The parameter keeps the links without the /de segment: another body, another tag.
    expect(byParameter).not.toBe(english);
    expect(byParameter).not.toBe(german);
    const admin = expectCacheable(await t.http.get(path).set(bearer(ADMIN_TOKEN)), 'private');
    expect(admin).not.toBe(english);
    const editor = await t.tokenFor('editor');
    expect(await etagOf(t, path, bearer(editor))).not.toBe(admin);
  });

  it("a draft its author reads never reaches an anonymous caller through the author's ETag", async () => {
    const draft = await createEvent(t, { title: 'Secret draft', status: 'draft' });
    const path = `${EVENTS}/${draft.id}`;
    const authorEtag = expectCacheable(await t.http.get(path).set(bearer(ADMIN_TOKEN)), 'private');
    const anonymous = await t.http.get(path).set('If-None-Match', authorEtag);
    expect(anonymous.status).not.toBe(304);
    expect(anonymous.status).toBeGreaterThanOrEqual(400);
    expect(anonymous.text).not.toContain('Secret draft');
  });

  it('errors carry no ETag and are never stored', async () => {
    const res = await t.http.get(`${EVENTS}/999999`);
    expect(res.status).toBe(404);
    expect(res.headers.etag).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-store');
    const refused = await t.http.get(`${EVENTS}?per_page=nope`);
    expect(refused.status).toBe(400);
    expect(refused.headers.etag).toBeUndefined();
  });

  describe('If-Match on writes', () => {
    it.each(['patch', 'put', 'post'] as const)(
      '%s with a stale ETag: 412, nothing written; with the current one: written',
      async (method) => {
        const event = await createEvent(t, { title: `Original ${method}` });
        const path = `${EVENTS}/${event.id}`;
        const stale = await etagOf(t, path, bearer(ADMIN_TOKEN));
        await t.http.patch(path).set(bearer(ADMIN_TOKEN)).send({ excerpt: 'changed by someone else' }).expect(200);
        const refused = await t.http[method](path)
          .set({ ...bearer(ADMIN_TOKEN), 'If-Match': stale })
          .send({ title: 'Lost update' });
        expectApiError(refused, 412, 'rest_precondition_failed');
        expect(refused.headers['cache-control']).toBe('no-store');
        expect((await getEvent(t, event.id)).body.title).toBe(`Original ${method}`);
        const current = await etagOf(t, path, bearer(ADMIN_TOKEN));
        const written = await t.http[method](path)
          .set({ ...bearer(ADMIN_TOKEN), 'If-Match': current })
          .send({ title: 'Won' });
        expect(written.status).toBe(200);
        expect((await getEvent(t, event.id)).body.title).toBe('Won');
      },
    );

    it('the ETag of another caller or language does not match; the by-slug route checks its own', async () => {
      const event = await createEvent(t, { title: 'Slugged' });
      const byId = `${EVENTS}/${event.id}`;
      const bySlug = `${EVENTS}/by-slug/${event.slug as string}`;
      const anonymousTag = await etagOf(t, byId);
      expectApiError(
        await t.http
          .patch(byId)
          .set({ ...bearer(ADMIN_TOKEN), 'If-Match': anonymousTag })
          .send({ title: 'x' }),
        412,
        'rest_precondition_failed',
      );
      const slugTag = await etagOf(t, bySlug, bearer(ADMIN_TOKEN));
      const written = await t.http
        .patch(bySlug)
        .set({ ...bearer(ADMIN_TOKEN), 'If-Match': slugTag })
        .send({ excerpt: 'by slug' });
      expect(written.status).toBe(200);
    });

    it('If-Match: * matches any existing record; a weak tag never matches', async () => {
      const event = await createEvent(t, { title: 'Star' });
      const path = `${EVENTS}/${event.id}`;
      const current = await etagOf(t, path, bearer(ADMIN_TOKEN));
      expectApiError(
        await t.http
          .patch(path)
          .set({ ...bearer(ADMIN_TOKEN), 'If-Match': `W/${current}` })
          .send({ title: 'x' }),
        412,
        'rest_precondition_failed',
      );
      expect(
        (
          await t.http
            .patch(path)
            .set({ ...bearer(ADMIN_TOKEN), 'If-Match': '*' })
            .send({ title: 'Starred' })
        ).status,
      ).toBe(200);
      expect((await getEvent(t, event.id)).body.title).toBe('Starred');
    });

    it('DELETE with a stale ETag: 412 and the record stays; 401, 403 and 404 come before 412', async () => {
      const event = await createEvent(t, { title: 'Keep me' });
      const path = `${EVENTS}/${event.id}`;
      const stale = await etagOf(t, path, bearer(ADMIN_TOKEN));
      await t.http.patch(path).set(bearer(ADMIN_TOKEN)).send({ excerpt: 'moved on' }).expect(200);
      expectApiError(await t.http.delete(path).set({ ...bearer(ADMIN_TOKEN), 'If-Match': stale }), 412, 'rest_precondition_failed');
      expect((await getEvent(t, event.id)).status).toBe(200);
      expect((await t.http.delete(`${EVENTS}/999999`).set({ ...bearer(ADMIN_TOKEN), 'If-Match': stale })).status).toBe(404);
      expect((await t.http.delete(path).set({ 'If-Match': stale })).status).toBe(401);
      const contributor = await t.tokenFor('contributor');
      expect(
        (
          await t.http
            .patch(path)
            .set({ ...bearer(contributor), 'If-Match': stale })
            .send({ title: 'x' })
        ).status,
      ).toBe(403);
      const current = await etagOf(t, path, bearer(ADMIN_TOKEN));
      expect((await t.http.delete(path).set({ ...bearer(ADMIN_TOKEN), 'If-Match': current })).status).toBe(200);
    });

    it('terms take If-Match too', async () => {
      const tag = await createTerm(t, 'tags', { name: 'Conditional tag' });
      const path = `${NS}/tags/${tag.id}`;
      const current = await etagOf(t, path, bearer(ADMIN_TOKEN));
      await t.http.patch(path).set(bearer(ADMIN_TOKEN)).send({ description: 'first' }).expect(200);
      expectApiError(
        await t.http
          .patch(path)
          .set({ ...bearer(ADMIN_TOKEN), 'If-Match': current })
          .send({ name: 'x' }),
        412,
        'rest_precondition_failed',
      );
      expect((await t.http.get(path)).body.name).toBe('Conditional tag');
    });
  });
});
