import {
  detailsOf,
  EVENT_KEYS,
  expectApiError,
  ORGANIZER_KEYS,
  sortedKeys,
  TERM_KEYS,
  VENUE_KEYS,
  WALL_TIME,
  withoutOrigin,
} from './support/events-assertions';
import {
  Body,
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
} from './support/events-fixtures';
import { ADMIN_TOKEN, bearer, createTestApp, NS, TestApp } from './support/test-app';

const admin = () => bearer(ADMIN_TOKEN);

/** A record as its own GET returns it, without json_ld, to compare with an embedded copy. */
function omitJsonLd(body: Body): Body {
  const { json_ld: _jsonLd, ...rest } = body;
  return rest;
}

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
    // In order too: the head, the title, the shared body, then event.fields.ts's declarations.
    expect(Object.keys(list.body.events[0])).toEqual(EVENT_KEYS);
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
