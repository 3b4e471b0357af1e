import { expectMissingParams, withoutOrigin } from './support/events-assertions';
import {
  ANONYMOUS,
  Body,
  countAll,
  countRows,
  createEvent,
  createOrganizer,
  createVenue,
  EVENTS,
  getEvent,
  ORGANIZERS,
  postEvent,
  updateEvent,
  VENUES,
} from './support/events-fixtures';
import { ADMIN_TOKEN, bearer, createTestApp, TestApp } from './support/test-app';

const idsOfLinks = (value: unknown): number[] => (Array.isArray(value) ? value : [value]).map((item: Body) => item.id as number);

describe('event links: venues', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const readVenue = async (id: number) => withoutOrigin((await t.http.get(`${VENUES}/${id}`).expect(200)).body);

  it('links a venue by numeric ID or numeric string', async () => {
    const venue = await createVenue(t, { venue: 'By Id Hall' });
    expect(((await createEvent(t, { venue: venue.id })).venue as Body).id).toBe(venue.id);
    expect(((await createEvent(t, { venue: String(venue.id) })).venue as Body).id).toBe(venue.id);
    expect(((await createEvent(t, { venue: [venue.id] })).venue as Body).id).toBe(venue.id);
  });

  it('links by {id} and ignores the other keys: an event never edits its venue', async () => {
    const venue = await createVenue(t, { venue: 'Untouched Hall', city: 'Berlin' });
    const before = await readVenue(venue.id);
    const venues = await countRows(t, 'venues');
    const event = await createEvent(t, { venue: { id: venue.id, venue: 'Renamed Hall', city: 'Paris', geo_lat: 1 } });
    expect(event.venue).toMatchObject({ id: venue.id, venue: 'Untouched Hall', city: 'Berlin', geo_lat: null });
    await updateEvent(t, event.id, { venue: { id: venue.id, city: 'Rome' } });
    expect(await readVenue(venue.id)).toEqual(before);
    expect(await countRows(t, 'venues')).toBe(venues);
  });

  it('creates an inline venue, owned by the caller, and reuses an identical one', async () => {
    const editor = await t.tokenFor('editor');
    const venues = await countRows(t, 'venues');
    const first = await createEvent(t, { venue: { venue: 'Inline Hall', city: 'Leipzig', zip: '04109' } }, editor);
    const created = first.venue as Body;
    expect(created).toMatchObject({
      venue: 'Inline Hall',
      city: 'Leipzig',
      zip: '04109',
      author: await t.userIdOf(editor),
      status: 'publish',
    });
    expect(await countRows(t, 'venues')).toBe(venues + 1);
    expect(withoutOrigin((await t.http.get(`${VENUES}/${created.id as number}`).expect(200)).body)).toMatchObject(withoutOrigin(created));

    const again = await createEvent(t, { venue: { venue: 'INLINE hall', city: 'leipzig', zip: '04109' } });
    expect((again.venue as Body).id).toBe(created.id);
    expect(await countRows(t, 'venues')).toBe(venues + 1);

    const elsewhere = await createEvent(t, { venue: { venue: 'Inline Hall', city: 'Dresden' } });
    expect((elsewhere.venue as Body).id).not.toBe(created.id);
    expect(await countRows(t, 'venues')).toBe(venues + 2);
  });

  it('links several venues given as an array of IDs, {id} and inline objects, in order, each once', async () => {
    const a = await createVenue(t, { venue: 'Array A' });
    const b = await createVenue(t, { venue: 'Array B' });
    const event = await createEvent(t, { venue: [b.id, { id: a.id }, { venue: 'Array Inline' }, b.id] });
    const venues = event.venue as Body[];
    expect(venues.map((v) => v.venue)).toEqual(['Array B', 'Array A', 'Array Inline']);
  });

  it('replaces the venue on update', async () => {
    const a = await createVenue(t, { venue: 'Replace A' });
    const b = await createVenue(t, { venue: 'Replace B' });
    const event = await createEvent(t, { venue: a.id });
    expect(((await updateEvent(t, event.id, { venue: b.id })).venue as Body).id).toBe(b.id);
    expect(((await getEvent(t, event.id)).body.venue as Body).id).toBe(b.id);
  });

  it.each([
    ['an unknown ID', 999999],
    ['an unknown {id}', { id: 999999 }],
    ['a non-numeric reference', 'somewhere'],
    ['an unknown ID in a list', [999999]],
    ['an invalid inline field', { venue: 'Bad Site', website: 'ftp://x.org' }],
    ['a number that is not an ID', -3],
  ])('rejects %s naming venue and writes nothing', async (_case, venue) => {
    const before = await countAll(t);
    const res = await postEvent(t, { venue });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.data.params).join(',')).toMatch(/^venue/);
    expect(await countAll(t)).toEqual(before);
  });

  it('rejects an inline venue without a name and writes nothing', async () => {
    const before = await countAll(t);
    const res = await postEvent(t, { venue: { city: 'Nameless' } });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body.data.params)).toContain('venue');
    expect(await countAll(t)).toEqual(before);
  });

  it('shows a linked venue only to callers who may read it', async () => {
    const draft = await createVenue(t, { venue: 'Draft Venue', status: 'draft' });
    const event = await createEvent(t, { venue: draft.id });
    expect((await getEvent(t, event.id, ANONYMOUS)).body.venue).toEqual([]);
    expect((await getEvent(t, event.id, await t.tokenFor('editor'))).body.venue.id).toBe(draft.id);
  });
});

