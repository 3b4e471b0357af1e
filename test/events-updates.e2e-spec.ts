import { withoutOrigin } from './support/events-assertions';
import { Body, createEvent, createOrganizer, createVenue, EVENTS, eventBody, getEvent, updateEvent } from './support/events-fixtures';
import { ADMIN_TOKEN, bearer, createTestApp, TestApp } from './support/test-app';

/*
 * Updating events: what an update keeps, changes and answers.
 */

const admin = () => bearer(ADMIN_TOKEN);

/** A record as its own GET returns it, without json_ld, to compare with an embedded copy. */
function omitJsonLd(body: Body): Body {
  const { json_ld: _jsonLd, ...rest } = body;
  return rest;
}

describe('events: updates', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  async function fullEvent(): Promise<Body & { id: number }> {
    const venue = await createVenue(t, { venue: `Full Hall ${Math.random()}` });
    const organizer = await createOrganizer(t, { organizer: `Full Org ${Math.random()}` });
    return createEvent(t, {
      title: 'Full',
      description: 'Desc',
      excerpt: 'Short',
      start_date: '2031-02-01 18:00',
      end_date: '2031-02-01 20:00',
      timezone: 'Europe/Berlin',
      cost: '$15',
      website: 'https://full.example.org',
      image: 'https://full.example.org/p.png',
      featured: true,
      sticky: true,
      show_map: false,
      venue: venue.id,
      organizer: [organizer.id],
      categories: ['Full Category'],
      tags: ['full-tag'],
    });
  }

  const comparable = (body: Body) => {
    const { modified: _m, modified_utc: _mu, title: _t, json_ld: _j, ...rest } = body;
    return withoutOrigin(rest);
  };

  it.each(['post', 'put', 'patch'] as const)('%s updates by ID and by slug with 200', async (method) => {
    const event = await createEvent(t, { title: `Via ${method}` });
    const byId = await t.http[method](`${EVENTS}/${event.id}`)
      .set(admin())
      .send({ title: `${method} by id` });
    expect([byId.status, byId.body.title]).toEqual([200, `${method} by id`]);
    const bySlug = await t.http[method](`${EVENTS}/by-slug/${event.slug}`).set(admin()).send({ excerpt: 'by slug' });
    expect([bySlug.status, bySlug.body.id, bySlug.body.excerpt]).toEqual([200, event.id, '<p>by slug</p>']);
  });

  it('keeps every field and link a partial update does not send', async () => {
    const event = await fullEvent();
    const before = (await getEvent(t, event.id)).body;
    const after = await updateEvent(t, event.id, { title: 'Renamed' });
    expect(after.title).toBe('Renamed');
    expect(after.slug).toBe(before.slug);
    expect(comparable(after)).toEqual(comparable(omitJsonLd(before)));
    const putBody = (await t.http.put(`${EVENTS}/${event.id}`).set(admin()).send({ featured: false }).expect(200)).body;
    expect(comparable(putBody)).toEqual(comparable({ ...omitJsonLd(before), featured: false }));
  });

  it('clears optional fields with ""', async () => {
    const event = await fullEvent();
    const cleared = await updateEvent(t, event.id, { description: '', excerpt: '', website: '', cost: '', image: '' });
    expect(cleared).toMatchObject({ description: '', excerpt: '', website: '', cost: '', image: false });
    expect(cleared.cost_details).toEqual({ currency_symbol: '', currency_code: '', currency_position: '', values: [] });
  });

  it.each([[[]], ['']])('removes all links of a field sent as %p and keeps the others', async (empty) => {
    const event = await fullEvent();
    const noVenue = await updateEvent(t, event.id, { venue: empty });
    expect(noVenue.venue).toEqual([]);
    expect((noVenue.organizer as Body[]).length).toBe(1);
    expect((noVenue.categories as Body[]).length).toBe(1);
    const bare = await updateEvent(t, event.id, { organizer: empty, categories: empty, tags: empty });
    expect([bare.venue, bare.organizer, bare.categories, bare.tags]).toEqual([[], [], [], []]);
    expect((await getEvent(t, event.id)).body).toMatchObject({ venue: [], organizer: [], categories: [], tags: [] });
  });

  it('replaces a link field with exactly what is sent', async () => {
    const event = await fullEvent();
    const tags = await updateEvent(t, event.id, { tags: ['replacement-tag'] });
    expect((tags.tags as Body[]).map((tag) => tag.name)).toEqual(['replacement-tag']);
    expect((tags.categories as Body[]).map((c) => c.name)).toEqual(['Full Category']);
  });

  it('acts on the record in the path whatever id the body or query names', async () => {
    const target = await createEvent(t, { title: 'Target' });
    const bystander = await createEvent(t, { title: 'Bystander' });
    const res = await t.http
      .patch(`${EVENTS}/${target.id}`)
      .query({ id: bystander.id })
      .set(admin())
      .send({ id: bystander.id, title: 'Hit' });
    expect([res.status, res.body.id, res.body.title]).toEqual([200, target.id, 'Hit']);
    expect((await getEvent(t, bystander.id)).body.title).toBe('Bystander');
  });

  it('handles a POST with X-HTTP-Method-Override as that method, and a GET with _method as a read (more in method-override.e2e-spec.ts)', async () => {
    const event = await createEvent(t, { title: 'Override' });
    await t.http
      .post(`${EVENTS}/${event.id}`)
      .set(admin())
      .set('X-HTTP-Method-Override', 'PATCH')
      .send({ title: 'Still here' })
      .expect(200);
    await t.http.get(`${EVENTS}/${event.id}?_method=DELETE`).set(admin()).expect(200);
    expect((await getEvent(t, event.id)).body).toMatchObject({ title: 'Still here', status: 'publish' });
    const trashed = await t.http.post(`${EVENTS}/${event.id}?_method=DELETE`).set(admin()).send({}).expect(200);
    expect(trashed.body).toMatchObject({ title: 'Still here', status: 'trash' });
  });

  it('renames the slug on request, numbering clashes, and leaves it alone otherwise', async () => {
    const taken = await createEvent(t, { title: 'Taken Slug' });
    const event = await createEvent(t, { title: 'Mover' });
    expect((await updateEvent(t, event.id, { title: 'Moved' })).slug).toBe('mover');
    expect((await updateEvent(t, event.id, { slug: 'renamed event' })).slug).toBe('renamed-event');
    expect((await t.http.get(`${EVENTS}/by-slug/renamed-event`).expect(200)).body.id).toBe(event.id);
    expect((await updateEvent(t, event.id, { slug: taken.slug })).slug).toBe(`${taken.slug as string}-2`);
    expect((await updateEvent(t, event.id, { slug: '' })).slug).toBe('moved');
  });

  it('sends a body on update as the create body would be read', async () => {
    const event = await createEvent(t, eventBody({ title: 'Body Read' }));
    const res = await t.http
      .patch(`${EVENTS}/${event.id}`)
      .set(admin())
      .type('form')
      .send('cost=20&website=https%3A%2F%2Fa.example')
      .expect(200);
    expect([res.body.cost_details.values, res.body.website]).toEqual([['20'], 'https://a.example']);
  });
});
