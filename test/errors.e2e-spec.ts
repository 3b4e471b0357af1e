import type { Response } from 'supertest';
import { expectApiError, expectInvalidParams } from './support/terms-assertions';
import { countTermRows, createTerm } from './support/terms-fixtures';
import { ADMIN_TOKEN, bearer, createTestApp, NS, TestApp } from './support/test-app';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const OVER_ONE_MB = 'x'.repeat(1024 * 1024 + 10);

/** The exact error body (docs/api-rules.md, Errors): nothing beyond code, message and data. */
function expectErrorBody(res: Response, status: number, code: string, data: Record<string, unknown> = {}): void {
  expectApiError(res, status, code);
  expect(Object.keys(res.body).sort()).toEqual(['code', 'data', 'message']);
  expect(res.body.data).toEqual({ status, ...data });
}

describe('errors', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const admin = () => bearer(ADMIN_TOKEN);

  describe('routing', () => {
    it.each([
      '/',
      '/nope',
      `${NS}/nope`,
      `${NS}/categories/1/extra`,
      `${NS}/categories/by-slug/music/extra`,
      '/calendar/events/v2/categories',
    ])('GET %s is 404 rest_no_route', async (path) => {
      expectErrorBody(await t.http.get(path), 404, 'rest_no_route');
    });

    it('a path that cannot be percent-decoded is 404 rest_no_route, in the language of its segment', async () => {
      expectErrorBody(await t.http.get(`${NS}/categories/%E0`), 404, 'rest_no_route');
      expectErrorBody(await t.http.delete(`${NS}/tags/%E0%A4`).set(admin()), 404, 'rest_no_route');
      const de = await t.http.get(`/de${NS}/tags/%E0`);
      expectErrorBody(de, 404, 'rest_no_route');
      expect(de.headers['content-language']).toBe('de');
    });

    it.each(['abc', '1.5', '-1', '0x1F', '99999999999'])('an {id} of %j is no route, for any method and any caller', async (id) => {
      for (const collection of ['categories', 'tags']) {
        const path = `${NS}/${collection}/${id}`;
        expectErrorBody(await t.http.get(path), 404, 'rest_no_route');
        expectErrorBody(await t.http.delete(path), 404, 'rest_no_route');
        expectErrorBody(await t.http.patch(path).send({ name: 'x' }), 404, 'rest_no_route');
        expectErrorBody(
          await t.http
            .put(path)
            .set(bearer(await t.tokenFor('contributor')))
            .send({ name: 'x' }),
          404,
          'rest_no_route',
        );
        expectErrorBody(await t.http.post(path).set(admin()).send({ name: 'x' }), 404, 'rest_no_route');
      }
    });

    it.each([
      ['delete', `${NS}/categories`, 'GET, HEAD, POST'],
      ['put', `${NS}/tags`, 'GET, HEAD, POST'],
      ['patch', `${NS}/categories`, 'GET, HEAD, POST'],
      ['post', '/health', 'GET, HEAD'],
      ['delete', '/ready', 'GET, HEAD'],
    ] as const)('%s %s is 405 rest_no_route with Allow: %s', async (method, path, allow) => {
      const res = await t.http[method](path).set(admin());
      expectErrorBody(res, 405, 'rest_no_route');
      expect(res.headers.allow).toBe(allow);
    });

    it('handles a POST with X-HTTP-Method-Override or _method as that method, and ignores both on GET', async () => {
      const term = await createTerm(t, 'categories', { name: 'Overridden' });
      const path = `${NS}/categories/${term.id}`;
      await t.http.post(path).set(admin()).set('X-HTTP-Method-Override', 'PUT').send({ description: 'still here' }).expect(200);
      const read = await t.http.get(`${path}?_method=DELETE`).set('X-HTTP-Method-Override', 'DELETE').expect(200);
      expect(read.body.description).toBe('still here');
      await t.http.post(`${path}?_method=DELETE`).set(admin()).expect(200);
      await t.http.get(path).expect(404);
    });
  });

  describe('bodies', () => {
    it('malformed JSON is 400 rest_invalid_json and writes nothing', async () => {
      const before = await countTermRows(t, 'categories');
      const res = await t.http.post(`${NS}/categories`).set(admin()).set('Content-Type', 'application/json').send('{"name": "Broken",');
      expectErrorBody(res, 400, 'rest_invalid_json');
      expect(await countTermRows(t, 'categories')).toBe(before);
    });

    it.each([
      ['JSON', 'application/json', JSON.stringify({ name: 'Huge', description: OVER_ONE_MB })],
      ['form', 'application/x-www-form-urlencoded', `name=Huge&description=${OVER_ONE_MB}`],
    ])('a %s body over 1 MB is 413 rest_payload_too_large and writes nothing', async (_label, type, body) => {
      const before = await countTermRows(t, 'categories');
      const res = await t.http.post(`${NS}/categories`).set(admin()).set('Content-Type', type).send(body);
      expectErrorBody(res, 413, 'rest_payload_too_large');
      expect(await countTermRows(t, 'categories')).toBe(before);
    });

    it.each([
      ['text/plain', 'name=Plain'],
      ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nMultipart\r\n--x--\r\n'],
    ])('a %s body is 415 rest_unsupported_media_type and writes nothing, on creates and updates', async (type, body) => {
      const before = await countTermRows(t, 'categories');
      const created = await t.http.post(`${NS}/categories`).set(admin()).set('Content-Type', type).send(body);
      expectErrorBody(created, 415, 'rest_unsupported_media_type');
      const id = (
        (
          await t.http
            .post(`${NS}/categories`)
            .set(admin())
            .send({ name: `Kept ${type}` })
            .expect(201)
        ).body as { id: number }
      ).id;
      const updated = await t.http.patch(`${NS}/categories/${id}`).set(admin()).set('Content-Type', type).send(body);
      expectErrorBody(updated, 415, 'rest_unsupported_media_type');
      expect(await countTermRows(t, 'categories')).toBe(before + 1);
      expect((await t.http.get(`${NS}/categories/${id}`).expect(200)).body).toMatchObject({ name: `Kept ${type}` });
    });

    it('a write without a body passes whatever Content-Type it names', async () => {
      const id = ((await t.http.post(`${NS}/categories`).set(admin()).send({ name: 'Bodiless' }).expect(201)).body as { id: number }).id;
      await t.http.delete(`${NS}/categories/${id}`).set(admin()).set('Content-Type', 'text/plain').expect(200);
    });

    it('a body just under 1 MB is accepted', async () => {
      // The padding is an unknown field, ignored once the body has been read.
      const res = await t.http
        .post(`${NS}/categories`)
        .set(admin())
        .send({ name: 'Big But Fine', padding: 'y'.repeat(1000 * 1000) })
        .expect(201);
      expect(res.body.name).toBe('Big But Fine');
    });
  });

  describe('parameters', () => {
    it('a missing required field is 400 rest_missing_callback_param naming it', async () => {
      for (const collection of ['categories', 'tags']) {
        const res = await t.http.post(`${NS}/${collection}`).set(admin()).send({ description: 'nameless', slug: 'nameless' });
        expectErrorBody(res, 400, 'rest_missing_callback_param', { params: ['name'] });
        expect(res.body.message).toContain('name');
      }
    });

    it('a missing field is reported even when other fields are also invalid', async () => {
      const res = await t.http.post(`${NS}/categories`).set(admin()).send({ parent: 'abc' });
      expectErrorBody(res, 400, 'rest_missing_callback_param', { params: ['name'] });
    });

    it('every invalid body field is named with a reason', async () => {
      const before = await countTermRows(t, 'categories');
      const res = await t.http.post(`${NS}/categories`).set(admin()).send({ name: 7, slug: [], description: {}, parent: 'top' });
      expectInvalidParams(res, ['name', 'slug', 'description', 'parent']);
      for (const name of ['name', 'slug', 'description', 'parent']) {
        expect(res.body.data.params[name]).toContain(name);
        expect(res.body.message).toContain(name);
      }
      expect(await countTermRows(t, 'categories')).toBe(before);
    });

    it('every invalid query parameter is named with a reason', async () => {
      const res = await t.http.get(`${NS}/tags?per_page=0&page=x&orderby=date&order=up&hide_empty=maybe&include=abc&exclude=-1&post=no`);
      expectInvalidParams(res, ['per_page', 'page', 'orderby', 'order', 'hide_empty', 'include', 'exclude', 'post']);
      expect(res.body.data.params.per_page).toBe('per_page must be at least 1.');
      expect(res.body.data.params.orderby).toBe('orderby must be one of: id, name, slug, count, description.');
    });

    it('a failed update writes none of its fields', async () => {
      const term = await createTerm(t, 'tags', { name: 'Unchanged', description: 'orig' });
      const res = await t.http.put(`${NS}/tags/${term.id}`).set(admin()).send({ name: 'Changed', description: 'new', slug: false });
      expectInvalidParams(res, ['slug']);
      const after = await t.http.get(`${NS}/tags/${term.id}`).expect(200);
      expect(after.body).toMatchObject({ name: 'Unchanged', description: 'orig', slug: 'unchanged' });
    });
  });

  describe('X-Request-Id', () => {
    const requests: Array<[string, () => Promise<Response>]> = [
      ['a list', () => t.http.get(`${NS}/categories`)],
      [
        'a create',
        () =>
          t.http
            .post(`${NS}/tags`)
            .set(admin())
            .send({ name: `Req ${Math.random()}` }),
      ],
      ['a 404', () => t.http.get('/nope')],
      ['a 405', () => t.http.delete(`${NS}/tags`)],
      ['a 401', () => t.http.post(`${NS}/tags`).send({ name: 'x' })],
      ['a 400 from validation', () => t.http.get(`${NS}/tags?page=0`)],
      ['a 400 from bad JSON', () => t.http.post(`${NS}/tags`).set('Content-Type', 'application/json').send('{')],
      [
        'a 413',
        () =>
          t.http
            .post(`${NS}/tags`)
            .set('Content-Type', 'application/json')
            .send(JSON.stringify({ name: OVER_ONE_MB })),
      ],
      ['/health', () => t.http.get('/health')],
      ['/ready', () => t.http.get('/ready')],
    ];

    it.each(requests)('is on %s, a new one per request', async (_label, send) => {
      const first = await send();
      const second = await send();
      expect(first.headers['x-request-id']).toMatch(UUID);
      expect(second.headers['x-request-id']).toMatch(UUID);
      expect(first.headers['x-request-id']).not.toBe(second.headers['x-request-id']);
    });

    it('repeats a well-formed incoming X-Request-Id and replaces a malformed one', async () => {
      const echoed = await t.http.get('/nope').set('X-Request-Id', 'trace-42.abc:1');
      expect(echoed.headers['x-request-id']).toBe('trace-42.abc:1');
      const replaced = await t.http.get(`${NS}/tags`).set('X-Request-Id', 'bad id <script>');
      expect(replaced.headers['x-request-id']).toMatch(UUID);
    });
  });

  describe('health', () => {
    it('/health answers 200', async () => {
      expect((await t.http.get('/health').expect(200)).body).toEqual({ status: 'ok' });
    });

    it('/ready answers 200 when the database answers', async () => {
      expect((await t.http.get('/ready').expect(200)).body).toEqual({ status: 'ready' });
    });
  });
});