describe('event links: organizers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('links organizers by ID, {id} and inline objects, keeping the given order', async () => {
    const a = await createOrganizer(t, { organizer: 'Org Alpha' });
    const b = await createOrganizer(t, { organizer: 'Org Beta' });
    const event = await createEvent(t, { organizer: [b.id, { organizer: 'Org Inline', email: 'in@example.org' }, { id: a.id }] });
    expect((event.organizer as Body[]).map((o) => o.organizer)).toEqual(['Org Beta', 'Org Inline', 'Org Alpha']);
    const reordered = await updateEvent(t, event.id, { organizer: [a.id, b.id] });
    expect(idsOfLinks(reordered.organizer)).toEqual([a.id, b.id]);
    expect(idsOfLinks((await getEvent(t, event.id)).body.organizer)).toEqual([a.id, b.id]);
    expect(idsOfLinks((await createEvent(t, { organizer: `${b.id},${a.id}` })).organizer)).toEqual([b.id, a.id]);
  });

  it('never edits an organizer named by {id}', async () => {
    const org = await createOrganizer(t, { organizer: 'Steady Org', phone: '123' });
    const before = withoutOrigin((await t.http.get(`${ORGANIZERS}/${org.id}`).expect(200)).body);
    const event = await createEvent(t, { organizer: [{ id: org.id, organizer: 'Changed', phone: '999' }] });
    expect((event.organizer as Body[])[0]).toMatchObject({ organizer: 'Steady Org', phone: '123' });
    expect(withoutOrigin((await t.http.get(`${ORGANIZERS}/${org.id}`).expect(200)).body)).toEqual(before);
  });

  it('reuses an identical inline organizer instead of creating a duplicate', async () => {
    const organizers = await countRows(t, 'organizers');
    const first = await createEvent(t, { organizer: { organizer: 'Twin Org', email: 'twin@example.org' } });
    const second = await createEvent(t, { organizer: [{ organizer: 'twin org', email: 'TWIN@example.org' }] });
    expect(idsOfLinks(second.organizer)).toEqual(idsOfLinks(first.organizer));
    expect(await countRows(t, 'organizers')).toBe(organizers + 1);
  });

  it('rejects unknown organizers and invalid inline ones, writing nothing', async () => {
    const known = await createOrganizer(t, { organizer: 'Known Org' });
    const before = await countAll(t);
    for (const organizer of [999999, [known.id, 999999], { id: 999999 }, { organizer: 'Bad Mail', email: 'not-an-email' }, 'Someone']) {
      const res = await postEvent(t, { organizer });
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.data.params).join(',')).toMatch(/^organizer/);
    }
    expectMissingParams(await postEvent(t, { organizer: { phone: '1' } }), ['organizer[organizer]']);
    expect(await countAll(t)).toEqual(before);
  });
});

describe('event links: form bodies', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const postForm = (fields: string) =>
    t.http
      .post(EVENTS)
      .set(bearer(ADMIN_TOKEN))
      .type('form')
      .send(`title=Form&start_date=2031-01-01%2010%3A00&end_date=2031-01-01%2011%3A00&${fields}`);

  it('reads inline records, ID lists in order and empty values from form fields', async () => {
    const a = await createOrganizer(t, { organizer: 'Form Org A' });
    const b = await createOrganizer(t, { organizer: 'Form Org B' });
    const inline = await postForm('venue[venue]=Form%20Hall&venue[city]=Bonn').expect(201);
    expect(inline.body.venue).toMatchObject({ venue: 'Form Hall', city: 'Bonn' });
    const ordered = await postForm(`organizer[]=${b.id}&organizer[]=${a.id}`).expect(201);
    expect(idsOfLinks(ordered.body.organizer)).toEqual([b.id, a.id]);
    const mixed = await postForm(`organizer[0][organizer]=Form%20Inline&organizer[1]=${a.id}`).expect(201);
    expect((mixed.body.organizer as Body[]).map((o) => o.organizer)).toEqual(['Form Inline', 'Form Org A']);
    const cleared = await t.http
      .patch(`${EVENTS}/${inline.body.id as number}`)
      .set(bearer(ADMIN_TOKEN))
      .type('form')
      .send('venue=&categories=')
      .expect(200);
    expect([cleared.body.venue, cleared.body.categories]).toEqual([[], []]);
  });
});
