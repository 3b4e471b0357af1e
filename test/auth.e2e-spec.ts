import { UsersService } from '@app/auth';
import type { Test } from 'supertest';
import { expectApiError } from './support/terms-assertions';
import { countTermRows, createTerm, TermCollection } from './support/terms-fixtures';
import { ADMIN_TOKEN, bearer, createTestApp, NS, TestApp } from './support/test-app';

const COLLECTIONS: TermCollection[] = ['categories', 'tags'];
const basic = (username: string, token: string) => ({ Authorization: `Basic ${Buffer.from(`${username}:${token}`).toString('base64')}` });

describe('auth: who may manage terms', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Many bad credentials from one address on purpose: the limit itself is tested in security-rate-limits.
    t = await createTestApp({ RATE_LIMIT_AUTH_FAILURES: '1000' });
  });
  afterAll(async () => t.close());

  /** Every write route of a collection; `id` may be a term that does not exist. */
  const writes = (collection: TermCollection, id: number): Array<[string, () => Test]> => [
    ['POST collection', () => t.http.post(`${NS}/${collection}`).send({ name: 'Intruder' })],
    ['POST id', () => t.http.post(`${NS}/${collection}/${id}`).send({ name: 'Intruder' })],
    ['PUT id', () => t.http.put(`${NS}/${collection}/${id}`).send({ name: 'Intruder' })],
    ['PATCH id', () => t.http.patch(`${NS}/${collection}/${id}`).send({ name: 'Intruder' })],
    ['DELETE id', () => t.http.delete(`${NS}/${collection}/${id}`)],
  ];

  describe.each(COLLECTIONS)('%s', (collection) => {
    it('reads are public', async () => {
      const term = await createTerm(t, collection, { name: 'Public Read' });
      await t.http.get(`${NS}/${collection}?hide_empty=false`).expect(200);
      await t.http.get(`${NS}/${collection}/${term.id}`).expect(200);
    });

    it('anonymous writes are 401 rest_forbidden, before the term is looked up, and write nothing', async () => {
      const term = await createTerm(t, collection, { name: 'Guarded Anon' });
      const before = await countTermRows(t, collection);
      for (const id of [term.id, 999999]) {
        for (const [label, send] of writes(collection, id)) {
          const res = await send();
          expect({ label, id, status: res.status }).toEqual({ label, id, status: 401 });
          expectApiError(res, 401, 'rest_forbidden');
        }
      }
      expect(await countTermRows(t, collection)).toBe(before);
      expect((await t.http.get(`${NS}/${collection}/${term.id}`)).body.name).toBe('Guarded Anon');
    });

    it.each(['contributor', 'author'] as const)('%s writes are 403 rest_forbidden and write nothing', async (role) => {
      const token = await t.tokenFor(role);
      const term = await createTerm(t, collection, { name: `Guarded ${role}` });
      const before = await countTermRows(t, collection);
      for (const id of [term.id, 999999]) {
        for (const [label, send] of writes(collection, id)) {
          const res = await send().set(bearer(token));
          expect({ label, id, status: res.status }).toEqual({ label, id, status: 403 });
          expectApiError(res, 403, 'rest_forbidden');
        }
      }
      expect(await countTermRows(t, collection)).toBe(before);
      expect((await t.http.get(`${NS}/${collection}/${term.id}`)).body.name).toBe(`Guarded ${role}`);
    });

    it.each(['editor', 'administrator'] as const)('%s may create, update and delete', async (role) => {
      const token = await t.tokenFor(role);
      const created = await t.http
        .post(`${NS}/${collection}`)
        .set(bearer(token))
        .send({ name: `By ${role}` })
        .expect(201);
      const path = `${NS}/${collection}/${created.body.id}`;
      await t.http.post(path).set(bearer(token)).send({ description: 'post' }).expect(200);
      await t.http.put(path).set(bearer(token)).send({ description: 'put' }).expect(200);
      const patched = await t.http.patch(path).set(bearer(token)).send({ description: 'patch' }).expect(200);
      expect(patched.body.description).toBe('patch');
      await t.http.delete(path).set(bearer(token)).expect(200);
      await t.http.get(path).expect(404);
    });
  });

  describe('credentials', () => {
    const createWith = (headers: Record<string, string>) =>
      t.http
        .post(`${NS}/tags`)
        .set(headers)
        .send({ name: `Cred ${Math.random()}` });

    it('accepts HTTP Basic <username>:<token>', async () => {
      const token = await t.tokenFor('editor', 'basic-editor');
      await createWith(basic('basic-editor', token)).expect(201);
    });

    it('accepts a Basic secret written in space-separated groups, as application-password clients show it', async () => {
      const token = await t.tokenFor('editor', 'grouped-editor');
      const grouped = token.replace(/(.{4})/g, '$1 ').trim();
      await createWith(basic('grouped-editor', grouped)).expect(201);
    });

    it('rejects Basic with another user name', async () => {
      const token = await t.tokenFor('editor', 'real-name');
      expectApiError(await createWith(basic('admin', token)), 401, 'rest_invalid_token');
    });

    it.each([
      ['an unknown Bearer token', { Authorization: 'Bearer not-a-real-token' }],
      ['an unknown Basic token', basic('admin', 'not-a-real-token')],
      ['Basic without a colon', { Authorization: `Basic ${Buffer.from('admin').toString('base64')}` }],
      ['an unknown scheme', { Authorization: `Token ${ADMIN_TOKEN}` }],
      ['an empty Bearer', { Authorization: 'Bearer' }],
    ])('answers 401 rest_invalid_token for %s, on writes and on reads', async (_label, headers) => {
      const before = await countTermRows(t, 'tags');
      expectApiError(await createWith(headers), 401, 'rest_invalid_token');
      expectApiError(await t.http.get(`${NS}/tags`).set(headers), 401, 'rest_invalid_token');
      expect(await countTermRows(t, 'tags')).toBe(before);
    });

    it('a revoked token stops working', async () => {
      const token = await t.tokenFor('administrator', 'revoked-admin');
      await createWith(bearer(token)).expect(201);
      expect(await t.app.get(UsersService).revokeToken(token)).toBe(true);
      expectApiError(await createWith(bearer(token)), 401, 'rest_invalid_token');
      expectApiError(await createWith(basic('revoked-admin', token)), 401, 'rest_invalid_token');
      expectApiError(await t.http.get(`${NS}/tags`).set(bearer(token)), 401, 'rest_invalid_token');
    });

    it('the configured ADMIN_TOKEN belongs to the administrator "admin"', async () => {
      await createWith(bearer(ADMIN_TOKEN)).expect(201);
      await createWith(basic('admin', ADMIN_TOKEN)).expect(201);
    });
  });
});
