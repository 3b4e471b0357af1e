import { detailsOf, expectApiError, expectInvalidParams, expectMissingParams, withoutOrigin } from './support/events-assertions';
import { Body, countAll, createEvent, createVenue, EVENTS, getEvent, patchEvent, postEvent, updateEvent } from './support/events-fixtures';
import { ADMIN_TOKEN, bearer, createTestApp, TestApp } from './support/test-app';
import { valueEntries } from '@app/posts';
import { EVENT_FIELDS } from '../apps/api/src/events/event.fields';

/** The fields event.fields.ts declares for the machinery to check and write: a new one is tested here too. */
const DECLARED_WRITABLE = valueEntries(EVENT_FIELDS).filter(([, field]) => field.writable);
const FLAGS = DECLARED_WRITABLE.filter(([, field]) => field.type === 'flag').map(([name]) => name);

/*
 * Writing an event's fields (docs/api-rules.md, Writes): what each field accepts, stores and answers.
 */

const admin = () => bearer(ADMIN_TOKEN);

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
    const flags = FLAGS;
    expect(flags).toEqual(expect.arrayContaining(['show_map', 'show_map_link', 'hide_from_listings', 'sticky', 'featured', 'all_day']));
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
    'start_date',
    'end_date',
    'cost',
    ...DECLARED_WRITABLE.map(([name]) => name),
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
