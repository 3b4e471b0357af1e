import { expectApiError, expectInvalidParams } from './support/posts-assertions';
import { Body, countAll, EVENTS, eventBody, ORGANIZERS, postEvent, VENUES } from './support/events-fixtures';
import { ADMIN_TOKEN, bearer, createTestApp, NS, TestApp } from './support/test-app';

const LIMIT = 65_535;
/** 200 KB of `<a` without a `>`, quadratic for the old tag test. */
const ANGLES = '<a'.repeat(100_000);

const range = (n: number, make: (i: number) => unknown) => Array.from({ length: n }, (_v, i) => make(i));
/** `levels` objects, one inside the other. */
const nested = (levels: number) => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);

/**
 * What one request may ask the service to do (README, Security: input limits): HTML fields are
 * capped before any processing, an event links a bounded number of records, and bodies are
 * bounded in depth and field count, each refused with its own error code and nothing written.
 */
describe('security: input limits', () => {
  let t: TestApp;
  let contributor: string;
  beforeAll(async () => {
    t = await createTestApp();
    contributor = await t.tokenFor('contributor');
  });
  afterAll(async () => t.close());

  describe('description and excerpt', () => {
    it("a contributor's 200 KB `<a` description is refused with 400, while /health is answered", async () => {
      const before = await countAll(t);
      const [write, health] = await Promise.all([
        postEvent(t, { title: 'Angles', description: ANGLES }, contributor),
        t.http.get('/health'),
      ]);
      expectInvalidParams(write, ['description']);
      expect(write.body.data.params.description).toContain('65535');
      expect(health.status).toBe(200);
      expect(await countAll(t)).toEqual(before);
    });

    it.each([
      [EVENTS, 'excerpt', eventBody({ title: 'Long excerpt' })],
      [EVENTS, 'description', eventBody({ title: 'Long description' })],
      [VENUES, 'description', { venue: 'Long venue' }],
      [ORGANIZERS, 'description', { organizer: 'Long organizer' }],
    ])('%s: %s of 65,536 characters is a 400, of 65,535 is accepted', async (path, field, body) => {
      const over = await t.http
        .post(path)
        .set(bearer(ADMIN_TOKEN))
        .send({ ...body, [field]: 'x'.repeat(LIMIT + 1) });
      expectInvalidParams(over, [field]);
      const at = await t.http
        .post(path)
        .set(bearer(ADMIN_TOKEN))
        .send({ ...body, [field]: ANGLES.slice(0, LIMIT) })
        .expect(201);
      expect(typeof at.body[field]).toBe('string');
    });
  });

  describe('linked records per event', () => {
    it.each([
      ['venue', 10, (i: number) => ({ venue: `Cap Venue ${i}` })],
      ['organizer', 20, (i: number) => ({ organizer: `Cap Organizer ${i}` })],
      ['categories', 50, (i: number) => `Cap Category ${i}`],
      ['tags', 50, (i: number) => `Cap Tag ${i}`],
    ])('%s: %i are accepted, one more is a 400 rest_invalid_param and writes nothing', async (field, max, make) => {
      const before = await countAll(t);
      const over = await postEvent(t, { title: `Too many ${field}`, [field]: range(max + 1, make) });
      expectInvalidParams(over, [field]);
      expect(over.body.data.params[field]).toContain(String(max));
      expect(await countAll(t)).toEqual(before);
      const at = await postEvent(t, { title: `Enough ${field}`, [field]: range(max, make) }).expect(201);
      const linked = at.body[field] as Body | Body[];
      expect(Array.isArray(linked) ? linked.length : 1).toBe(max);
    });

    it('counts comma-separated lists and form arrays too, on updates as well', async () => {
      const ids = range(11, (i) => i + 1).join(',');
      expectInvalidParams(await postEvent(t, { title: 'CSV venues', venue: ids }), ['venue']);
      const form = new URLSearchParams({ title: 'Form tags', start_date: '2030-01-10 10:00', end_date: '2030-01-10 12:00' });
      for (let i = 0; i <= 50; i++) form.append('tags[]', `form-tag-${i}`);
      const res = await t.http.post(EVENTS).set(bearer(ADMIN_TOKEN)).type('form').send(form.toString());
      expectInvalidParams(res, ['tags']);
      const event = (await postEvent(t, { title: 'Later too many' }).expect(201)).body as Body & { id: number };
      const update = await t.http
        .patch(`${EVENTS}/${event.id}`)
        .set(bearer(ADMIN_TOKEN))
        .send({ organizer: range(21, (i) => ({ organizer: `Update Organizer ${i}` })) });
      expectInvalidParams(update, ['organizer']);
    });
  });

  describe('body depth and size', () => {
    it.each([
      ['an event', EVENTS],
      ['a venue', VENUES],
      ['a category', `${NS}/categories`],
    ])('JSON nested deeper than 32 levels for %s is 400 rest_invalid_json, even 3,000 levels deep', async (_what, path) => {
      for (const depth of [33, 3000]) {
        const res = await t.http
          .post(path)
          .set({ ...bearer(ADMIN_TOKEN), 'Content-Type': 'application/json', 'Accept-Language': 'de' })
          .send(`{"title":"Deep","venue":"Deep","name":"Deep","extra":${nested(depth - 1)}}`);
        expectApiError(res, 400, 'rest_invalid_json');
        expect(res.body.message).toContain('32');
        expect(res.headers['content-language']).toBe('de');
      }
    });

    it('JSON 32 levels deep is parsed (and the unknown field ignored)', async () => {
      const res = await t.http
        .post(`${NS}/tags`)
        .set({ ...bearer(ADMIN_TOKEN), 'Content-Type': 'application/json' })
        .send(`{"name":"Thirty-two","extra":${nested(31)}}`);
      expect(res.status).toBe(201);
    });

    it('brackets inside JSON strings do not count', async () => {
      const res = await t.http
        .post(`${NS}/tags`)
        .set(bearer(ADMIN_TOKEN))
        .send({ name: 'Brackets', description: `[{"\\"${'['.repeat(100)}` });
      expect(res.status).toBe(201);
    });

    it('a form body nested deeper than 32 levels is 400 rest_invalid_param, not rest_invalid_json', async () => {
      const key = `a${'[b]'.repeat(40)}`;
      const res = await t.http.post(`${NS}/tags`).set(bearer(ADMIN_TOKEN)).type('form').send(`name=Deep&${key}=1`);
      expectApiError(res, 400, 'rest_invalid_param');
      expect(res.body.message).toContain('32');
    });

    it('a form body with more than 1,000 fields is 400 rest_invalid_param, not 413', async () => {
      const fields = range(1001, (i) => `f${i}=1`).join('&');
      const res = await t.http.post(`${NS}/tags`).set(bearer(ADMIN_TOKEN)).type('form').send(`name=Many&${fields}`);
      expectApiError(res, 400, 'rest_invalid_param');
      expect(res.body.message).toMatch(/1,?000/);
      const fine = range(990, (i) => `f${i}=1`).join('&');
      await t.http.post(`${NS}/tags`).set(bearer(ADMIN_TOKEN)).type('form').send(`name=Enough&${fine}`).expect(201);
    });

    it('a body over 1 MB is still 413 rest_payload_too_large', async () => {
      const res = await t.http
        .post(`${NS}/tags`)
        .set(bearer(ADMIN_TOKEN))
        .send({ name: 'Huge', description: 'x'.repeat(1024 * 1024) });
      expectApiError(res, 413, 'rest_payload_too_large');
    });
  });
});
