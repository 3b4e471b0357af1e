import {
  detailsOf,
  EVENT_KEYS,
  expectApiError,
  expectInvalidParams,
  expectMissingParams,
  ORGANIZER_KEYS,
  sortedKeys,
  TERM_KEYS,
  VENUE_KEYS,
  WALL_TIME,
  withoutOrigin,
} from './support/events-assertions';
import {
  Body,
  countAll,
  createEvent,
  createOrganizer,
  createTerm,
  createVenue,
  EVENTS,
  eventBody,
  getEvent,
  listEvents,
  patchEvent,
  postEvent,
  updateEvent,
} from './support/events-fixtures';
import { offsetOf, utcWall } from './support/events-zones';
import { ADMIN_TOKEN, bearer, createTestApp, NS, TestApp } from './support/test-app';

const admin = () => bearer(ADMIN_TOKEN);

describe('events: routes and response shape', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('creates with 201, a Location header and every documented key; single GETs add json_ld', async () => {
    const res = await postEvent(t, { title: 'Shape' }).expect(201);
    expect(sortedKeys(res.body)).toEqual([...EVENT_KEYS].sort());
    expect(res.headers.location).toBe(res.body.rest_url);
    expect(new URL(res.headers.location).pathname).toBe(`${EVENTS}/${res.body.id}`);

    const byId = await getEvent(t, res.body.id).expect(200);
    expect(sortedKeys(byId.body)).toEqual([...EVENT_KEYS, 'json_ld'].sort());
    const bySlug = await t.http.get(`${EVENTS}/by-slug/${res.body.slug}`).expect(200);
    expect(sortedKeys(bySlug.body)).toEqual([...EVENT_KEYS, 'json_ld'].sort());

    const list = await listEvents(t, { include: res.body.id }).expect(200);
    expect(sortedKeys(list.body.events[0])).toEqual([...EVENT_KEYS].sort());
    const updated = await patchEvent(t, res.body.id, { title: 'Shape 2' }).expect(200);
    expect(sortedKeys(updated.body)).toEqual([...EVENT_KEYS].sort());
  });

  it('spells ids, links, author and publication dates as documented', async () => {
    const event = await createEvent(t, { title: 'Identity' });
    const adminId = await t.userIdOf(ADMIN_TOKEN);
    expect(event.id).toEqual(expect.any(Number));
    expect(event.global_id).toBe(`calendar.test?id=${event.id}`);
    expect(event.global_id_lineage).toEqual([event.global_id]);
    expect(event.author).toBe(adminId);
    expect(event.status).toBe('publish');
    expect(event.url).toBe(`http://calendar.test/event/${event.slug}/`);
    expect(new URL(event.rest_url as string).pathname).toBe(`${EVENTS}/${event.id}`);
    for (const field of ['date', 'date_utc', 'modified', 'modified_utc']) expect(event[field]).toMatch(WALL_TIME);
    // SITE_TIMEZONE is UTC in this app: local and UTC publication dates agree.
    expect(event.date).toBe(event.date_utc);
  });

  it('returns start and end as wall times of the event zone, utc_* in UTC, *_details as zero-padded strings', async () => {
    const event = await createEvent(t, {
      start_date: '2031-01-05 08:05:09',
      end_date: '2031-02-03 09:07:08',
      timezone: 'Europe/Berlin',
    });
    expect(event).toMatchObject({
      start_date: '2031-01-05 08:05:09',
      end_date: '2031-02-03 09:07:08',
      utc_start_date: '2031-01-05 07:05:09',
      utc_end_date: '2031-02-03 08:07:08',
      timezone: 'Europe/Berlin',
    });
    expect(event.start_date_details).toEqual({ year: '2031', month: '01', day: '05', hour: '08', minutes: '05', seconds: '09' });
    expect(event.end_date_details).toEqual(detailsOf('2031-02-03 09:07:08'));
    expect(event.utc_start_date_details).toEqual(detailsOf('2031-01-05 07:05:09'));
    expect(event.utc_end_date_details).toEqual(detailsOf('2031-02-03 08:07:08'));
    expect(typeof event.timezone_abbr).toBe('string');
    expect((event.timezone_abbr as string).length).toBeGreaterThan(0);
  });

  it('returns unset optional fields as empty values and the flags as booleans', async () => {
    const event = await createEvent(t, { title: 'Bare' });
    expect(event).toMatchObject({
      description: '',
      excerpt: '',
      image: false,
      all_day: false,
      cost: '',
      website: '',
      hide_from_listings: false,
      sticky: false,
      featured: false,
      categories: [],
      tags: [],
      venue: [],
      organizer: [],
      custom_fields: [],
    });
    expect(event.cost_details).toEqual({ currency_symbol: '', currency_code: '', currency_position: '', values: [] });
    expect(typeof event.show_map).toBe('boolean');
    expect(typeof event.show_map_link).toBe('boolean');
  });

  it('returns venue as one object, [] when none, and an array when several', async () => {
    const hall = await createVenue(t, { venue: 'Shape Hall', city: 'Berlin' });
    const club = await createVenue(t, { venue: 'Shape Club', city: 'Hamburg' });
    const one = await createEvent(t, { venue: hall.id });
    expect(Array.isArray(one.venue)).toBe(false);
    expect(sortedKeys(one.venue)).toEqual([...VENUE_KEYS].sort());
    const ownRead = (await t.http.get(`${NS}/venues/${hall.id}`).expect(200)).body;
    expect(withoutOrigin(one.venue)).toEqual(withoutOrigin(omitJsonLd(ownRead)));

    const none = await createEvent(t, {});
    expect(none.venue).toEqual([]);

    const several = await createEvent(t, { venue: [club.id, hall.id] });
    expect((several.venue as Body[]).map((v) => v.id)).toEqual([club.id, hall.id]);
    for (const venue of several.venue as Body[]) expect(sortedKeys(venue)).toEqual([...VENUE_KEYS].sort());
  });

  it('returns organizers as an array in the given order with every organizer key', async () => {
    const first = await createOrganizer(t, { organizer: 'Zed Promotions' });
    const second = await createOrganizer(t, { organizer: 'Alpha Agency' });
    const event = await createEvent(t, { organizer: [first.id, second.id] });
    expect((event.organizer as Body[]).map((o) => o.id)).toEqual([first.id, second.id]);
    for (const organizer of event.organizer as Body[]) expect(sortedKeys(organizer)).toEqual([...ORGANIZER_KEYS].sort());
    const reversed = await createEvent(t, { organizer: [second.id, first.id] });
    expect((reversed.organizer as Body[]).map((o) => o.id)).toEqual([second.id, first.id]);
    const single = await createEvent(t, { organizer: first.id });
    expect((single.organizer as Body[]).map((o) => o.id)).toEqual([first.id]);
  });

  it('embeds categories and tags with every Term key, as the term routes return them', async () => {
    const parent = await createTerm(t, 'categories', { name: 'Shape Parent' });
    const child = await createTerm(t, 'categories', { name: 'Shape Child', parent: parent.id, description: 'Kids' });
    const tag = await createTerm(t, 'tags', { name: 'Shape Tag' });
    const event = await createEvent(t, { categories: [child.id], tags: [tag.id] });
    const [category] = event.categories as Body[];
    const [embeddedTag] = event.tags as Body[];
    expect(sortedKeys(category)).toEqual([...TERM_KEYS].sort());
    expect(sortedKeys(embeddedTag)).toEqual([...TERM_KEYS].sort());
    expect(withoutOrigin(category)).toEqual(withoutOrigin((await t.http.get(`${NS}/categories/${child.id}`)).body));
    expect(withoutOrigin(embeddedTag)).toEqual(withoutOrigin((await t.http.get(`${NS}/tags/${tag.id}`)).body));
    expect(category).toMatchObject({ taxonomy: 'tribe_events_cat', parent: parent.id, count: 1, description: 'Kids' });
    expect(embeddedTag).toMatchObject({ taxonomy: 'post_tag', parent: 0, count: 1 });
  });

  it('adds json_ld (schema.org Event, Place, Organization, ISO dates with offset) on single GETs only', async () => {
    const venue = await createVenue(t, { venue: 'LD Hall', city: 'Berlin', address: 'Main St 1' });
    const first = await createOrganizer(t, { organizer: 'LD First' });
    const second = await createOrganizer(t, { organizer: 'LD Second' });
    const created = await createEvent(t, {
      title: 'LD Event',
      description: '<p>Text</p>',
      start_date: '2031-06-29 19:00:00',
      end_date: '2031-06-29 23:30:00',
      timezone: 'Europe/Berlin',
      venue: venue.id,
      organizer: [first.id, second.id],
    });
    expect(created).not.toHaveProperty('json_ld');
    for (const path of [`${EVENTS}/${created.id}`, `${EVENTS}/by-slug/${created.slug}`]) {
      const { body } = await t.http.get(path).expect(200);
      expect(body.json_ld).toMatchObject({
        '@context': 'http://schema.org',
        '@type': 'Event',
        name: 'LD Event',
        url: created.url,
        startDate: '2031-06-29T19:00:00+02:00',
        endDate: '2031-06-29T23:30:00+02:00',
        location: { '@type': 'Place', name: 'LD Hall' },
      });
      expect(body.json_ld.organizer.map((o: Body) => [o['@type'], o.name])).toEqual([
        ['Organization', 'LD First'],
        ['Organization', 'LD Second'],
      ]);
    }
    const winter = await createEvent(t, { start_date: '2031-01-10 19:00', end_date: '2031-01-10 21:00', timezone: 'America/New_York' });
    const { body } = await getEvent(t, winter.id).expect(200);
    expect(body.json_ld.startDate).toBe('2031-01-10T19:00:00-05:00');
    expect(body.json_ld.endDate).toBe('2031-01-10T21:00:00-05:00');
    const list = await listEvents(t, { include: `${created.id},${winter.id}` }).expect(200);
    for (const item of list.body.events) expect(item).not.toHaveProperty('json_ld');
  });

  it('reads by slug with the same body as by ID', async () => {
    const event = await createEvent(t, { title: 'Slug Read' });
    const byId = await getEvent(t, event.id).expect(200);
    const bySlug = await t.http.get(`${EVENTS}/by-slug/slug-read`).expect(200);
    expect(withoutOrigin(bySlug.body)).toEqual(withoutOrigin(byId.body));
  });

  it('answers 404 rest-event-not-found for an unknown ID or slug', async () => {
    const res = await getEvent(t, 424242);
    expectApiError(res, 404, 'rest-event-not-found');
    expect(res.body.message).toBe('Event with ID 424242 does not exist.');
    expectApiError(await t.http.get(`${EVENTS}/by-slug/no-such-event`), 404, 'rest-event-not-found');
    expectApiError(await patchEvent(t, 424242, { title: 'x' }), 404, 'rest-event-not-found');
    expectApiError(await t.http.put(`${EVENTS}/by-slug/no-such-event`).set(admin()).send({ title: 'x' }), 404, 'rest-event-not-found');
    expectApiError(await t.http.delete(`${EVENTS}/424242`).set(admin()), 404, 'rest-event-not-found');
  });
});

