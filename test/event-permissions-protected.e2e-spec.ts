import { expectApiError, idsOf, withoutOrigin } from './support/events-assertions';
import {
  ANONYMOUS,
  as,
  Body,
  Caller,
  createEvent,
  createEventLinks,
  createTerm,
  createVenue,
  EVENTS,
  getEvent,
  listEvents,
  patchEvent,
  updateEvent,
  VENUES,
} from './support/events-fixtures';
import { ADMIN_TOKEN, bearer, createTestApp, NS, TestApp } from './support/test-app';

/*
 * Event permissions beyond the role matrix: password-protected events; trash, restore and force delete.
 */

describe('event permissions: password-protected events', () => {
  let t: TestApp;
  let author: string;
  let otherAuthor: string;
  let editor: string;
  let contributor: string;
  let event: Body & { id: number; slug: string };
  beforeAll(async () => {
    // Many wrong passwords from one address on purpose: the limit itself is tested in security-rate-limits.
    t = await createTestApp({ RATE_LIMIT_PASSWORD_FAILURES: '1000' });
    [author, otherAuthor, editor, contributor] = await Promise.all([
      t.tokenFor('author'),
      t.tokenFor('author'),
      t.tokenFor('editor'),
      t.tokenFor('contributor'),
    ]);
    const { venue, organizer } = await createEventLinks(t, {
      venue: { venue: 'Secret Hall' },
      organizer: { organizer: 'Secret Org' },
      category: { name: 'Secret Category' },
      tag: { name: 'secret-tag' },
    });
    event = (await createEvent(
      t,
      {
        title: 'Secret Gig',
        description: 'The hidden <b>details</b>',
        excerpt: 'Hidden excerpt',
        cost: '$20',
        website: 'https://secret.example.org',
        image: 'https://secret.example.org/poster.png',
        start_date: '2031-05-01 20:00',
        end_date: '2031-05-01 23:00',
        categories: ['secret-category'],
        tags: ['secret-tag'],
        venue: venue.id,
        organizer: [organizer.id],
        password: 'sesame',
      },
      author,
    )) as Body & { id: number; slug: string };
  });
  afterAll(async () => t.close());

  const bySlug = (token: Caller = ANONYMOUS, query: Record<string, string> = {}) =>
    t.http.get(`${EVENTS}/by-slug/${event.slug}`).query(query).set(as(token));

  it('never returns the password', async () => {
    expect(event).not.toHaveProperty('password');
    expect((await getEvent(t, event.id, author)).body).not.toHaveProperty('password');
    const listed = await listEvents(t, { include: event.id });
    expect(listed.body.events[0]).not.toHaveProperty('password');
    expect(JSON.stringify(listed.body)).not.toContain('sesame');
  });

  it.each([
    ['without a password', {}],
    ['with a wrong password', { password: 'open' }],
    ['with an empty password', { password: '' }],
  ])('answers 403 event-password-protected by ID and by slug %s', async (_case, query) => {
    for (const token of [ANONYMOUS, otherAuthor, contributor]) {
      expectApiError(await getEvent(t, event.id, token, query), 403, 'event-password-protected');
      expectApiError(await bySlug(token, query), 403, 'event-password-protected');
    }
  });

  it('opens with the right password by ID and by slug', async () => {
    const byId = await getEvent(t, event.id, ANONYMOUS, { password: 'sesame' }).expect(200);
    expect(byId.body).toMatchObject({ title: 'Secret Gig', website: 'https://secret.example.org', cost_details: { values: ['20'] } });
    expect(byId.body.description).toContain('details');
    expect((byId.body.venue as Body).venue).toBe('Secret Hall');
    const slug = await bySlug(ANONYMOUS, { password: 'sesame' }).expect(200);
    expect(withoutOrigin(slug.body)).toEqual(withoutOrigin(byId.body));
  });

  it('opens for the owner and for editors without a password', async () => {
    for (const token of [author, editor, ADMIN_TOKEN]) {
      const res = await getEvent(t, event.id, token).expect(200);
      expect(res.body.description).toContain('details');
      await bySlug(token).expect(200);
    }
  });

  it('lists it with the content fields emptied for callers who cannot open it', async () => {
    for (const token of [ANONYMOUS, otherAuthor]) {
      const res = await listEvents(t, { include: event.id }, token).expect(200);
      expect(res.body.events[0]).toMatchObject({
        id: event.id,
        title: 'Secret Gig',
        start_date: '2031-05-01 20:00:00',
        description: '',
        excerpt: '',
        cost: '',
        website: '',
        categories: [],
        tags: [],
        venue: [],
        organizer: [],
        image: false,
      });
      expect(res.body.events[0].cost_details.values).toEqual([]);
    }
    const owner = await listEvents(t, { include: event.id }, author).expect(200);
    expect(owner.body.events[0]).toMatchObject({
      website: 'https://secret.example.org',
      categories: [expect.objectContaining({ name: 'Secret Category' })],
    });
  });

  it('is removed with an empty password, by the owner', async () => {
    const other = await createEvent(t, { title: 'Briefly Secret', password: 'x' }, author);
    expectApiError(await getEvent(t, other.id), 403, 'event-password-protected');
    expectApiError(await patchEvent(t, other.id, { password: '' }, otherAuthor), 403, 'rest_forbidden');
    await updateEvent(t, other.id, { password: '' }, author);
    await getEvent(t, other.id).expect(200);
    await updateEvent(t, other.id, { password: 'again' }, editor);
    expectApiError(await getEvent(t, other.id), 403, 'event-password-protected');
  });
});

