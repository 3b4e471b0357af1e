import { expectInvalidParams, expectMissingParams, withoutOrigin } from './support/events-assertions';
import {
  ANONYMOUS,
  Body,
  countAll,
  countRows,
  createEvent,
  createOrganizer,
  createTerm,
  createVenue,
  EVENTS,
  getEvent,
  ORGANIZERS,
  patchEvent,
  postEvent,
  updateEvent,
  VENUES,
} from './support/events-fixtures';
import { ADMIN_TOKEN, bearer, createTestApp, NS, TestApp } from './support/test-app';

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

describe('event links: categories and tags', () => {
  let t: TestApp;
  let author: string;
  let contributor: string;
  let editor: string;
  beforeAll(async () => {
    t = await createTestApp();
    [author, contributor, editor] = await Promise.all([t.tokenFor('author'), t.tokenFor('contributor'), t.tokenFor('editor')]);
  });
  afterAll(async () => t.close());

  const names = (terms: unknown) => (terms as Body[]).map((term) => term.name);

  it('links categories and tags by ID, slug or name (any case), as lists or comma-separated', async () => {
    const rock = await createTerm(t, 'categories', { name: 'Rock Music', slug: 'rock' });
    const pop = await createTerm(t, 'categories', { name: 'Pop Music' });
    const live = await createTerm(t, 'tags', { name: 'Live Show' });
    const event = await createEvent(t, { categories: [rock.id, 'pop-music'], tags: ['live show'] });
    expect(names(event.categories)).toEqual(['Pop Music', 'Rock Music']);
    expect(names(event.tags)).toEqual(['Live Show']);
    const fromString = await createEvent(t, { categories: `rock,${pop.id}`, tags: String(live.id) });
    expect(names(fromString.categories)).toEqual(['Pop Music', 'Rock Music']);
    expect(names(fromString.tags)).toEqual(['Live Show']);
    const byName = await createEvent(t, { categories: 'ROCK MUSIC' });
    expect(names(byName.categories)).toEqual(['Rock Music']);
  });

  it('embeds terms sorted by name, ignoring case, on both drivers', async () => {
    const event = await createEvent(t, { tags: ['b-sorted', 'Alpha Sorted', 'apple sorted', 'Zulu Sorted'] }, editor);
    expect(names(event.tags)).toEqual(['Alpha Sorted', 'apple sorted', 'b-sorted', 'Zulu Sorted']);
  });

  it('keeps categories and tags apart: a name or slug of one taxonomy is not the other', async () => {
    const category = await createTerm(t, 'categories', { name: 'Shared Name' });
    const event = await createEvent(t, { tags: ['Shared Name'] }, editor);
    const [tag] = event.tags as Body[];
    expect(tag).toMatchObject({ name: 'Shared Name', taxonomy: 'post_tag' });
    expect(tag.id).not.toBe(category.id);
    expectInvalidParams(await postEvent(t, { tags: [category.id] }), ['tags']);
    expectInvalidParams(await postEvent(t, { categories: [tag.id] }), ['categories']);
  });

  it.each(['administrator', 'editor'] as const)('creates a term for an unknown name when the %s writes', async (role) => {
    const token = await t.tokenFor(role);
    const terms = await countRows(t, 'terms');
    const event = await createEvent(t, { categories: [`New Cat ${role}`], tags: [`new tag ${role}`, `Other Tag ${role}`] }, token);
    expect(names(event.categories)).toEqual([`New Cat ${role}`]);
    expect(names(event.tags)).toEqual([`new tag ${role}`, `Other Tag ${role}`]);
    expect(await countRows(t, 'terms')).toBe(terms + 3);
    const [category] = event.categories as Body[];
    const read = await t.http.get(`${NS}/categories/${category.id as number}`).expect(200);
    expect(read.body).toMatchObject({ name: `New Cat ${role}`, count: 1 });
  });

  it.each([
    ['author', () => author],
    ['contributor', () => contributor],
  ])('rejects an unknown term name from the %s and writes nothing', async (_role, token) => {
    await createTerm(t, 'categories', { name: `Existing for ${_role}` });
    const before = await countAll(t);
    expectInvalidParams(await postEvent(t, { categories: ['Invented Category'] }, token()), ['categories']);
    expectInvalidParams(await postEvent(t, { tags: ['invented-tag'] }, token()), ['tags']);
    expect(await countAll(t)).toEqual(before);
    const allowed = await createEvent(t, { categories: [`existing for ${_role}`] }, token());
    expect(names(allowed.categories)).toEqual([`Existing for ${_role}`]);
  });

  it('rejects unknown numeric IDs for every role', async () => {
    const before = await countAll(t);
    expectInvalidParams(await postEvent(t, { categories: [999999] }), ['categories']);
    expectInvalidParams(await postEvent(t, { tags: '999999' }, editor), ['tags']);
    expectInvalidParams(await postEvent(t, { categories: [{ bogus: true }] }), ['categories']);
    expect(await countAll(t)).toEqual(before);
  });
});

describe('event links: one transaction per write', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('writes nothing when a later part of a create fails', async () => {
    const before = await countAll(t);
    expectInvalidParams(await postEvent(t, { venue: { venue: 'Rolled Back Hall' }, tags: [999999] }), ['tags']);
    expectInvalidParams(
      await postEvent(t, {
        venue: { venue: 'Rolled Back Hall' },
        organizer: [{ organizer: 'Rolled Back Org' }],
        categories: ['Rolled Back Category'],
        image: 'https://example.org/rolled-back.png',
        tags: ['fine', 999999],
      }),
      ['tags'],
    );
    const unknownVenueLast = await postEvent(t, {
      venue: [{ venue: 'Rolled Back Hall' }, 999999],
      organizer: { organizer: 'Rolled Back Org' },
    });
    expect(unknownVenueLast.status).toBe(400);
    expect(await countAll(t)).toEqual(before);
    const names = await t.dataSource.query(`SELECT title FROM venues WHERE title = 'Rolled Back Hall'`);
    expect(names).toEqual([]);
  });

  it('writes nothing when a later part of an update fails', async () => {
    const venue = await createVenue(t, { venue: 'Kept Hall' });
    const event = await createEvent(t, { title: 'Kept', venue: venue.id, categories: ['Kept Category'] });
    const before = await countAll(t);
    const snapshot = withoutOrigin((await getEvent(t, event.id)).body);
    const res = await patchEvent(t, event.id, {
      title: 'Changed',
      venue: { venue: 'Never Hall' },
      organizer: [{ organizer: 'Never Org' }],
      categories: ['Never Category', 999999],
    });
    expectInvalidParams(res, ['categories']);
    expect(await countAll(t)).toEqual(before);
    expect(withoutOrigin((await getEvent(t, event.id)).body)).toEqual(snapshot);
  });

  it('rolls back an inline venue when an author names an unknown term', async () => {
    const author = await t.tokenFor('author');
    const before = await countAll(t);
    expectInvalidParams(await postEvent(t, { venue: { venue: 'Author Hall' }, categories: ['Author Invented'] }, author), ['categories']);
    expect(await countAll(t)).toEqual(before);
  });
});
