import { queriesDuring } from './support/events-sql-counter';
import { Body, createEvent, EVENTS, listEvents } from './support/events-fixtures';
import { listen } from './support/posts-fixtures';
import { createTerm, TermBody, usePublished } from './support/terms-fixtures';
import { ADMIN_TOKEN, bearer, createTestApp, NS, TestApp } from './support/test-app';

/*
 * A category's `url` holds its ancestors' slugs, so it changes when an ancestor's slug or the
 * category's parent changes, or an ancestor is deleted. Every answer that shows it follows at
 * once: ETags change (no 304 for the old one), and neither the response cache nor the records
 * kept per data version serve the old URL. The ancestors are read for a whole page at once.
 */

const SITE = 'http://calendar.test';
const CATEGORIES = `${NS}/categories`;
const admin = () => bearer(ADMIN_TOKEN);

describe('category urls when the tree changes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    // One port for the whole file: links, and so ETags, name the host a request came to.
    await listen(t);
  });
  afterAll(async () => t.close());

  /** Every place the category's URL shows: its own read, an event's read and an anonymous event list (cached answers). */
  async function shown(categoryId: number, eventId: number) {
    const own = await t.http.get(`${CATEGORIES}/${categoryId}`).expect(200);
    const single = await t.http.get(`${EVENTS}/${eventId}`).expect(200);
    const list = await listEvents(t, { include: eventId }).expect(200);
    const embedded = (res: { body: Body }) => (res.body.categories as TermBody[]).find((term) => term.id === categoryId)?.url;
    return {
      urls: [own.body.url, embedded(single), embedded({ body: list.body.events[0] })],
      etags: { own: own.headers.etag as string, single: single.headers.etag as string, list: list.headers.etag as string },
    };
  }

  /** The old ETags no longer answer 304: each path answers 200 with the new body. */
  async function expectStale(categoryId: number, eventId: number, etags: Record<string, string>) {
    for (const [path, etag] of [
      [`${CATEGORIES}/${categoryId}`, etags.own],
      [`${EVENTS}/${eventId}`, etags.single],
      [`${EVENTS}?include=${eventId}`, etags.list],
    ]) {
      const res = await t.http.get(path).set('If-None-Match', etag);
      expect([path, res.status]).toEqual([path, 200]);
    }
  }

  async function tree() {
    const suffix = Math.random().toString(36).slice(2, 8);
    const root = await createTerm(t, 'categories', { name: `Root ${suffix}` });
    const child = await createTerm(t, 'categories', { name: `Child ${suffix}`, parent: root.id });
    await usePublished(t, root.id, child.id);
    const event = await createEvent(t, { start_date: '2031-04-01 10:00', end_date: '2031-04-01 11:00', categories: [child.id] });
    // Read twice: the second answer comes from the response cache and the records kept per version.
    await shown(child.id, event.id);
    const before = await shown(child.id, event.id);
    expect(before.urls).toEqual(Array(3).fill(`${SITE}/events/category/${root.slug}/${child.slug}/`));
    return { root, child, event, before };
  }

  it('follows a new slug of the parent', async () => {
    const { root, child, event, before } = await tree();
    await t.http
      .patch(`${CATEGORIES}/${root.id}`)
      .set(admin())
      .send({ slug: `${root.slug}-renamed` })
      .expect(200);
    expect((await shown(child.id, event.id)).urls).toEqual(Array(3).fill(`${SITE}/events/category/${root.slug}-renamed/${child.slug}/`));
    await expectStale(child.id, event.id, before.etags);
  });

  it('follows a move to another parent, and to the top', async () => {
    const { child, event, before } = await tree();
    const other = await createTerm(t, 'categories', { name: `Elsewhere ${child.id}` });
    await t.http.patch(`${CATEGORIES}/${child.id}`).set(admin()).send({ parent: other.id }).expect(200);
    expect((await shown(child.id, event.id)).urls).toEqual(Array(3).fill(`${SITE}/events/category/${other.slug}/${child.slug}/`));
    await expectStale(child.id, event.id, before.etags);
    await t.http.patch(`${CATEGORIES}/${child.id}`).set(admin()).send({ parent: 0 }).expect(200);
    expect((await shown(child.id, event.id)).urls).toEqual(Array(3).fill(`${SITE}/events/category/${child.slug}/`));
  });

  it('follows the deletion of the parent (the child moves up)', async () => {
    const { root, child, event, before } = await tree();
    await t.http.delete(`${CATEGORIES}/${root.id}`).set(admin()).expect(200);
    expect((await shown(child.id, event.id)).urls).toEqual(Array(3).fill(`${SITE}/events/category/${child.slug}/`));
    await expectStale(child.id, event.id, before.etags);
  });

  it('follows a grandparent’s new slug in a grandchild', async () => {
    const { root, child, event } = await tree();
    const grandchild = await createTerm(t, 'categories', { name: `Grandchild ${child.id}`, parent: child.id });
    await t.http
      .patch(`${EVENTS}/${event.id}`)
      .set(admin())
      .send({ categories: [grandchild.id] })
      .expect(200);
    await t.http
      .patch(`${CATEGORIES}/${root.id}`)
      .set(admin())
      .send({ slug: `${root.slug}-moved` })
      .expect(200);
    expect((await shown(grandchild.id, event.id)).urls).toEqual(
      Array(3).fill(`${SITE}/events/category/${root.slug}-moved/${child.slug}/${grandchild.slug}/`),
    );
  });
});

