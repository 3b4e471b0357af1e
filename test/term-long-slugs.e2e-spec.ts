import { ADMIN_TOKEN, bearer, createTestApp, NS, TestApp } from './support/test-app';

/** Slugs are cut to 200 characters; clashes of such long slugs still get -2, -3 (docs/api-rules.md, Writes). */
describe('terms with names longer than a slug', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it.each(['categories', 'tags'])('gives three long %s distinct slugs within the limit', async (collection) => {
    const slugs: string[] = [];
    // Names of the maximum length that differ only in punctuation: one slug, so they clash.
    for (const mark of ['!', '?', '.']) {
      const res = await t.http
        .post(`${NS}/${collection}`)
        .set(bearer(ADMIN_TOKEN))
        .send({ name: `${'a'.repeat(199)}${mark}` });
      expect(res.status).toBe(201);
      expect(res.body.slug.length).toBeLessThanOrEqual(200);
      slugs.push(res.body.slug);
    }
    expect(new Set(slugs).size).toBe(3);
  });
});
