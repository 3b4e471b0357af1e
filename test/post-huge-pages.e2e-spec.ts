import { ADMIN_TOKEN, bearer, createTestApp, NS, TestApp } from './support/test-app';

/** A page number far past the end is a 404 on every post-like list, never a 500. */
describe('huge page numbers on event, venue and organizer lists', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.http.post(`${NS}/venues`).set(bearer(ADMIN_TOKEN)).send({ venue: 'Halle' }).expect(201);
    await t.http.post(`${NS}/organizers`).set(bearer(ADMIN_TOKEN)).send({ organizer: 'Verein' }).expect(201);
    await t.http
      .post(`${NS}/events`)
      .set(bearer(ADMIN_TOKEN))
      .send({ title: 'Konzert', start_date: 'tomorrow 8pm', end_date: 'tomorrow 10pm' })
      .expect(201);
  });
  afterAll(async () => t.close());

  it.each([
    ['events', 'event'],
    ['venues', 'venue'],
    ['organizers', 'organizer'],
  ])('%s', async (collection, kind) => {
    for (const page of ['2', '99999999999999999999']) {
      const res = await t.http.get(`${NS}/${collection}?page=${page}`);
      expect(res.status).toBe(404);
      expect(res.body.code).toBe(`${kind}-archive-page-not-found`);
    }
    const first = await t.http.get(`${NS}/${collection}?page=1`).expect(200);
    expect(first.body.total).toBe(1);
  });
});