/** A record as its own GET returns it, without json_ld, to compare with an embedded copy. */
function omitJsonLd(body: Body): Body {
  const { json_ld: _jsonLd, ...rest } = body;
  return rest;
}

describe('events: writing fields', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('stores titles as plain text and cleans description and excerpt HTML', async () => {
    const event = await createEvent(t, {
      title: '<b>Jazz</b> Night',
      description: '<p onclick="steal()">Hi <script>alert(1)</script><a href="javascript:alert(1)">link</a> <strong>bold</strong></p>',
      excerpt: 'Plain excerpt',
    });
    expect(event.title).toBe('Jazz Night');
    const description = event.description as string;
    expect(description).toContain('Hi');
    expect(description).toContain('<strong>bold</strong>');
    expect(description).not.toMatch(/script|onclick|javascript:/i);
    expect(event.excerpt).toBe('<p>Plain excerpt</p>');
    const plain = await createEvent(t, { description: 'Just text' });
    expect(plain.description).toBe('<p>Just text</p>');
  });

  it('rejects an empty title, or one that is empty once tags are stripped', async () => {
    expectInvalidParams(await postEvent(t, { title: '' }), ['title']);
    expectInvalidParams(await postEvent(t, { title: '<b></b>' }), ['title']);
    expectInvalidParams(await postEvent(t, { title: ['a'] }), ['title']);
  });

  it('generates slugs from titles, keeps given ones and numbers clashes', async () => {
    expect((await createEvent(t, { title: 'Über Straßen Fest' })).slug).toBe('ueber-strassen-fest');
    expect((await createEvent(t, { title: 'Über Straßen Fest' })).slug).toBe('ueber-strassen-fest-2');
    expect((await createEvent(t, { title: 'Any', slug: 'My Own Slug!' })).slug).toBe('my-own-slug');
    expect((await createEvent(t, { title: 'Any', slug: 'my-own-slug' })).slug).toBe('my-own-slug-2');
  });

  it('accepts http(s) websites, clears with "" and rejects other schemes', async () => {
    const event = await createEvent(t, { website: 'https://example.org/jazz' });
    expect(event.website).toBe('https://example.org/jazz');
    expect((await updateEvent(t, event.id, { website: '' })).website).toBe('');
    expectInvalidParams(await postEvent(t, { website: 'ftp://example.org' }), ['website']);
    expectInvalidParams(await postEvent(t, { website: 'javascript:alert(1)' }), ['website']);
    expectInvalidParams(await postEvent(t, { website: 'not a url' }), ['website']);
  });

  it('stores an image URL as an image record, reuses it by ID, clears it with ""', async () => {
    const event = await createEvent(t, { image: 'https://cdn.example.org/poster.JPG' });
    expect(event.image).toEqual({
      url: 'https://cdn.example.org/poster.JPG',
      id: expect.any(Number),
      extension: 'jpg',
      width: null,
      height: null,
      sizes: {},
    });
    const imageId = (event.image as Body).id;
    const reused = await createEvent(t, { image: imageId });
    expect(reused.image).toEqual(event.image);
    const byString = await createEvent(t, { image: String(imageId) });
    expect(byString.image).toEqual(event.image);
    expect((await updateEvent(t, event.id, { image: '' })).image).toBe(false);
    expectInvalidParams(await postEvent(t, { image: 999999 }), ['image']);
    expectInvalidParams(await postEvent(t, { image: 'ftp://cdn.example.org/a.png' }), ['image']);
  });

  it('writes every flag from JSON booleans and from form strings', async () => {
    const flags = ['show_map', 'show_map_link', 'hide_from_listings', 'sticky', 'featured', 'all_day'] as const;
    const on = await createEvent(t, Object.fromEntries(flags.map((flag) => [flag, true])));
    for (const flag of flags) expect(on[flag]).toBe(true);
    const off = await updateEvent(t, on.id, Object.fromEntries(flags.map((flag) => [flag, false])));
    for (const flag of flags) expect(off[flag]).toBe(false);

    const form = flags.map((flag, i) => `${flag}=${i % 2 ? '1' : 'true'}`).join('&');
    const res = await t.http
      .post(EVENTS)
      .set(admin())
      .type('form')
      .send(`title=Form%20Flags&start_date=2030-01-10%2010%3A00&end_date=2030-01-10%2012%3A00&${form}`)
      .expect(201);
    for (const flag of flags) expect(res.body[flag]).toBe(true);
    const cleared = await t.http.patch(`${EVENTS}/${res.body.id}`).set(admin()).type('form').send('featured=0&sticky=false').expect(200);
    expect([cleared.body.featured, cleared.body.sticky, cleared.body.show_map]).toEqual([false, false, true]);
    expectInvalidParams(await postEvent(t, { featured: 'maybe' }), ['featured']);
  });

  it('writes statuses and rejects unknown ones and trash', async () => {
    expect((await createEvent(t, { status: 'draft' })).status).toBe('draft');
    expect((await createEvent(t, { status: 'private' })).status).toBe('private');
    expect((await createEvent(t, { status: 'pending' })).status).toBe('pending');
    expectInvalidParams(await postEvent(t, { status: 'trash' }), ['status']);
    expectInvalidParams(await postEvent(t, { status: 'bogus' }), ['status']);
  });

  it('accepts cost as text, number or list and rejects other types', async () => {
    expect((await createEvent(t, { cost: 'Donation' })).cost).toBe('Donation');
    expect((await createEvent(t, { cost: 15 })).cost_details).toMatchObject({ values: ['15'] });
    expect((await createEvent(t, { cost: [10, 20] })).cost_details).toMatchObject({ values: ['10', '20'] });
    const event = await createEvent(t, { cost: '12' });
    expect((await updateEvent(t, event.id, { cost: '' })).cost).toBe('');
    expectInvalidParams(await postEvent(t, { cost: { amount: 5 } }), ['cost']);
  });

  it('rejects text that would not fit its column, measured once cleaned, and writes nothing', async () => {
    const before = await countAll(t);
    expectInvalidParams(await postEvent(t, { description: 'x'.repeat(70_000) }), ['description']);
    expectInvalidParams(await postEvent(t, { excerpt: 'y'.repeat(70_000) }), ['excerpt']);
    // 20,000 characters, but five times as many bytes once "&" is written as "&amp;".
    expectInvalidParams(await postEvent(t, { description: '&'.repeat(20_000) }), ['description']);
    expectInvalidParams(await postEvent(t, { description: '😀'.repeat(17_000) }), ['description']);
    expectInvalidParams(await postEvent(t, { title: 't'.repeat(256) }), ['title']);
    expectInvalidParams(await postEvent(t, { cost: 'c'.repeat(256) }), ['cost']);
    expectInvalidParams(await postEvent(t, { cost: Array.from({ length: 100 }, (_, i) => i * 10) }), ['cost']);
    expectInvalidParams(await postEvent(t, { cost: [10, { amount: 5 }] }), ['cost']);
    expect(await countAll(t)).toEqual(before);
    const long = await createEvent(t, { description: 'z'.repeat(60_000), title: 'T'.repeat(255) });
    expect((await getEvent(t, long.id)).body.description).toBe(`<p>${'z'.repeat(60_000)}</p>`);
    expect(long.title).toBe('T'.repeat(255));
    expect((long.slug as string).length).toBeLessThanOrEqual(200);
  });

  const NOT_NULLABLE = [
    'title',
    'description',
    'excerpt',
    'slug',
    'status',
    'author',
    'date',
    'date_utc',
    'image',
    'password',
    'timezone',
    'all_day',
    'start_date',
    'end_date',
    'cost',
    'website',
    'show_map',
    'show_map_link',
    'hide_from_listings',
    'sticky',
    'featured',
  ];

  it.each(NOT_NULLABLE)('rejects null for %s on create and update, changing nothing', async (field) => {
    const event = await createEvent(t, {
      title: `Null ${field}`,
      description: 'Kept',
      website: 'https://kept.example.org',
      featured: true,
    });
    const before = await countAll(t);
    const snapshot = withoutOrigin((await getEvent(t, event.id)).body);
    expectInvalidParams(await postEvent(t, { [field]: null }), [field]);
    expectInvalidParams(await patchEvent(t, event.id, { [field]: null }), [field]);
    expect(await countAll(t)).toEqual(before);
    expect(withoutOrigin((await getEvent(t, event.id)).body)).toEqual(snapshot);
  });

  it('removes links sent as null, as with [] or ""', async () => {
    const venue = await createVenue(t, { venue: 'Null Hall' });
    const event = await createEvent(t, {
      venue: venue.id,
      organizer: { organizer: 'Null Org' },
      categories: ['Null Cat'],
      tags: ['null-tag'],
    });
    const cleared = await updateEvent(t, event.id, { venue: null, organizer: null, categories: null, tags: null });
    expect([cleared.venue, cleared.organizer, cleared.categories, cleared.tags]).toEqual([[], [], [], []]);
  });

  it('lets an administrator name another author and rejects unknown users', async () => {
    const editorToken = await t.tokenFor('editor');
    const editorId = await t.userIdOf(editorToken);
    expect((await createEvent(t, { author: editorId })).author).toBe(editorId);
    expectInvalidParams(await postEvent(t, { author: 999999 }), ['author']);
  });

  it('ignores unknown and read-only fields', async () => {
    const other = await createEvent(t, { title: 'Other' });
    const event = await createEvent(t, {
      title: 'Read Only',
      start_date: '2031-06-01 10:00:00',
      end_date: '2031-06-01 11:00:00',
      id: other.id,
      global_id: 'x?id=1',
      url: 'http://evil.example/',
      rest_url: 'http://evil.example/',
      utc_start_date: '2000-01-01 00:00:00',
      start_date_details: { year: '2000' },
      timezone_abbr: 'XYZ',
      cost_details: { values: ['1'] },
      custom_fields: ['x'],
      json_ld: { name: 'x' },
      unknown_field: 'ignored',
    });
    expect(event.id).not.toBe(other.id);
    expect(event.global_id).toBe(`calendar.test?id=${event.id}`);
    expect(event.url).toBe('http://calendar.test/event/read-only/');
    expect(event.utc_start_date).toBe('2031-06-01 10:00:00');
    expect(event.start_date_details).toEqual(detailsOf('2031-06-01 10:00:00'));
    expect(event.cost_details).toMatchObject({ values: [] });
    expect(event.custom_fields).toEqual([]);
    expect(event).not.toHaveProperty('unknown_field');
    expect((await getEvent(t, other.id)).body.title).toBe('Other');
  });

  it('accepts form bodies with list fields', async () => {
    const venue = await createVenue(t, { venue: 'Form Venue' });
    const res = await t.http
      .post(EVENTS)
      .set(admin())
      .type('form')
      .send(
        `title=Form%20Event&start_date=2031-04-01%2010%3A00&end_date=2031-04-01%2012%3A00&venue=${venue.id}` +
          '&categories[]=Form%20Cat&categories[]=Other%20Cat&tags=form-a,form-b&cost=%E2%82%AC10',
      )
      .expect(201);
    expect(res.body.title).toBe('Form Event');
    expect(res.body.venue.id).toBe(venue.id);
    expect(res.body.categories.map((c: Body) => c.name)).toEqual(['Form Cat', 'Other Cat']);
    expect(res.body.tags.map((c: Body) => c.name)).toEqual(['form-a', 'form-b']);
    expect(res.body.start_date).toBe('2031-04-01 10:00:00');
  });

  it('names the missing required fields', async () => {
    expectMissingParams(await t.http.post(EVENTS).set(admin()).send({}), ['title', 'start_date', 'end_date']);
    expectMissingParams(await t.http.post(EVENTS).set(admin()).send({ title: 'Only a title' }), ['start_date', 'end_date']);
    expectMissingParams(await t.http.post(EVENTS).set(admin()).send({ start_date: '2031-01-01', end_date: '2031-01-01' }), ['title']);
  });

  it('names every bad field of one request and writes nothing for any failure', async () => {
    const before = await countAll(t);
    expectInvalidParams(await postEvent(t, { website: 'ftp://x.org', status: 'bogus', featured: 'maybe', all_day: 'sometimes' }), [
      'website',
      'status',
      'featured',
      'all_day',
    ]);
    const malformed = await t.http.post(EVENTS).set(admin()).set('Content-Type', 'application/json').send('{"title": "Broken",');
    expectApiError(malformed, 400, 'rest_invalid_json');
    expectInvalidParams(await postEvent(t, { categories: ['Brand New Cat'], image: 'https://x.org/a.png', timezone: 'Mars/Olympus' }), [
      'timezone',
    ]);
    expectInvalidParams(await postEvent(t, { image: 'https://x.org/b.png', categories: [999999] }), ['categories']);
    expect(await countAll(t)).toEqual(before);
  });
});