describe('category urls: ancestors read for a whole page, not per term', () => {
  const PAGE = 20;
  let t: TestApp;
  let window: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    window = { start_date: '2032-06-01', end_date: '2032-06-30' };
    // A chain of its own per event: no ancestor is shared, so a read per term would show.
    for (let i = 0; i < PAGE; i++) {
      const top = await createTerm(t, 'categories', { name: `Depth Top ${i}` });
      const middle = await createTerm(t, 'categories', { name: `Depth Middle ${i}`, parent: top.id });
      const leaf = await createTerm(t, 'categories', { name: `Depth Leaf ${i}`, parent: middle.id });
      await createEvent(t, { title: `Deep ${i}`, start_date: '2032-06-10 10:00', end_date: '2032-06-10 11:00', categories: [leaf.id] });
    }
  });
  afterAll(async () => t.close());

  let writes = 0;
  /** Any write moves the data version: the next read finds no records kept and reads every ancestor cold. */
  const moveDataVersion = () => createTerm(t, 'tags', { name: `mover-${++writes}` });

  async function cost(path: string, query: Record<string, unknown>) {
    await moveDataVersion();
    let body: Body = {};
    const queries = await queriesDuring(t, async () => {
      body = (await t.http.get(path).query(query).expect(200)).body;
    });
    return { queries: queries.length, body };
  }

  it('lists one leaf category or twenty with the same number of queries', async () => {
    const one = await cost(CATEGORIES, { search: 'depth leaf', per_page: 1, hide_empty: false });
    const many = await cost(CATEGORIES, { search: 'depth leaf', per_page: PAGE, hide_empty: false });
    expect((many.body.categories as TermBody[]).map((term) => term.url)).toEqual(
      expect.arrayContaining([`http://calendar.test/events/category/depth-top-0/depth-middle-0/depth-leaf-0/`]),
    );
    expect(many.body.categories).toHaveLength(PAGE);
    expect(many.queries).toBe(one.queries);
  });

  it('lists one event or twenty, each in a leaf category, with the same number of queries', async () => {
    const one = await cost(EVENTS, { ...window, per_page: 1 });
    const many = await cost(EVENTS, { ...window, per_page: PAGE });
    const events = many.body.events as Body[];
    expect(events).toHaveLength(PAGE);
    for (const event of events)
      expect((event.categories as TermBody[])[0].url).toMatch(/\/events\/category\/depth-top-\d+\/depth-middle-\d+\/depth-leaf-\d+\/$/);
    expect(many.queries).toBe(one.queries);
  });

  it('reads no more for an event in a leaf category than for one in a top-level category, once its terms are read', async () => {
    const top = await createTerm(t, 'categories', { name: 'Flat Top' });
    const flat = await createEvent(t, { start_date: '2032-07-01 10:00', end_date: '2032-07-01 11:00', categories: [top.id] });
    const deep = await listEvents(t, { ...window, per_page: 1 }).expect(200);
    const deepId = deep.body.events[0].id as number;
    const flatCost = await cost(`${EVENTS}/${flat.id}`, {});
    const deepCost = await cost(`${EVENTS}/${deepId}`, {});
    expect(deepCost.queries).toBe(flatCost.queries);
  });
});
