import { expectInvalidParams, listedIds } from './support/events-assertions';
import {
  Body,
  createEvent,
  createOrganizer,
  createTerm,
  createVenue,
  EVENTS,
  getEvent,
  listEvents,
  ORGANIZERS,
  updateEvent,
  VENUES,
} from './support/events-fixtures';
import { ADMIN_TOKEN, bearer, createTestApp, NS, TestApp } from './support/test-app';

const admin = () => bearer(ADMIN_TOKEN);
const trash = (t: TestApp, path: string) => t.http.delete(path).set(admin()).expect(200);

describe('terms, event side: count, hide_empty and the post/event filters', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const countOf = async (collection: 'categories' | 'tags', id: number) =>
    (await t.http.get(`${NS}/${collection}/${id}`).expect(200)).body.count as number;
  const listed = async (collection: 'categories' | 'tags', query: Record<string, unknown>) =>
    listedIds(await t.http.get(`${NS}/${collection}`).query({ per_page: 50, ...query }), collection);

  it('counts published events only, in term reads, term lists and embedded terms', async () => {
    const category = await createTerm(t, 'categories', { name: 'Counted' });
    const tag = await createTerm(t, 'tags', { name: 'counted-tag' });
    const terms = { categories: [category.id], tags: [tag.id] };
    const published = await createEvent(t, terms);
    const draft = await createEvent(t, { ...terms, status: 'draft' });
    await createEvent(t, { ...terms, status: 'pending' });
    await createEvent(t, { ...terms, status: 'private' });
    await createEvent(t, { ...terms, status: 'future', date: '2099-01-01 10:00:00' });
    const trashed = await createEvent(t, terms);
    await trash(t, `${EVENTS}/${trashed.id}`);

    expect(await countOf('categories', category.id)).toBe(1);
    expect(await countOf('tags', tag.id)).toBe(1);
    const inList = (await t.http.get(`${NS}/categories`).query({ include: category.id }).expect(200)).body.categories[0];
    expect(inList.count).toBe(1);
    expect(((await getEvent(t, published.id)).body.categories as Body[])[0].count).toBe(1);

    await updateEvent(t, draft.id, { status: 'publish' });
    expect(await countOf('categories', category.id)).toBe(2);
    await trash(t, `${EVENTS}/${published.id}`);
    expect(await countOf('categories', category.id)).toBe(1);
    await t.http.delete(`${EVENTS}/${draft.id}?force=true`).set(admin()).expect(200);
    expect(await countOf('categories', category.id)).toBe(0);
    expect(await countOf('tags', tag.id)).toBe(0);
  });

  it('hides terms without a published event unless hide_empty=false', async () => {
    const used = await createTerm(t, 'categories', { name: 'Hide Used' });
    const draftOnly = await createTerm(t, 'categories', { name: 'Hide Draft Only' });
    const unused = await createTerm(t, 'tags', { name: 'hide-unused' });
    await createEvent(t, { categories: [used.id] });
    await createEvent(t, { categories: [draftOnly.id], status: 'draft' });
    const shown = await listed('categories', { search: 'hide' });
    expect(shown).toEqual([used.id]);
    expect((await listed('categories', { search: 'hide', hide_empty: 'false' })).sort()).toEqual([used.id, draftOnly.id].sort());
    expect(await listed('tags', { search: 'hide-unused' })).toEqual([]);
    expect(await listed('tags', { search: 'hide-unused', hide_empty: 0 })).toEqual([unused.id]);
  });

  it('filters terms by the event they are assigned to, with event winning over post', async () => {
    const a = await createTerm(t, 'categories', { name: 'Filter A' });
    const b = await createTerm(t, 'categories', { name: 'Filter B' });
    const tag = await createTerm(t, 'tags', { name: 'filter-tag' });
    const first = await createEvent(t, { categories: [a.id, b.id], tags: [tag.id] });
    const second = await createEvent(t, { categories: [b.id] });
    expect(await listed('categories', { event: first.id })).toEqual([a.id, b.id]);
    expect(await listed('categories', { post: second.id })).toEqual([b.id]);
    expect(await listed('categories', { post: first.id, event: second.id })).toEqual([b.id]);
    expect(await listed('tags', { event: first.id })).toEqual([tag.id]);
    expect(await listed('tags', { event: second.id })).toEqual([]);
    expectInvalidParams(await t.http.get(`${NS}/categories`).query({ event: 999999 }), ['event']);
    expectInvalidParams(await t.http.get(`${NS}/tags`).query({ post: 999999 }), ['post']);
  });

  it('drops a deleted term from its events', async () => {
    const doomed = await createTerm(t, 'tags', { name: 'doomed-tag' });
    const kept = await createTerm(t, 'tags', { name: 'kept-tag' });
    const event = await createEvent(t, { tags: [doomed.id, kept.id] });
    await t.http.delete(`${NS}/tags/${doomed.id}`).set(admin()).expect(200);
    expect(((await getEvent(t, event.id)).body.tags as Body[]).map((tag) => tag.id)).toEqual([kept.id]);
  });
});

