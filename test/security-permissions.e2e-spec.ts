import { expectApiError } from './support/posts-assertions';
import {
  Body,
  countRows,
  createEvent,
  createOrganizer,
  createVenue,
  EVENTS,
  ORGANIZERS,
  patchEvent,
  postEvent,
  VENUES,
} from './support/events-fixtures';
import { ADMIN_TOKEN, bearer, createTestApp, TestApp } from './support/test-app';

const MISSING_ID = 999_999;

/**
 * Permission gaps (README, Security), closed as WordPress closes them: contributors
 * cannot make anything private, an event links only venues and organizers its author may read,
 * and `/ready` reports an unreachable database as a 503 in the error shape of docs/api-rules.md, Errors.
 */
describe('security: permission gaps', () => {
  let t: TestApp;
  let contributor: string;
  let author: string;
  let otherAuthor: string;

  beforeAll(async () => {
    t = await createTestApp();
    contributor = await t.tokenFor('contributor');
    author = await t.tokenFor('author');
    otherAuthor = await t.tokenFor('author');
  });
  afterAll(async () => t.close());

  describe('status private', () => {
    it.each([
      ['events', EVENTS, { title: 'Private try', start_date: '2030-01-10 10:00', end_date: '2030-01-10 12:00' }],
      ['venues', VENUES, { venue: 'Private venue try' }],
      ['organizers', ORGANIZERS, { organizer: 'Private organizer try' }],
    ] as const)('is refused to contributors creating %s: 403 rest_forbidden, nothing written', async (table, path, body) => {
      const before = await countRows(t, table);
      expectApiError(
        await t.http
          .post(path)
          .set(bearer(contributor))
          .send({ ...body, status: 'private' }),
        403,
        'rest_forbidden',
      );
      expect(await countRows(t, table)).toBe(before);
    });

    it('is refused to contributors updating their own draft, which stays a draft', async () => {
      const draft = await createEvent(t, { title: 'Contributor draft' }, contributor);
      expectApiError(await patchEvent(t, draft.id, { status: 'private' }, contributor), 403, 'rest_forbidden');
      expect((await t.http.get(`${EVENTS}/${draft.id}`).set(bearer(ADMIN_TOKEN)).expect(200)).body.status).toBe('draft');
    });

    it('is refused for a venue created inline by a contributor, and the event is not written', async () => {
      const before = await countRows(t, 'events');
      const res = await postEvent(t, { title: 'Inline private', venue: { venue: 'Inline Private Venue', status: 'private' } }, contributor);
      expectApiError(res, 403, 'rest_forbidden');
      expect(await countRows(t, 'events')).toBe(before);
    });

    it('is still stored for authors', async () => {
      expect((await createEvent(t, { title: 'Author private', status: 'private' }, author)).status).toBe('private');
    });
  });

  describe.each([
    ['venue', VENUES, (fields: Body, token: string) => createVenue(t, { venue: `Linked ${Math.random()}`, ...fields }, token)],
    [
      'organizer',
      ORGANIZERS,
      (fields: Body, token: string) => createOrganizer(t, { organizer: `Linked ${Math.random()}`, ...fields }, token),
    ],
  ] as const)('linking an event to a %s', (field, path, make) => {
    const link = (id: number) => postEvent(t, { title: `Links ${field}`, [field]: field === 'venue' ? id : [id] }, author);

    it.each(['draft', 'pending', 'private'])("of another user's %s answers like a missing ID and writes nothing", async (status) => {
      const hidden = await make({ status }, otherAuthor);
      const before = await countRows(t, 'events');
      const refused = await link(hidden.id);
      const missing = await link(MISSING_ID);
      expectApiError(missing, 400, 'rest_invalid_param');
      expect({ status: refused.status, body: refused.body }).toEqual({ status: missing.status, body: missing.body });
      expect(await countRows(t, 'events')).toBe(before);
    });

    it('in trash answers like a missing ID, for editors too', async () => {
      const trashed = await make({}, ADMIN_TOKEN);
      await t.http.delete(`${path}/${trashed.id}`).set(bearer(ADMIN_TOKEN)).expect(200);
      const res = await postEvent(t, { title: 'Links trash', [field]: trashed.id }, ADMIN_TOKEN);
      expect({ status: res.status, body: res.body }).toEqual({
        status: 400,
        body: (await postEvent(t, { title: 'Links trash', [field]: MISSING_ID }, ADMIN_TOKEN)).body,
      });
    });

    it("works for the author's own draft and for published records", async () => {
      for (const record of [await make({ status: 'draft' }, author), await make({}, otherAuthor)]) {
        const res = await link(record.id).expect(201);
        expect(JSON.stringify(res.body[field])).toContain(`"id":${record.id}`);
      }
    });

    it("of another user's draft is allowed to editors", async () => {
      const hidden = await make({ status: 'draft' }, otherAuthor);
      await postEvent(t, { title: 'Editor links', [field]: hidden.id }, ADMIN_TOKEN).expect(201);
    });
  });

  it('/ready answers 503 rest_unavailable in the error shape when the database is gone', async () => {
    const broken = await createTestApp();
    try {
      await broken.http.get('/ready').expect(200);
      await broken.dataSource.destroy();
      const res = await broken.http.get('/ready').set('Accept-Language', 'de');
      expectApiError(res, 503, 'rest_unavailable');
      expect(res.headers['content-language']).toBe('de');
      expect(res.body.message).not.toBe((await broken.http.get('/ready')).body.message);
    } finally {
      await broken.dataSource.initialize();
      await broken.close();
    }
  });
});