describe('events: dates and time zones', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const berlinStart = (start_date: unknown) =>
    createEvent(t, { start_date, end_date: '2031-01-06 00:00:00', timezone: 'Europe/Berlin' }).then((e) => [
      e.start_date,
      e.utc_start_date,
    ]);

  it.each([
    ['YYYY-MM-DD HH:MM', '2031-01-05 20:15', '2031-01-05 20:15:00', '2031-01-05 19:15:00'],
    ['YYYY-MM-DD HH:MM:SS', '2031-01-05 20:15:30', '2031-01-05 20:15:30', '2031-01-05 19:15:30'],
    ['YYYY-MM-DD', '2031-01-05', '2031-01-05 00:00:00', '2031-01-04 23:00:00'],
    ['ISO without offset', '2031-01-05T20:15:30', '2031-01-05 20:15:30', '2031-01-05 19:15:30'],
    ['ISO with Z', '2031-01-05T20:15:30Z', '2031-01-05 21:15:30', '2031-01-05 20:15:30'],
    ['ISO with offset', '2031-01-05T20:15:30+05:00', '2031-01-05 16:15:30', '2031-01-05 15:15:30'],
    ['Unix timestamp', Date.UTC(2031, 0, 5, 19, 15, 30) / 1000, '2031-01-05 20:15:30', '2031-01-05 19:15:30'],
    ['Unix timestamp string', String(Date.UTC(2031, 0, 5, 19, 15, 30) / 1000), '2031-01-05 20:15:30', '2031-01-05 19:15:30'],
  ])('reads %s in the request zone (instants are converted to it)', async (_form, input, wall, utc) => {
    expect(await berlinStart(input)).toEqual([wall, utc]);
  });

  it.each(['banana', '2031-02-30 10:00', '2031-13-01', '25:00'])('rejects the start date %p', async (input) => {
    expectInvalidParams(await postEvent(t, { start_date: input, end_date: '2031-01-06' }), ['start_date']);
  });

  it('rejects an unreadable end date and non-string dates', async () => {
    expectInvalidParams(await postEvent(t, { start_date: '2031-01-05', end_date: 'soonish' }), ['end_date']);
    expectInvalidParams(await postEvent(t, { start_date: { at: 1 }, end_date: '2031-01-06' }), ['start_date']);
  });

  it('reads wall times in the request zone, else the record zone', async () => {
    const event = await createEvent(t, { start_date: '2031-01-05 10:00', end_date: '2031-01-05 12:00', timezone: 'Asia/Tokyo' });
    expect([event.utc_start_date, event.utc_end_date]).toEqual(['2031-01-05 01:00:00', '2031-01-05 03:00:00']);
    const recordZone = await updateEvent(t, event.id, { start_date: '2031-01-05 11:00' });
    expect(recordZone).toMatchObject({ timezone: 'Asia/Tokyo', start_date: '2031-01-05 11:00:00', utc_start_date: '2031-01-05 02:00:00' });
    const requestZone = await updateEvent(t, event.id, {
      timezone: 'Europe/Berlin',
      start_date: '2031-01-05 09:00',
      end_date: '2031-01-05 10:00',
    });
    expect(requestZone).toMatchObject({
      timezone: 'Europe/Berlin',
      start_date: '2031-01-05 09:00:00',
      utc_start_date: '2031-01-05 08:00:00',
      utc_end_date: '2031-01-05 09:00:00',
    });
  });

  it.each([
    ['UTC', 'UTC', '2031-07-10 20:00:00'],
    ['UTC+2', 'UTC+2', '2031-07-10 18:00:00'],
    ['UTC-5', 'UTC-5', '2031-07-11 01:00:00'],
    ['Europe/Berlin', 'Europe/Berlin', '2031-07-10 18:00:00'],
    ['America/New_York', 'America/New_York', '2031-07-11 00:00:00'],
    ['Asia/Tokyo', 'Asia/Tokyo', '2031-07-10 11:00:00'],
    ['utc', 'UTC', '2031-07-10 20:00:00'],
    ['UTC+0', 'UTC', '2031-07-10 20:00:00'],
    ['UTC+05:30', 'UTC+5:30', '2031-07-10 14:30:00'],
    ['europe/berlin', 'Europe/Berlin', '2031-07-10 18:00:00'],
  ])('takes the zone %s (summer)', async (input, zone, utc) => {
    const event = await createEvent(t, { start_date: '2031-07-10 20:00', end_date: '2031-07-10 23:00', timezone: input });
    expect([event.timezone, event.start_date, event.utc_start_date]).toEqual([zone, '2031-07-10 20:00:00', utc]);
  });

  it('follows daylight saving time per date', async () => {
    const winter = await createEvent(t, { start_date: '2031-01-10 20:00', end_date: '2031-07-10 20:00', timezone: 'America/New_York' });
    expect([winter.utc_start_date, winter.utc_end_date]).toEqual(['2031-01-11 01:00:00', '2031-07-11 00:00:00']);
    const tokyo = await createEvent(t, { start_date: '2031-01-05 08:00', end_date: '2031-01-05 09:00', timezone: 'Asia/Tokyo' });
    expect(tokyo.utc_start_date_details).toEqual(detailsOf('2031-01-04 23:00:00'));
  });

  it.each(['Mars/Olympus', 'UTC+15', 'not a zone', 'Berlin'])('rejects the zone %p and writes nothing', async (zone) => {
    const before = await countAll(t);
    expectInvalidParams(await postEvent(t, { timezone: zone }), ['timezone']);
    expect(await countAll(t)).toEqual(before);
  });

  it('rejects an invalid zone on update and keeps the event', async () => {
    const event = await createEvent(t, { timezone: 'Europe/Berlin' });
    expectInvalidParams(await patchEvent(t, event.id, { timezone: 'Nowhere/Land', title: 'Changed' }), ['timezone']);
    expect((await getEvent(t, event.id)).body).toMatchObject({ timezone: 'Europe/Berlin', title: event.title });
  });

  it('moves all-day events to whole days, on create and on update', async () => {
    const allDay = await createEvent(t, {
      start_date: '2031-05-01 14:00',
      end_date: '2031-05-02 10:00',
      all_day: true,
      timezone: 'Europe/Berlin',
    });
    expect(allDay).toMatchObject({
      all_day: true,
      start_date: '2031-05-01 00:00:00',
      end_date: '2031-05-02 23:59:59',
      utc_start_date: '2031-04-30 22:00:00',
      utc_end_date: '2031-05-02 21:59:59',
    });
    const timed = await createEvent(t, { start_date: '2031-05-03 14:00', end_date: '2031-05-03 16:00' });
    const updated = await updateEvent(t, timed.id, { all_day: 'true' });
    expect(updated).toMatchObject({ all_day: true, start_date: '2031-05-03 00:00:00', end_date: '2031-05-03 23:59:59' });
  });

  it('rejects an end before the start naming end_date, on create and update', async () => {
    expectInvalidParams(await postEvent(t, { start_date: '2031-05-01 14:00', end_date: '2031-05-01 13:59:59' }), ['end_date']);
    const event = await createEvent(t, { start_date: '2031-05-01 14:00', end_date: '2031-05-01 16:00' });
    expectInvalidParams(await patchEvent(t, event.id, { end_date: '2031-05-01 13:00' }), ['end_date']);
    expectInvalidParams(await patchEvent(t, event.id, { start_date: '2031-05-01 17:00' }), ['end_date']);
    const same = await createEvent(t, { start_date: '2031-05-01 14:00', end_date: '2031-05-01 14:00' });
    expect(same.end_date).toBe('2031-05-01 14:00:00');
    expect((await getEvent(t, event.id)).body).toMatchObject({ start_date: '2031-05-01 14:00:00', end_date: '2031-05-01 16:00:00' });
  });

  it('keeps wall times and moves the UTC instants when only the zone changes', async () => {
    const event = await createEvent(t, { start_date: '2031-01-10 20:00', end_date: '2031-01-10 22:00', timezone: 'Europe/Berlin' });
    const moved = await updateEvent(t, event.id, { timezone: 'America/New_York' });
    expect(moved).toMatchObject({
      timezone: 'America/New_York',
      start_date: '2031-01-10 20:00:00',
      end_date: '2031-01-10 22:00:00',
      utc_start_date: '2031-01-11 01:00:00',
      utc_end_date: '2031-01-11 03:00:00',
    });
    const both = await updateEvent(t, event.id, { timezone: 'Asia/Tokyo', start_date: '2031-01-10 21:00' });
    expect(both).toMatchObject({
      start_date: '2031-01-10 21:00:00',
      end_date: '2031-01-10 22:00:00',
      utc_start_date: '2031-01-10 12:00:00',
      utc_end_date: '2031-01-10 13:00:00',
    });
  });
});

