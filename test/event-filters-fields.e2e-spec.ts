import { expectInvalidParams, listedIds } from './support/events-assertions';
import {
  Body,
  createEvent,
  createOrganizer,
  createTerm,
  createVenue,
  EVENTS,
  listEvents,
  setPostParent,
  updateEvent,
  VENUES,
} from './support/events-fixtures';
import { ADMIN_TOKEN, bearer, createTestApp, TestApp } from './support/test-app';

/*
 * Event list filters on fields: search, terms, linked records, flags and places.
 */

/** A window far from "now", so the default window never decides which of these events show. */
const YEAR = { start_date: '2031-01-01', end_date: '2031-12-31' };

describe('event filters: search, terms, links, flags and places', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const list = (query: Record<string, unknown>, token?: string) => listEvents(t, { ...YEAR, per_page: 50, ...query }, token);
  const found = async (query: Record<string, unknown>) => listedIds(await list(query));
  const event = (fields: Body) => createEvent(t, { start_date: '2031-05-01 10:00', end_date: '2031-05-01 12:00', ...fields });

  it('searches title, description and excerpt, case-insensitively', async () => {
    const inTitle = await event({ title: 'Zqsearch Title Hit' });
    const inDescription = await event({ title: 'Plain', description: '<p>Contains ZQSEARCH in the text</p>' });
    const inExcerpt = await event({ title: 'Plain too', excerpt: 'about zqSearch' });
    await event({ title: 'Unrelated', description: 'nothing here' });
    expect((await found({ search: 'zqsearch' })).sort()).toEqual([inTitle.id, inDescription.id, inExcerpt.id].sort());
    expect(await found({ search: 'ZQSEARCH TITLE' })).toEqual([inTitle.id]);
    const none = await list({ search: 'zq-no-such-text' });
    expect([none.status, none.body.events, none.body.total, none.body.total_pages]).toEqual([200, [], 0, 0]);
  });

  it('folds case beyond ASCII in search', async () => {
    const umlaut = await event({ title: 'Zqumlaut ÜBER Straße' });
    expect(await found({ search: 'über' })).toEqual([umlaut.id]);
    expect(await found({ search: 'zqUMLAUT über' })).toEqual([umlaut.id]);
  });

  it('treats SQL wildcard, escape and quote characters in search literally', async () => {
    const percent = await event({ title: 'Zqlit 100% sure' });
    const underscore = await event({ title: 'Zqlit snake_case' });
    const bang = await event({ title: 'Zqlit wow!' });
    const quote = await event({ title: "Zqlit O'Brien" });
    const backslash = await event({ title: 'Zqlit back\\slash' });
    await event({ title: 'Zqlit plain words 100 sure snakeXcase' });
    expect(await found({ search: '%' })).toEqual([percent.id]);
    expect(await found({ search: '0% s' })).toEqual([percent.id]);
    expect(await found({ search: '_' })).toEqual([underscore.id]);
    expect(await found({ search: 'e_c' })).toEqual([underscore.id]);
    expect(await found({ search: '!' })).toEqual([bang.id]);
    expect(await found({ search: "'" })).toEqual([quote.id]);
    expect(await found({ search: '\\' })).toEqual([backslash.id]);
    expect(await found({ search: "' OR 1=1 --" })).toEqual([]);
  });

  it('filters by categories and tags given as IDs or slugs, with OR logic', async () => {
    const jazz = await createTerm(t, 'categories', { name: 'Zqjazz' });
    const rock = await createTerm(t, 'categories', { name: 'Zqrock' });
    const free = await createTerm(t, 'tags', { name: 'Zqfree' });
    const a = await event({ title: 'Zqterm A', categories: [jazz.id], tags: [free.id] });
    const b = await event({ title: 'Zqterm B', categories: [rock.id] });
    await event({ title: 'Zqterm C' });
    expect(await found({ search: 'zqterm', categories: jazz.id })).toEqual([a.id]);
    expect(await found({ search: 'zqterm', categories: 'zqrock' })).toEqual([b.id]);
    expect(await found({ search: 'zqterm', categories: `${jazz.id},zqrock` })).toEqual([a.id, b.id]);
    expect(
      listedIds(await listEvents(t, `search=zqterm&start_date=2031-01-01&end_date=2031-12-31&categories[]=zqjazz&categories[]=${rock.id}`)),
    ).toEqual([a.id, b.id]);
    expect(await found({ search: 'zqterm', tags: 'zqfree' })).toEqual([a.id]);
    expect(await found({ search: 'zqterm', categories: 'zqrock', tags: 'zqfree' })).toEqual([]);
  });

  it.each([
    ['categories', '999999'],
    ['categories', 'no-such-category'],
    ['tags', '999999'],
    ['tags', 'no-such-tag'],
  ])('rejects an unknown %s filter value %s', async (field, value) => {
    expectInvalidParams(await list({ [field]: value }), [field]);
  });

  it('does not take a tag for a category or the reverse', async () => {
    const tag = await createTerm(t, 'tags', { name: 'Zqonly tag' });
    const category = await createTerm(t, 'categories', { name: 'Zqonly category' });
    expectInvalidParams(await list({ categories: tag.slug }), ['categories']);
    expectInvalidParams(await list({ tags: category.id }), ['tags']);
  });

  it('filters by venue and organizer IDs with OR logic and rejects unknown ones', async () => {
    const hall = await createVenue(t, { venue: 'Zqhall' });
    const club = await createVenue(t, { venue: 'Zqclub' });
    const org = await createOrganizer(t, { organizer: 'Zqorg' });
    const other = await createOrganizer(t, { organizer: 'Zqother' });
    const a = await event({ title: 'Zqlink A', venue: hall.id, organizer: [org.id] });
    const b = await event({ title: 'Zqlink B', venue: club.id, organizer: [other.id, org.id] });
    await event({ title: 'Zqlink C' });
    expect(await found({ search: 'zqlink', venue: hall.id })).toEqual([a.id]);
    expect(await found({ search: 'zqlink', venue: `${hall.id},${club.id}` })).toEqual([a.id, b.id]);
    expect(await found({ search: 'zqlink', organizer: org.id })).toEqual([a.id, b.id]);
    expect(await found({ search: 'zqlink', organizer: other.id })).toEqual([b.id]);
    expect(await found({ search: 'zqlink', organizer: other.id, venue: hall.id })).toEqual([]);
    expectInvalidParams(await list({ venue: 999999 }), ['venue']);
    expectInvalidParams(await list({ organizer: `${org.id},999999` }), ['organizer']);
    expectInvalidParams(await list({ venue: 'hall' }), ['venue']);
  });

  it('filters by featured', async () => {
    const featured = await event({ title: 'Zqfeat yes', featured: true });
    const plain = await event({ title: 'Zqfeat no' });
    expect(await found({ search: 'zqfeat', featured: 'true' })).toEqual([featured.id]);
    expect(await found({ search: 'zqfeat', featured: 0 })).toEqual([plain.id]);
    expectInvalidParams(await list({ featured: 'perhaps' }), ['featured']);
  });

  it('filters by geolocation: with coordinates, and within a radius nearest first', async () => {
    const berlin = await createVenue(t, { venue: 'Zqgeo Berlin', geo_lat: 52.52, geo_lng: 13.405 });
    const potsdam = await createVenue(t, { venue: 'Zqgeo Potsdam', geo_lat: 52.3906, geo_lng: 13.0645 });
    const leipzig = await createVenue(t, { venue: 'Zqgeo Leipzig', geo_lat: 51.3397, geo_lng: 12.3731 });
    const nowhere = await createVenue(t, { venue: 'Zqgeo Nowhere' });
    const inPotsdam = await event({ title: 'Zqgeo potsdam', venue: potsdam.id, start_date: '2031-05-01 08:00' });
    const inBerlin = await event({ title: 'Zqgeo berlin', venue: berlin.id, start_date: '2031-05-01 09:00' });
    const inLeipzig = await event({ title: 'Zqgeo leipzig', venue: leipzig.id });
    const unplaced = await event({ title: 'Zqgeo unplaced', venue: nowhere.id });
    const noVenue = await event({ title: 'Zqgeo none' });
    expect(await found({ search: 'zqgeo', geoloc: true })).toEqual([inPotsdam.id, inBerlin.id, inLeipzig.id]);
    expect(await found({ search: 'zqgeo', geoloc: false })).toEqual([unplaced.id, noVenue.id]);
    const point = { search: 'zqgeo', geoloc_lat: 52.52, geoloc_lng: 13.405 };
    expect(await found(point)).toEqual([inBerlin.id, inPotsdam.id]);
    expect(await found({ ...point, geoloc_radius: 200 })).toEqual([inBerlin.id, inPotsdam.id, inLeipzig.id]);
    expect(await found({ ...point, geoloc_radius: 10 })).toEqual([inBerlin.id]);
    await t.http.delete(`${VENUES}/${berlin.id}`).set(bearer(ADMIN_TOKEN)).expect(200);
    expect(await found(point)).toEqual([inPotsdam.id]);
  });

  it('needs geoloc_lat and geoloc_lng together and in range', async () => {
    expectInvalidParams(await list({ geoloc_lat: 52.5 }), ['geoloc_lng']);
    expectInvalidParams(await list({ geoloc_lng: 13.4 }), ['geoloc_lat']);
    expectInvalidParams(await list({ geoloc_lat: 95, geoloc_lng: 13.4 }), ['geoloc_lat']);
    expectInvalidParams(await list({ geoloc_lat: 52, geoloc_lng: 'east' }), ['geoloc_lng']);
  });

  it('includes exactly the given IDs, with hidden events, in start order', async () => {
    const later = await event({ title: 'Zqinc later', start_date: '2031-06-01 10:00', end_date: '2031-06-01 11:00' });
    const hidden = await event({ title: 'Zqinc hidden', hide_from_listings: true });
    await event({ title: 'Zqinc other' });
    expect(listedIds(await listEvents(t, { include: `${later.id},${hidden.id}` }))).toEqual([hidden.id, later.id]);
    expect(listedIds(await listEvents(t, `include[]=${later.id}&include[]=${hidden.id}`))).toEqual([hidden.id, later.id]);
    for (const include of ['0', '-1', 'abc']) expectInvalidParams(await listEvents(t, { include }), ['include']);
  });

  it('keeps the status and read rules for include: no trash unless asked, no drafts for anonymous callers', async () => {
    const trashed = await event({ title: 'Zqinclude trashed' });
    const draft = await event({ title: 'Zqinclude draft', status: 'draft' });
    await t.http.delete(`${EVENTS}/${trashed.id}`).set(bearer(ADMIN_TOKEN)).expect(200);
    const include = `${trashed.id},${draft.id}`;
    expect(listedIds(await listEvents(t, { include }, ADMIN_TOKEN))).toEqual([draft.id]);
    expect(listedIds(await listEvents(t, { include, status: 'trash' }, ADMIN_TOKEN))).toEqual([trashed.id]);
    expect(listedIds(await listEvents(t, { include }))).toEqual([]);
  });

  it('never lists hidden events, not even to administrators, except through include', async () => {
    const hidden = await event({ title: 'Zqhidden event', hide_from_listings: true });
    expect(await found({ search: 'zqhidden' })).toEqual([]);
    expect(listedIds(await list({ search: 'zqhidden' }, ADMIN_TOKEN))).toEqual([]);
    await updateEvent(t, hidden.id, { hide_from_listings: false });
    expect(await found({ search: 'zqhidden' })).toEqual([hidden.id]);
  });

  it('filters by post_parent, which must be an existing event', async () => {
    const parent = await event({ title: 'Zqparent' });
    const child = await event({ title: 'Zqchild one' });
    const sibling = await event({ title: 'Zqchild two', start_date: '2031-04-01 10:00', end_date: '2031-04-01 11:00' });
    await event({ title: 'Zqchild none' });
    await setPostParent(t, child.id, parent.id);
    await setPostParent(t, sibling.id, parent.id);
    expect(await found({ post_parent: parent.id })).toEqual([sibling.id, child.id]);
    expectInvalidParams(await list({ post_parent: 999999 }), ['post_parent']);
    expectInvalidParams(await list({ post_parent: 'abc' }), ['post_parent']);
  });

  it('returns nothing for ticketed=true and everything for ticketed=false', async () => {
    const a = await event({ title: 'Zqticket' });
    const ticketed = await list({ search: 'zqticket', ticketed: 'true' });
    expect([ticketed.status, ticketed.body.events, ticketed.body.total]).toEqual([200, [], 0]);
    expect(await found({ search: 'zqticket', ticketed: 'false' })).toEqual([a.id]);
    expect(await found({ search: 'zqticket' })).toEqual([a.id]);
  });

  it('orders by start date, then by ID for equal starts', async () => {
    const late = await event({ title: 'Zqorder late', start_date: '2031-05-03 10:00', end_date: '2031-05-03 11:00' });
    const tieB = await event({ title: 'Zqorder tie b', start_date: '2031-05-02 10:00', end_date: '2031-05-02 11:00' });
    const tieA = await event({ title: 'Zqorder tie a', start_date: '2031-05-02 10:00', end_date: '2031-05-02 12:00' });
    const early = await event({ title: 'Zqorder early', start_date: '2031-05-01 09:00', end_date: '2031-05-05 11:00' });
    expect(await found({ search: 'zqorder' })).toEqual([early.id, tieB.id, tieA.id, late.id]);
  });
});
