import { ADMIN_TOKEN, bearer, createTestApp, NS, TestApp } from './support/test-app';

/** OPTIONS tells which methods a path accepts and never writes (docs/api-rules.md, Writes). */
describe('OPTIONS', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('answers 204 with Allow on a collection and on a record', async () => {
    const collection = await t.http.options(`${NS}/events`).expect(204);
    expect(collection.headers.allow).toBe('GET, HEAD, POST, OPTIONS');
    const record = await t.http.options(`/de${NS}/venues/by-slug/somewhere`).expect(204);
    expect(record.headers.allow).toBe('DELETE, GET, HEAD, PATCH, POST, PUT, OPTIONS');
  });

  it('is 404 rest_no_route on an unknown path', async () => {
    const res = await t.http.options(`${NS}/nothing-here`).expect(404);
    expect(res.body.code).toBe('rest_no_route');
  });

  it('never writes, whatever the body or method override says', async () => {
    await t.http.options(`${NS}/tags`).set(bearer(ADMIN_TOKEN)).set('X-HTTP-Method-Override', 'POST').send({ name: 'sneaky' }).expect(204);
    const list = await t.http.get(`${NS}/tags?hide_empty=false`).expect(200);
    expect(list.body.total).toBe(0);
  });
});
