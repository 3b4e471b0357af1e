import { expectApiError, expectInvalidParams } from './support/events-assertions';
import { createEvent, EVENTS } from './support/events-fixtures';
import { ADMIN_TOKEN, bearer, createTestApp, TestApp } from './support/test-app';

/*
 * docs/api-rules.md, Writes: a POST with `X-HTTP-Method-Override: PUT|PATCH|DELETE` (or `?_method=`)
 * is handled exactly as that method, as WordPress does; any other value on a POST is a 400 naming
 * `_method`; on every other method both are ignored, so GET, HEAD and OPTIONS never write.
 */

/**
 * A request as WordPress's JS client sends it (@wordpress/api-fetch): its http-v1 middleware turns
 * PUT, PATCH and DELETE into a POST with `X-HTTP-Method-Override` and a JSON content type, its
 * user-locale middleware adds `_locale=user`, and its fetch handler asks for JSON.
 */
function apiFetch(t: TestApp, method: 'PUT' | 'PATCH' | 'DELETE', path: string, data?: Record<string, unknown>) {
  const url = `${path}${path.includes('?') ? '&' : '?'}_locale=user`;
  const request = t.http
    .post(url)
    .set(bearer(ADMIN_TOKEN))
    .set('X-HTTP-Method-Override', method)
    .set('Content-Type', 'application/json')
    .set('Accept', 'application/json, */*;q=0.1');
  return data === undefined ? request : request.send(JSON.stringify(data));
}

describe('method override', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const current = async (id: number) => (await t.http.get(`${EVENTS}/${id}`).set(bearer(ADMIN_TOKEN))).body as Record<string, unknown>;

  it('WordPress client: POST with X-HTTP-Method-Override: DELETE moves the event to the trash, and a second one answers 410', async () => {
    const event = await createEvent(t, { title: 'To be trashed' });
    const res = await apiFetch(t, 'DELETE', `${EVENTS}/${event.id}`).expect(200);
    expect(res.body).toMatchObject({ id: event.id, status: 'trash' });
    expectApiError(await apiFetch(t, 'DELETE', `${EVENTS}/${event.id}`), 410, 'event-is-in-trash');
  });

  it('WordPress client: DELETE with force=true deletes for good', async () => {
    const event = await createEvent(t, { title: 'Gone for good' });
    const res = await apiFetch(t, 'DELETE', `${EVENTS}/${event.id}?force=true`).expect(200);
    expect(res.body).toMatchObject({ deleted: true, previous: { id: event.id } });
    await t.http.get(`${EVENTS}/${event.id}`).set(bearer(ADMIN_TOKEN)).expect(404);
  });

  it.each(['PUT', 'PATCH'] as const)('WordPress client: POST with X-HTTP-Method-Override: %s updates the event', async (method) => {
    const event = await createEvent(t, { title: 'Before', cost: '5' });
    const res = await apiFetch(t, method, `${EVENTS}/${event.id}`, { title: `After ${method}` }).expect(200);
    expect(res.body).toMatchObject({ id: event.id, title: `After ${method}`, cost: '5' });
  });

  it('takes the override from the _method query parameter too, in any case, also by slug', async () => {
    const event = await createEvent(t, { title: 'Query override' });
    await t.http.post(`${EVENTS}/${event.id}?_method=patch`).set(bearer(ADMIN_TOKEN)).send({ title: 'Patched by query' }).expect(200);
    expect(await current(event.id)).toMatchObject({ title: 'Patched by query' });
    const res = await t.http
      .post(`${EVENTS}/by-slug/${event.slug as string}?_method=DELETE`)
      .set(bearer(ADMIN_TOKEN))
      .expect(200);
    expect(res.body).toMatchObject({ status: 'trash' });
  });

  it('routes the overridden method: DELETE on the collection is a 405 with Allow, not a create', async () => {
    const res = await apiFetch(t, 'DELETE', EVENTS, { title: 'Not created', start_date: '2030-01-01', end_date: '2030-01-02' });
    expectApiError(res, 405, 'rest_no_route');
    expect(res.headers.allow).toBe('GET, HEAD, POST');
  });

  it.each([
    ['the header', { 'X-HTTP-Method-Override': 'GET' }, ''],
    ['the header', { 'X-HTTP-Method-Override': 'POST' }, ''],
    ['the header', { 'X-HTTP-Method-Override': 'PURGE' }, ''],
    ['the query', {}, '?_method=HEAD'],
    ['the query', {}, '?_method=options'],
  ])('refuses any other value in %s on a POST with 400 naming _method, writing nothing (%j%s)', async (_where, headers, query) => {
    const event = await createEvent(t, { title: 'Untouched' });
    const res = await t.http
      .post(`${EVENTS}/${event.id}${query}`)
      .set(bearer(ADMIN_TOKEN))
      .set(headers as Record<string, string>)
      .send({ title: 'Changed' });
    expectInvalidParams(res, ['_method']);
    expect(await current(event.id)).toMatchObject({ title: 'Untouched', status: 'publish' });
  });

  it('ignores both on GET, HEAD and OPTIONS: they never write', async () => {
    const event = await createEvent(t, { title: 'Read only' });
    const path = `${EVENTS}/${event.id}`;
    const read = await t.http.get(`${path}?_method=DELETE`).set(bearer(ADMIN_TOKEN)).set('X-HTTP-Method-Override', 'DELETE').expect(200);
    expect(read.body).toMatchObject({ id: event.id, status: 'publish' });
    await t.http.head(`${path}?_method=DELETE`).set(bearer(ADMIN_TOKEN)).set('X-HTTP-Method-Override', 'DELETE').expect(200);
    const options = await t.http.options(`${path}?_method=DELETE`).set(bearer(ADMIN_TOKEN)).set('X-HTTP-Method-Override', 'DELETE');
    expect(options.status).toBe(204);
    await t.http.get(`${path}?_method=FOO`).set('X-HTTP-Method-Override', 'FOO').expect(200);
    expect(await current(event.id)).toMatchObject({ title: 'Read only', status: 'publish' });
  });

  it('ignores both on PUT, PATCH and DELETE: the method sent is the one handled', async () => {
    const event = await createEvent(t, { title: 'Sent as PATCH' });
    const patched = await t.http
      .patch(`${EVENTS}/${event.id}?_method=DELETE`)
      .set(bearer(ADMIN_TOKEN))
      .set('X-HTTP-Method-Override', 'DELETE')
      .send({ title: 'Patched, not deleted' })
      .expect(200);
    expect(patched.body).toMatchObject({ title: 'Patched, not deleted', status: 'publish' });
    const deleted = await t.http.delete(`${EVENTS}/${event.id}`).set(bearer(ADMIN_TOKEN)).set('X-HTTP-Method-Override', 'FOO').expect(200);
    expect(deleted.body).toMatchObject({ status: 'trash' });
  });

  it('a plain POST update without an override still updates (200)', async () => {
    const event = await createEvent(t, { title: 'Plain' });
    await t.http.post(`${EVENTS}/${event.id}`).set(bearer(ADMIN_TOKEN)).send({ title: 'Plainly updated' }).expect(200);
    expect(await current(event.id)).toMatchObject({ title: 'Plainly updated' });
  });

  it('answers the 400 in the language of the request', async () => {
    const res = await t.http.post(`/de${EVENTS}/1?_method=FOO`).set(bearer(ADMIN_TOKEN)).send({});
    expectInvalidParams(res, ['_method']);
    expect(res.headers['content-language']).toBe('de');
    expect(res.body.message).toMatch(/Ungültige/);
  });
});
