import { ADMIN_TOKEN, bearer, createTestApp, NS, TestApp } from './support/test-app';

describe('categories (smoke)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('creates and lists a category', async () => {
    const created = await t.http.post(`${NS}/categories`).set(bearer(ADMIN_TOKEN)).send({ name: 'Konzerte' }).expect(201);
    expect(created.body).toMatchObject({ name: 'Konzerte', slug: 'konzerte', taxonomy: 'tribe_events_cat', parent: 0, count: 0 });
    const list = await t.http.get(`${NS}/categories?hide_empty=false`).expect(200);
    expect(list.body.categories.map((c: { id: number }) => c.id)).toEqual([created.body.id]);
  });
});