describe('events: site time zone', () => {
  const SITE = 'America/New_York';
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SITE_TIMEZONE: SITE });
  });
  afterAll(async () => t.close());

  it('reads start and end in SITE_TIMEZONE when neither request nor record names a zone', async () => {
    const event = await createEvent(t, { start_date: '2031-01-10 20:00', end_date: '2031-07-10 20:00' });
    expect(event).toMatchObject({
      timezone: SITE,
      start_date: '2031-01-10 20:00:00',
      utc_start_date: utcWall('2031-01-10 20:00:00', SITE),
      utc_end_date: utcWall('2031-07-10 20:00:00', SITE),
    });
    expect(offsetOf('2031-01-10 20:00:00', SITE)).toBe('-05:00');
  });

  it('reads the publication date in SITE_TIMEZONE and date_utc in UTC', async () => {
    const local = await createEvent(t, { date: '2026-01-15 10:00:00' });
    expect([local.date, local.date_utc]).toEqual(['2026-01-15 10:00:00', '2026-01-15 15:00:00']);
    const utc = await createEvent(t, { date_utc: '2026-01-15 10:00:00' });
    expect([utc.date, utc.date_utc]).toEqual(['2026-01-15 05:00:00', '2026-01-15 10:00:00']);
  });
});

describe('events: links under BASE_PATH and a language segment', () => {
  const ROOT = '/wp-json/de/calendar/events/v1';
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ BASE_PATH: 'wp-json' });
  });
  afterAll(async () => t.close());

  it('keeps BASE_PATH and the language in Location, rest_url and the links of embedded records', async () => {
    const venue = (await t.http.post(`${ROOT}/venues`).set(admin()).send({ venue: 'Base Hall' }).expect(201)).body;
    const res = await t.http
      .post(`${ROOT}/events`)
      .set(admin())
      .send(eventBody({ venue: venue.id, organizer: { organizer: 'Base Org' }, categories: ['Base Cat'] }))
      .expect(201);
    const under = (url: string) => expect(new URL(url).pathname.startsWith(`${ROOT}/`)).toBe(true);
    under(res.headers.location);
    under(res.body.rest_url);
    under(res.body.venue.rest_url);
    under(res.body.organizer[0].rest_url);
    under(res.body.categories[0].urls.self);
    expect(res.body.url).toBe(`http://calendar.test/event/${res.body.slug as string}/`);
    for (let i = 0; i < 2; i++) await t.http.post(`${ROOT}/events`).set(admin()).send(eventBody()).expect(201);
    const list = await t.http.get(`${ROOT}/events`).query({ start_date: '2030-01-01', end_date: '2030-12-31', per_page: 1 }).expect(200);
    under(list.body.rest_url);
    under(list.body.next_rest_url);
    expect(list.headers['content-language']).toBe('de');
  });

  it('answers event errors in the language of the path', async () => {
    const de = await t.http.get(`${ROOT}/events/424242`);
    expectApiError(de, 404, 'rest-event-not-found');
    const en = await t.http.get('/wp-json/calendar/events/v1/events/424242');
    expect(en.body.message).toBe('Event with ID 424242 does not exist.');
    expect(de.body.message).not.toBe(en.body.message);
    expect(de.body.message).toContain('424242');
  });
});

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
