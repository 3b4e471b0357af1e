import { expectInvalidParams, expectMissingParams } from './support/events-assertions';
import { countAll, createEvent, EVENTS, ORGANIZERS, patchEvent, postEvent, VENUES } from './support/events-fixtures';
import { ADMIN_TOKEN, bearer, createTestApp, NS, TestApp } from './support/test-app';

/*
 * docs/api-rules.md, Writes: a write names every bad field in one `data.params`, the decorator checks
 * (types, lengths, URLs, statuses) and the semantic ones (dates, zones, cost, linked IDs and
 * names, terms, images, authors, end before start) alike, and writes nothing.
 */
describe('validation in one pass', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const admin = bearer(ADMIN_TOKEN);

  it('names every bad field of an event create, decorator and semantic checks together, and writes nothing', async () => {
    const before = await countAll(t);
    const res = await postEvent(t, {
      website: 'ftp://example.org',
      status: 'archived',
      start_date: 'the day after never',
      timezone: 'Mars/Olympus',
      cost: { amount: 5 },
      date: 'not a date',
      author: 999_999,
      image: 999_999,
      categories: [999_999],
      tags: ['<b></b>'],
      venue: 999_999,
      organizer: [{ organizer: 'Inline', email: 'not-an-email', website: 'javascript:alert(1)' }],
      excerpt: 42,
    });
    expectInvalidParams(res, [
      'website',
      'status',
      'start_date',
      'timezone',
      'cost',
      'date',
      'author',
      'image',
      'categories',
      'tags',
      'venue',
      'organizer[email]',
      'organizer[website]',
      'excerpt',
    ]);
    expect(res.body.message).toContain('start_date');
    expect(await countAll(t)).toEqual(before);
  });

  it('reports an end before the start together with the other bad fields', async () => {
    const res = await postEvent(t, {
      start_date: '2031-05-01 20:00',
      end_date: '2031-05-01 18:00',
      website: 'not a url',
      title: '<b></b>',
    });
    expectInvalidParams(res, ['end_date', 'website', 'title']);
  });

  it('checks an inline venue with the event: its bad fields are named inside it, nothing is created', async () => {
    const before = await countAll(t);
    const res = await postEvent(t, {
      image: 'https://img.example/poster.jpg',
      venue: { venue: '<i></i>', geo_lat: 123, website: 'mailto:x@example.org' },
      start_date: 'never',
    });
    expectInvalidParams(res, ['venue[venue]', 'venue[geo_lat]', 'venue[website]', 'start_date']);
    // Not even the image URL, which a successful request would have stored, was recorded.
    expect(await countAll(t)).toEqual(before);
  });

  it('still answers rest_missing_callback_param, naming only the missing fields, when a required one is absent', async () => {
    const res = await t.http.post(EVENTS).set(admin).send({ title: 'No dates', website: 'nope', status: 'archived' });
    expectMissingParams(res, ['start_date', 'end_date']);
  });

  it('names every bad field of an update and leaves the event as it was', async () => {
    const event = await createEvent(t, { title: 'Steady', cost: '10' });
    const res = await patchEvent(t, event.id, {
      title: '',
      featured: 'perhaps',
      end_date: 'someday',
      timezone: 'Nowhere/Land',
      cost: [true],
      categories: 'ok-name,999999',
    });
    expectInvalidParams(res, ['title', 'featured', 'end_date', 'timezone', 'cost', 'categories']);
    const after = await t.http.get(`${EVENTS}/${event.id}`).expect(200);
    expect(after.body).toMatchObject({ title: 'Steady', cost: '10', categories: [], featured: false });
  });

  it('names every bad field of a venue and of an organizer', async () => {
    expectInvalidParams(
      await t.http
        .post(VENUES)
        .set(admin)
        .send({ venue: '<p></p>', geo_lng: 500, image: 999_999, date_utc: 'later', show_map: 'sometimes' }),
      ['venue', 'geo_lng', 'image', 'date_utc', 'show_map'],
    );
    expectInvalidParams(
      await t.http.post(ORGANIZERS).set(admin).send({ organizer: 'Club', email: 'nope', website: 'nope', author: 999_999, status: 'x' }),
      ['email', 'website', 'author', 'status'],
    );
  });

  it('names every bad field of a category: the parent that does not exist with the name that is empty', async () => {
    expectInvalidParams(await t.http.post(`${NS}/categories`).set(admin).send({ name: '<b> </b>', parent: 999_999, slug: 7 }), [
      'name',
      'parent',
      'slug',
    ]);
    const category = (await t.http.post(`${NS}/categories`).set(admin).send({ name: 'Jazz' }).expect(201)).body as { id: number };
    expectInvalidParams(
      await t.http.patch(`${NS}/categories/${category.id}`).set(admin).send({ parent: category.id, name: '', description: 5 }),
      ['parent', 'name', 'description'],
    );
  });

  it('reports the rejected fields of an update before the 404 of a record that does not exist, as before', async () => {
    expectInvalidParams(await patchEvent(t, 999_999, { featured: 'perhaps', website: 'nope' }), ['featured', 'website']);
    await patchEvent(t, 999_999, { title: 'Fine' }).expect(404);
  });
});
