import { ADMIN_TOKEN, bearer, createTestApp, NS, TestApp } from './support/test-app';

/** JSON null for a field is a bad value (400 naming it), never a 500 and never a write. */
describe('null in venue and organizer fields', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it.each([
    ['venues', { venue: 'Halle', city: null }, 'city'],
    ['venues', { venue: 'Halle', show_map: null }, 'show_map'],
    ['venues', { venue: 'Halle', geo_lat: null }, 'geo_lat'],
    ['organizers', { organizer: 'Verein', email: null }, 'email'],
    ['organizers', { organizer: 'Verein', phone: null }, 'phone'],
  ])('POST /%s with %j', async (collection, body, field) => {
    const res = await t.http.post(`${NS}/${collection}`).set(bearer(ADMIN_TOKEN)).send(body);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('rest_invalid_param');
    expect(Object.keys(res.body.data.params)).toEqual([field]);
    const list = await t.http.get(`${NS}/${collection}`).set(bearer(ADMIN_TOKEN)).expect(200);
    expect(list.body.total).toBe(0);
  });

  it('an inline venue with a null field fails the event create, which writes nothing', async () => {
    const res = await t.http
      .post(`${NS}/events`)
      .set(bearer(ADMIN_TOKEN))
      .send({ title: 'Konzert', start_date: 'tomorrow 8pm', end_date: 'tomorrow 10pm', venue: { venue: 'Club', city: null } });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.data.params)).toEqual(['venue[city]']);
    const events = await t.http.get(`${NS}/events`).set(bearer(ADMIN_TOKEN)).expect(200);
    expect(events.body.total).toBe(0);
    const venues = await t.http.get(`${NS}/venues`).set(bearer(ADMIN_TOKEN)).expect(200);
    expect(venues.body.total).toBe(0);
  });
});

/** The same for the fields term.fields.ts declares for categories and tags. */
describe('null in declared term fields', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it.each([
    ['categories', 'slug'],
    ['categories', 'description'],
    ['tags', 'slug'],
    ['tags', 'description'],
  ])('POST /%s with %s: null is a 400 naming it, and nothing is written', async (collection, field) => {
    const res = await t.http
      .post(`${NS}/${collection}`)
      .set(bearer(ADMIN_TOKEN))
      .send({ name: `Null ${field}`, [field]: null });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('rest_invalid_param');
    expect(Object.keys(res.body.data.params)).toEqual([field]);
    const list = await t.http.get(`${NS}/${collection}`).query({ hide_empty: false, search: 'Null' }).set(bearer(ADMIN_TOKEN)).expect(200);
    expect(list.body.total).toBe(0);
  });
});