describe.each([
  ['venues', VENUES, (name: string) => ({ venue: name }), 'venue'],
  ['organizers', ORGANIZERS, (name: string) => ({ organizer: name }), 'organizer'],
] as const)('%s, event side: event, has_events, only_with_upcoming', (collection, path, fields, eventField) => {
  let t: TestApp;
  let author: string;
  const ids: Record<string, number> = {};
  const past = { start_date: '2020-01-01 10:00', end_date: '2020-01-01 12:00' };
  const future = { start_date: '2031-01-01 10:00', end_date: '2031-01-01 12:00' };
  const ongoing = { start_date: '2020-01-01 10:00', end_date: '2031-01-01 12:00' };
  const events: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp();
    author = await t.tokenFor('author');
    const create = collection === 'venues' ? createVenue : createOrganizer;
    for (const name of ['upcoming', 'ongoing', 'pastOnly', 'draftOnly', 'authorDraftOnly', 'trashedOnly', 'unlinked']) {
      ids[name] = (await create(t, fields(`Side ${name}`))).id;
    }
    const link = async (name: string, extra: Body, token = ADMIN_TOKEN) => {
      events[name] = (await createEvent(t, { ...extra, [eventField]: ids[name] }, token)).id;
    };
    await link('upcoming', future);
    await link('ongoing', ongoing);
    await link('pastOnly', past);
    await link('draftOnly', { ...future, status: 'draft' });
    await link('authorDraftOnly', { ...future, status: 'draft' }, author);
    await link('trashedOnly', future);
    await trash(t, `${EVENTS}/${events.trashedOnly}`);
  });
  afterAll(async () => t.close());

  const names = async (query: Record<string, unknown>, token?: string) => {
    const byId = new Map(Object.entries(ids).map(([name, id]) => [id, name]));
    const res = await t.http
      .get(path)
      .query({ search: 'side', per_page: 50, ...query })
      .set(token ? bearer(token) : {});
    return listedIds(res, collection)
      .map((id) => byId.get(id))
      .sort();
  };

  it('filters by the linked event, which must exist', async () => {
    expect(await names({ event: events.upcoming })).toEqual(['upcoming']);
    expect(await names({ event: events.draftOnly }, ADMIN_TOKEN)).toEqual(['draftOnly']);
    expectInvalidParams(await t.http.get(path).query({ event: 999999 }), ['event']);
  });

  it('has_events=true keeps records linked to an event the caller may read that is not in trash', async () => {
    expect(await names({ has_events: 'true' })).toEqual(['ongoing', 'pastOnly', 'upcoming']);
    expect(await names({ has_events: 'true' }, author)).toEqual(['authorDraftOnly', 'ongoing', 'pastOnly', 'upcoming']);
    expect(await names({ has_events: 'true' }, ADMIN_TOKEN)).toEqual(['authorDraftOnly', 'draftOnly', 'ongoing', 'pastOnly', 'upcoming']);
  });

  it('has_events=false keeps records linked to no such event', async () => {
    const withoutEvents = await names({ has_events: 'false' }, ADMIN_TOKEN);
    expect(withoutEvents).toContain('unlinked');
    expect(withoutEvents).not.toContain('upcoming');
    expect(withoutEvents).not.toContain('draftOnly');
  });

  it('only_with_upcoming=true keeps records with a readable event that has not ended', async () => {
    expect(await names({ only_with_upcoming: 'true' })).toEqual(['ongoing', 'upcoming']);
    expect(await names({ only_with_upcoming: 'true' }, ADMIN_TOKEN)).toEqual(['authorDraftOnly', 'draftOnly', 'ongoing', 'upcoming']);
  });

  it('follows events created, moved and unlinked through the events API', async () => {
    const fresh = collection === 'venues' ? await createVenue(t, fields('Side fresh')) : await createOrganizer(t, fields('Side fresh'));
    ids.fresh = fresh.id;
    expect(await names({ has_events: 'true' })).not.toContain('fresh');
    const event = await createEvent(t, { ...future, [eventField]: fresh.id });
    expect(await names({ has_events: 'true' })).toContain('fresh');
    expect(await names({ only_with_upcoming: 'true' })).toContain('fresh');
    await updateEvent(t, event.id, { ...past });
    expect(await names({ only_with_upcoming: 'true' })).not.toContain('fresh');
    await updateEvent(t, event.id, { [eventField]: [] });
    expect(await names({ has_events: 'true' })).not.toContain('fresh');
    expect(await names({ has_events: 'false' })).toContain('fresh');
  });
});

describe('venues and organizers in trash, event side', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('leaves a trashed venue out of event responses and brings it back when restored', async () => {
    const venue = await createVenue(t, { venue: 'Trash Side Hall' });
    const event = await createEvent(t, { venue: venue.id, start_date: '2031-02-01 10:00', end_date: '2031-02-01 11:00' });
    await trash(t, `${VENUES}/${venue.id}`);
    expect((await getEvent(t, event.id)).body.venue).toEqual([]);
    expect((await getEvent(t, event.id, ADMIN_TOKEN)).body.venue).toEqual([]);
    const listed = await listEvents(t, { include: event.id }).expect(200);
    expect(listed.body.events[0].venue).toEqual([]);
    expect((await updateEvent(t, event.id, { title: 'Touched' })).venue).toEqual([]);

    await t.http.patch(`${VENUES}/${venue.id}`).set(admin()).send({ status: 'publish' }).expect(200);
    expect((await getEvent(t, event.id)).body.venue).toMatchObject({ id: venue.id, venue: 'Trash Side Hall' });
  });

  it('leaves a trashed organizer out and keeps the order of the others when it comes back', async () => {
    const first = await createOrganizer(t, { organizer: 'Trash Side First' });
    const second = await createOrganizer(t, { organizer: 'Trash Side Second' });
    const event = await createEvent(t, { organizer: [first.id, second.id] });
    await trash(t, `${ORGANIZERS}/${first.id}`);
    expect(((await getEvent(t, event.id)).body.organizer as Body[]).map((o) => o.id)).toEqual([second.id]);
    await t.http.post(`${ORGANIZERS}/${first.id}`).set(admin()).send({ status: 'publish' }).expect(200);
    expect(((await getEvent(t, event.id)).body.organizer as Body[]).map((o) => o.id)).toEqual([first.id, second.id]);
  });
});