describe('event permissions: trash, restore and force delete', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const admin = () => bearer(ADMIN_TOKEN);
  const inList = async (id: number, query: Record<string, string> = {}) =>
    idsOf(await listEvents(t, { include: id, ...query }, ADMIN_TOKEN).expect(200)).includes(id);

  it('moves to trash, hides the event, and answers 410 when trashed again', async () => {
    const event = await createEvent(t, { title: 'Trash Me' });
    const res = await t.http.delete(`${EVENTS}/${event.id}`).set(admin()).expect(200);
    expect(res.body).toMatchObject({ id: event.id, title: 'Trash Me', status: 'trash' });
    expect(res.body).not.toHaveProperty('deleted');
    expectApiError(await getEvent(t, event.id), 403, 'event-no-longer-available');
    expectApiError(await getEvent(t, event.id, ADMIN_TOKEN), 403, 'event-no-longer-available');
    expectApiError(await t.http.get(`${EVENTS}/by-slug/${event.slug as string}`).set(admin()), 403, 'event-no-longer-available');
    expect(await inList(event.id)).toBe(false);
    expect(await inList(event.id, { status: 'trash' })).toBe(true);
    expectApiError(await t.http.delete(`${EVENTS}/${event.id}`).set(admin()), 410, 'event-is-in-trash');
    expectApiError(await t.http.delete(`${EVENTS}/by-slug/${event.slug as string}`).set(admin()), 410, 'event-is-in-trash');
  });

  it('keeps a trashed event in trash through updates that name no status, and restores with one', async () => {
    const venue = await createVenue(t, { venue: 'Restore Hall' });
    const event = await createEvent(t, { title: 'Restore Me', venue: venue.id, categories: ['Restore Category'] });
    await t.http.delete(`${EVENTS}/${event.id}?force=false`).set(admin()).expect(200);
    expect((await updateEvent(t, event.id, { title: 'Still Trashed' })).status).toBe('trash');
    const restored = await updateEvent(t, event.id, { status: 'publish' });
    expect(restored).toMatchObject({ status: 'publish', title: 'Still Trashed' });
    expect((restored.venue as Body).id).toBe(venue.id);
    expect((restored.categories as Body[]).map((c) => c.name)).toEqual(['Restore Category']);
    await getEvent(t, event.id).expect(200);
    expect(await inList(event.id)).toBe(true);
  });

  it('deletes for good with force=true in the query or the body', async () => {
    const venue = await createVenue(t, { venue: 'Survivor Hall' });
    const category = await createTerm(t, 'categories', { name: 'Force Category' });
    const viaQuery = await createEvent(t, { title: 'Force Query', venue: venue.id, categories: [category.id] });
    const res = await t.http.delete(`${EVENTS}/${viaQuery.id}`).query({ force: 'true' }).set(admin()).expect(200);
    expect(res.body).toMatchObject({ deleted: true, previous: { id: viaQuery.id, title: 'Force Query' } });
    expectApiError(await getEvent(t, viaQuery.id, ADMIN_TOKEN), 404, 'rest-event-not-found');
    expectApiError(await t.http.delete(`${EVENTS}/${viaQuery.id}?force=true`).set(admin()), 404, 'rest-event-not-found');
    await t.http.get(`${VENUES}/${venue.id}`).expect(200);
    expect((await t.http.get(`${NS}/categories/${category.id}`).expect(200)).body.count).toBe(0);
    const links: unknown[] = await t.dataSource.query('SELECT * FROM event_venues WHERE event_id = ?', [viaQuery.id]);
    expect(links).toEqual([]);

    const viaBody = await createEvent(t, { title: 'Force Body' });
    const bodyRes = await t.http.delete(`${EVENTS}/${viaBody.id}`).set(admin()).send({ force: true }).expect(200);
    expect(bodyRes.body).toMatchObject({ deleted: true, previous: { id: viaBody.id } });

    const trashedFirst = await createEvent(t, { title: 'Force Trashed' });
    await t.http.delete(`${EVENTS}/${trashedFirst.id}`).set(admin()).expect(200);
    const forced = await t.http
      .delete(`${EVENTS}/by-slug/${trashedFirst.slug as string}?force=1`)
      .set(admin())
      .expect(200);
    expect(forced.body).toMatchObject({ deleted: true, previous: { id: trashedFirst.id, status: 'trash' } });
  });
});
