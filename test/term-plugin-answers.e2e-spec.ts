import { expectInvalidParams } from './support/terms-assertions';
import { createEvent, getEvent, listEvents } from './support/events-fixtures';
import { createTerm, TermBody, TermCollection, usePublished } from './support/terms-fixtures';
import { ADMIN_TOKEN, bearer, createTestApp, NS, TestApp } from './support/test-app';

/*
 * Terms answer as the plugin's own tests expect: `meta: []` on every term answer (its routes and
 * the terms inside events), a category's `url` under its ancestors' slugs, a tag's at `/tag/`,
 * and an empty `slug=` filter refused.
 */

const SITE = 'http://calendar.test';
const COLLECTIONS: TermCollection[] = ['categories', 'tags'];

describe.each(COLLECTIONS)('%s: an empty slug filter', (collection) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await usePublished(t, (await createTerm(t, collection, { name: 'Slugged' })).id);
  });
  afterAll(async () => t.close());

  it.each(['slug=', 'slug[]=', 'slug=,', 'slug=%20', 'slug=&search=slug'])('answers ?%s with 400 naming slug', async (query) => {
    expectInvalidParams(await t.http.get(`${NS}/${collection}?${query}`), ['slug']);
  });

  it('still filters by a slug that is given', async () => {
    const res = await t.http.get(`${NS}/${collection}?slug=slugged`).expect(200);
    expect(res.body[collection].map((term: TermBody) => term.slug)).toEqual(['slugged']);
  });
});

describe.each(COLLECTIONS)('%s: meta on every answer', (collection) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const path = `${NS}/${collection}`;
  const admin = () => bearer(ADMIN_TOKEN);

  it('is [] on create, reads, updates, lists and deletes, by ID and by slug', async () => {
    const created = await t.http.post(path).set(admin()).send({ name: 'Meta Term' }).expect(201);
    const { id, slug } = created.body as TermBody;
    await usePublished(t, id);
    const answers = [
      created,
      await t.http.get(`${path}/${id}`).expect(200),
      await t.http.get(`${path}/by-slug/${slug}`).expect(200),
      await t.http.post(`${path}/${id}`).set(admin()).send({ description: 'by POST' }).expect(200),
      await t.http.put(`${path}/${id}`).set(admin()).send({ description: 'by PUT' }).expect(200),
      await t.http.patch(`${path}/by-slug/${slug}`).set(admin()).send({ description: 'by PATCH' }).expect(200),
    ];
    const listed = (await t.http.get(path).expect(200)).body[collection] as TermBody[];
    const deleted = await t.http.delete(`${path}/${id}`).set(admin()).expect(200);
    for (const term of [...answers.map((res) => res.body as TermBody), ...listed, deleted.body as TermBody]) {
      expect([term.id, term.meta]).toEqual([expect.any(Number), []]);
    }
    expect(listed.length).toBeGreaterThan(0);
  });

  it('is [] on the terms inside events, single and listed', async () => {
    const term = await createTerm(t, collection, { name: 'Embedded Meta' });
    const event = await createEvent(t, { [collection]: [term.id] });
    const single = (await getEvent(t, event.id).expect(200)).body;
    const listed = (await listEvents(t, { include: event.id }).expect(200)).body.events[0];
    for (const embedded of [event[collection], single[collection], listed[collection]] as TermBody[][]) {
      expect(embedded.map((item) => [item.id, item.meta])).toEqual([[term.id, []]]);
    }
  });
});

describe('term urls: categories under their ancestors, tags at /tag/', () => {
  let t: TestApp;
  let music: TermBody, jazz: TermBody, bebop: TermBody, tag: TermBody;
  beforeAll(async () => {
    t = await createTestApp();
    music = await createTerm(t, 'categories', { name: 'Music' });
    jazz = await createTerm(t, 'categories', { name: 'Jazz', parent: music.id });
    bebop = await createTerm(t, 'categories', { name: 'Bebop', parent: jazz.id });
    tag = await createTerm(t, 'tags', { name: 'Late Night' });
    await usePublished(t, music.id, jazz.id, bebop.id, tag.id);
  });
  afterAll(async () => t.close());

  const URLS = {
    music: `${SITE}/events/category/music/`,
    jazz: `${SITE}/events/category/music/jazz/`,
    bebop: `${SITE}/events/category/music/jazz/bebop/`,
    tag: `${SITE}/tag/late-night/`,
  };
  const urlsBySlug = (terms: TermBody[]) => Object.fromEntries(terms.map((term) => [term.slug, term.url]));

  it('answers them on create', () => {
    expect([music.url, jazz.url, bebop.url, tag.url]).toEqual([URLS.music, URLS.jazz, URLS.bebop, URLS.tag]);
  });

  it('answers them on single reads, by ID and by slug, and in lists', async () => {
    expect((await t.http.get(`${NS}/categories/${bebop.id}`).expect(200)).body.url).toBe(URLS.bebop);
    expect((await t.http.get(`${NS}/categories/by-slug/jazz`).expect(200)).body.url).toBe(URLS.jazz);
    expect((await t.http.get(`${NS}/tags/${tag.id}`).expect(200)).body.url).toBe(URLS.tag);
    const categories = (await t.http.get(`${NS}/categories`).expect(200)).body.categories as TermBody[];
    expect(urlsBySlug(categories)).toEqual({ music: URLS.music, jazz: URLS.jazz, bebop: URLS.bebop });
    expect(urlsBySlug((await t.http.get(`${NS}/tags`).expect(200)).body.tags)).toEqual({ 'late-night': URLS.tag });
  });

  it('answers them on update and on delete (the term as it was)', async () => {
    const leaf = await createTerm(t, 'categories', { name: 'Hard Bop', parent: bebop.id });
    const updated = await t.http.patch(`${NS}/categories/${leaf.id}`).set(bearer(ADMIN_TOKEN)).send({ description: 'x' }).expect(200);
    expect(updated.body.url).toBe(`${URLS.bebop}hard-bop/`);
    const deleted = await t.http.delete(`${NS}/categories/${leaf.id}`).set(bearer(ADMIN_TOKEN)).expect(200);
    expect(deleted.body.url).toBe(`${URLS.bebop}hard-bop/`);
  });

  it('answers them inside events, single, listed and as created', async () => {
    const event = await createEvent(t, { categories: [bebop.id, music.id], tags: [tag.id] });
    const single = (await getEvent(t, event.id).expect(200)).body;
    const listed = (await listEvents(t, { include: event.id }).expect(200)).body.events[0];
    for (const shown of [event, single, listed]) {
      expect([urlsBySlug(shown.categories), urlsBySlug(shown.tags)]).toEqual([
        { bebop: URLS.bebop, music: URLS.music },
        { 'late-night': URLS.tag },
      ]);
    }
  });
});
