import { DateTime } from 'luxon';
import {
  expectApiError,
  expectInvalidParams,
  idsOf,
  listedIds,
  parseLinkHeader,
  pathOf,
  queryOf,
  withoutOrigin,
} from './support/events-assertions';
import { boundaryEvents, BoundaryName, siteDay } from './support/events-day-boundaries';
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
import { defaultWindow, WALL_FORMAT } from './support/events-zones';
import type { Response } from 'supertest';
import { ADMIN_TOKEN, bearer, createTestApp, TestApp } from './support/test-app';

/** A window far from "now", so the default window never decides which of these events show. */
const YEAR = { start_date: '2031-01-01', end_date: '2031-12-31' };

describe.each([
  ['Asia/Tokyo', ['2031-06-10']],
  ['Europe/Berlin', ['2031-06-10', '2031-03-30', '2031-10-26']],
  ['America/New_York', ['2031-06-10', '2031-03-09', '2031-11-02']],
])('event filters: whole days and strict times with SITE_TIMEZONE=%s', (siteZone, days) => {
  let t: TestApp;
  /** day → boundary name → event ID */
  const ids = new Map<string, Map<BoundaryName, number>>();
  const slugOf = (day: string) => `day-${day}`;

  beforeAll(async () => {
    t = await createTestApp({ SITE_TIMEZONE: siteZone });
    for (const day of days) {
      await createTerm(t, 'categories', { name: `Day ${day}`, slug: slugOf(day) });
      const byName = new Map<BoundaryName, number>();
      for (const event of boundaryEvents(day, siteZone)) {
        const created = await createEvent(t, {
          title: `${event.name} ${day}`,
          start_date: event.start,
          end_date: event.end,
          timezone: event.zone,
          categories: [slugOf(day)],
        });
        byName.set(event.name, created.id);
      }
      ids.set(day, byName);
    }
  });
  afterAll(async () => t.close());

  /** Names of the day's events the filter returns, in list order. */
  async function matching(day: string, filter: Record<string, string>): Promise<BoundaryName[]> {
    const res = await listEvents(t, { ...filter, categories: slugOf(day), per_page: 50 });
    const byId = new Map([...(ids.get(day) ?? [])].map(([name, id]) => [id, name]));
    return listedIds(res).map((id) => byId.get(id) as BoundaryName);
  }
  const sorted = (names: BoundaryName[]) => [...names].sort();

  describe.each(days)('around %s', (day) => {
    const next = DateTime.fromISO(day).plus({ days: 1 }).toFormat('yyyy-MM-dd');
    const previous = DateTime.fromISO(day).minus({ days: 1 }).toFormat('yyyy-MM-dd');

    it('places the test events on a day of the expected length', () => {
      const { hours } = siteDay(day, siteZone);
      const dst = day !== '2031-06-10';
      expect(hours).toBe(dst ? (day.slice(5, 7) === '03' ? 23 : 25) : 24);
    });

    it('includes whole days by default: start_date from 00:00:00, end_date until 23:59:59', async () => {
      expect(sorted(await matching(day, { start_date: day, end_date: day }))).toEqual(['first', 'inside', 'last']);
      expect(sorted(await matching(day, { start_date: `${day} 15:00:00`, end_date: `${day} 01:00` }))).toEqual(['first', 'inside', 'last']);
      expect(sorted(await matching(day, { start_date: day, end_date: next }))).toEqual(['first', 'inside', 'last', 'overnight']);
      expect(sorted(await matching(day, { start_date: previous, end_date: day }))).toEqual(['before', 'first', 'inside', 'last']);
    });

    it('uses the given times with strict_dates=true, bounds inclusive', async () => {
      const strict = { strict_dates: 'true' };
      expect(sorted(await matching(day, { ...strict, start_date: `${day} 00:00:00`, end_date: `${day} 23:59:59` }))).toEqual([
        'first',
        'inside',
        'last',
      ]);
      expect(await matching(day, { ...strict, start_date: `${day} 12:00:00`, end_date: `${day} 13:00:00` })).toEqual(['inside']);
      expect(await matching(day, { ...strict, start_date: `${day} 00:00:01`, end_date: `${day} 13:00:00` })).toEqual(['inside']);
    });

    it('compares relative filters strictly, widening them to 23:59:59 unless strict_dates', async () => {
      const strict = { strict_dates: 'true' };
      expect(sorted(await matching(day, { ...strict, starts_before: `${day} 00:00:00` }))).toEqual(['before', 'spanning']);
      expect(sorted(await matching(day, { ...strict, starts_after: `${day} 00:00:00` }))).toEqual(['inside', 'last', 'overnight']);
      expect(sorted(await matching(day, { ...strict, ends_before: `${day} 23:59:59` }))).toEqual(['before', 'first', 'inside']);
      expect(sorted(await matching(day, { ...strict, ends_after: `${day} 23:59:59` }))).toEqual(['overnight', 'spanning']);
      // Without strict_dates every relative date means 23:59:59 of its day.
      expect(await matching(day, { starts_before: previous })).toEqual(['spanning']);
      expect(sorted(await matching(day, { starts_after: previous }))).toEqual(['first', 'inside', 'last', 'overnight']);
      expect(sorted(await matching(day, { ends_before: `${day} 08:00` }))).toEqual(['before', 'first', 'inside']);
      expect(sorted(await matching(day, { ends_after: day }))).toEqual(['overnight', 'spanning']);
    });

    it('combines start_date, end_date and relative filters', async () => {
      expect(sorted(await matching(day, { start_date: previous, end_date: next, ends_after: day }))).toEqual(['overnight', 'spanning']);
      expect(sorted(await matching(day, { start_date: day, end_date: next, starts_before: day, strict_dates: '0' }))).toEqual([
        'first',
        'inside',
        'last',
        'overnight',
      ]);
    });

    it('orders by start, then ID', async () => {
      expect(
        await matching(day, { start_date: previous, end_date: DateTime.fromISO(day).plus({ days: 2 }).toFormat('yyyy-MM-dd') }),
      ).toEqual(['spanning', 'before', 'first', 'inside', 'last', 'overnight']);
    });
  });
});

describe('event filters: the default window', () => {
  const SITE = 'America/New_York';
  let t: TestApp;
  const created: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp({ SITE_TIMEZONE: SITE });
    const { start, end } = defaultWindow(SITE);
    const at = (wall: string, seconds: number) =>
      DateTime.fromFormat(wall, WALL_FORMAT, { zone: SITE }).plus({ seconds }).toFormat(WALL_FORMAT);
    const events: Record<string, [string, string]> = {
      startsYesterday: [start, at(start, 3600)],
      startsTooEarly: [at(start, -1), at(start, 3600)],
      endsOnLastDay: [at(end, -3600), end],
      endsTooLate: [at(end, -3600), at(end, 1)],
      past: ['2020-03-01 10:00:00', '2020-03-01 12:00:00'],
      farFuture: ['2040-03-01 10:00:00', '2040-03-01 12:00:00'],
    };
    for (const [name, [startDate, endDate]] of Object.entries(events)) {
      created[name] = (await createEvent(t, { title: `window ${name}`, start_date: startDate, end_date: endDate, timezone: SITE })).id;
    }
  });
  afterAll(async () => t.close());

  const names = (res: Response) => {
    const byId = new Map(Object.entries(created).map(([name, id]) => [id, name]));
    return listedIds(res)
      .map((id) => byId.get(id))
      .filter(Boolean)
      .sort();
  };

  /** A request and the window computed around it; repeated in the rare case midnight passed in between. */
  async function withWindow(query: Record<string, string>) {
    for (;;) {
      const before = defaultWindow(SITE);
      const res = await listEvents(t, { search: 'window', ...query });
      if (JSON.stringify(defaultWindow(SITE)) === JSON.stringify(before)) return { res, window: before };
    }
  }

  it('runs from 00:00 yesterday to 23:59:59 of the day 24 months ahead in SITE_TIMEZONE', async () => {
    const { res, window } = await withWindow({});
    expect(names(res)).toEqual(['endsOnLastDay', 'startsYesterday']);
    expect(queryOf(res.body.rest_url)).toMatchObject({ start_date: window.start, end_date: window.end });
  });

  it('keeps the default end when only start_date is given, and the default start when only end_date is', async () => {
    const { res: fromStart, window } = await withWindow({ start_date: '2020-01-01' });
    expect(names(fromStart)).toEqual(['endsOnLastDay', 'past', 'startsTooEarly', 'startsYesterday']);
    expect(queryOf(fromStart.body.rest_url)).toMatchObject({ start_date: '2020-01-01 00:00:00', end_date: window.end });
    const { res: toEnd, window: again } = await withWindow({ end_date: '2040-12-31' });
    expect(names(toEnd)).toEqual(['endsOnLastDay', 'endsTooLate', 'farFuture', 'startsYesterday']);
    expect(queryOf(toEnd.body.rest_url)).toMatchObject({ start_date: again.start, end_date: '2040-12-31 23:59:59' });
  });

  it('drops both defaults when a relative filter comes without start_date and end_date', async () => {
    const { res } = await withWindow({ ends_after: '2019-12-31' });
    expect(names(res)).toEqual(Object.keys(created).sort());
    expect(queryOf(res.body.rest_url)).not.toHaveProperty('start_date');
    expect(queryOf(res.body.rest_url)).not.toHaveProperty('end_date');
    expect(names((await withWindow({ starts_before: '2021-01-01' })).res)).toEqual(['past']);
    expect(names((await withWindow({ starts_after: '2039-01-01' })).res)).toEqual(['farFuture']);
    expect(names((await withWindow({ ends_before: '2021-01-01' })).res)).toEqual(['past']);
  });

  it('ignores every date filter for include', async () => {
    const include = Object.values(created).join(',');
    const res = await listEvents(t, { include, start_date: '2030-01-01', end_date: '2030-01-02', starts_after: '2035-01-01' });
    expect(names(res)).toEqual(Object.keys(created).sort());
    expect(queryOf(res.body.rest_url)).not.toHaveProperty('start_date');
  });
});

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

describe('event filters: status per role', () => {
  let t: TestApp;
  let author: string;
  let contributor: string;
  let editor: string;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    t = await createTestApp();
    [author, contributor, editor] = await Promise.all([t.tokenFor('author'), t.tokenFor('contributor'), t.tokenFor('editor')]);
    const make = async (name: string, fields: Body, token = ADMIN_TOKEN) => {
      ids[name] = (
        await createEvent(t, { title: `Zqstatus ${name}`, start_date: '2031-05-01 10:00', end_date: '2031-05-01 11:00', ...fields }, token)
      ).id;
    };
    await make('published', {});
    await make('adminDraft', { status: 'draft' });
    await make('adminPending', { status: 'pending' });
    await make('adminPrivate', { status: 'private' });
    await make('adminFuture', { status: 'future', date: '2099-01-01 00:00:00' });
    await make('authorDraft', { status: 'draft' }, author);
    await make('authorPublished', {}, author);
    await make('contributorDraft', {}, contributor);
    await make('trashed', {});
    await t.http.delete(`${EVENTS}/${ids.trashed}`).set(bearer(ADMIN_TOKEN)).expect(200);
  });
  afterAll(async () => t.close());

  const names = async (query: Record<string, unknown>, token?: string) => {
    const byId = new Map(Object.entries(ids).map(([name, id]) => [id, name]));
    const res = await listEvents(t, { ...YEAR, search: 'zqstatus', per_page: 50, ...query }, token);
    return listedIds(res)
      .map((id) => byId.get(id))
      .sort();
  };

  it('shows anonymous callers published events only and rejects other statuses', async () => {
    expect(await names({})).toEqual(['authorPublished', 'published']);
    expect(await names({ status: 'publish' })).toEqual(['authorPublished', 'published']);
    expectInvalidParams(await listEvents(t, { status: 'draft' }), ['status']);
    expectInvalidParams(await listEvents(t, { status: 'publish,trash' }), ['status']);
  });

  it.each([
    ['administrator', () => ADMIN_TOKEN],
    ['editor', () => editor],
  ])('shows the %s every status but trash by default, and what status names', async (_role, token) => {
    const all = [
      'adminDraft',
      'adminFuture',
      'adminPending',
      'adminPrivate',
      'authorDraft',
      'authorPublished',
      'contributorDraft',
      'published',
    ];
    expect(await names({}, token())).toEqual(all);
    expect(await names({ status: 'draft' }, token())).toEqual(['adminDraft', 'authorDraft', 'contributorDraft']);
    expect(await names({ status: 'pending,private' }, token())).toEqual(['adminPending', 'adminPrivate']);
    expect(await names({ status: ['future', 'publish'] }, token())).toEqual(['adminFuture', 'authorPublished', 'published']);
    expect(await names({ status: 'trash' }, token())).toEqual(['trashed']);
  });

  it('shows authors and contributors published events and their own', async () => {
    expect(await names({}, author)).toEqual(['authorDraft', 'authorPublished', 'published']);
    expect(await names({ status: 'draft' }, author)).toEqual(['authorDraft']);
    expect(await names({ status: 'private,pending,future' }, author)).toEqual([]);
    expect(await names({}, contributor)).toEqual(['authorPublished', 'contributorDraft', 'published']);
    expect(await names({ status: 'draft' }, contributor)).toEqual(['contributorDraft']);
  });

  it('rejects unknown statuses for everyone', async () => {
    expectInvalidParams(await listEvents(t, { status: 'bogus' }, ADMIN_TOKEN), ['status']);
    expectInvalidParams(await listEvents(t, { status: 'publish,bogus' }, author), ['status']);
  });
});

describe('event filters: pages and links', () => {
  let t: TestApp;
  let ids: number[];
  let jazz: Body & { id: number; slug: string };
  let live: Body & { id: number; slug: string };
  let hall: Body & { id: number };
  beforeAll(async () => {
    t = await createTestApp();
    jazz = await createTerm(t, 'categories', { name: 'Page Jazz' });
    live = await createTerm(t, 'tags', { name: 'Page Live' });
    hall = await createVenue(t, { venue: 'Page Hall' });
    ids = [];
    for (let i = 0; i < 12; i++) {
      const day = String(i + 1).padStart(2, '0');
      ids.push(
        (
          await createEvent(t, {
            title: `Paged ${day}`,
            start_date: `2031-03-${day} 10:00`,
            end_date: `2031-03-${day} 11:00`,
            categories: [jazz.id],
            tags: [live.id],
            venue: hall.id,
          })
        ).id,
      );
    }
    await createEvent(t, { title: 'Paged outsider', start_date: '2031-03-05 10:00', end_date: '2031-03-05 11:00' });
  });
  afterAll(async () => t.close());

  it('pages with totals, headers and next/previous links', async () => {
    const query = { ...YEAR, search: 'paged', categories: jazz.slug, per_page: 5 };
    const first = await listEvents(t, query).expect(200);
    expect(idsOf(first)).toEqual(ids.slice(0, 5));
    expect([first.body.total, first.body.total_pages]).toEqual([12, 3]);
    expect([first.headers['x-tec-total'], first.headers['x-tec-totalpages']]).toEqual(['12', '3']);
    expect(first.body).not.toHaveProperty('previous_rest_url');
    expect(parseLinkHeader(first.headers.link)).toEqual({ next: first.body.next_rest_url });

    const second = await t.http.get(pathOf(first.body.next_rest_url)).expect(200);
    expect(idsOf(second)).toEqual(ids.slice(5, 10));
    const { page: _page, ...withoutPage } = queryOf(second.body.rest_url);
    expect(queryOf(second.body.previous_rest_url)).toEqual(withoutPage);
    expect(parseLinkHeader(second.headers.link)).toEqual({ next: second.body.next_rest_url, prev: second.body.previous_rest_url });

    const third = await t.http.get(pathOf(second.body.next_rest_url)).expect(200);
    expect(idsOf(third)).toEqual(ids.slice(10));
    expect(third.body).not.toHaveProperty('next_rest_url');
    expect(queryOf(third.body.previous_rest_url).page).toBe('2');
    expect(parseLinkHeader(third.headers.link)).toEqual({ prev: third.body.previous_rest_url });
  });

  it('keeps every filter in rest_url and next_rest_url, categories and tags included', async () => {
    const query = {
      start_date: '2031-03-01',
      end_date: '2031-03-31',
      strict_dates: 'false',
      search: 'paged',
      categories: jazz.slug,
      tags: String(live.id),
      venue: String(hall.id),
      featured: 'false',
      status: 'publish',
      geoloc: 'false',
      ticketed: 'false',
      per_page: '4',
    };
    const first = await listEvents(t, query, ADMIN_TOKEN).expect(200);
    const expectedQuery = {
      ...query,
      start_date: '2031-03-01 00:00:00',
      end_date: '2031-03-31 23:59:59',
      page: '1',
    };
    expect(queryOf(first.body.rest_url)).toEqual(expectedQuery);
    expect(queryOf(first.body.next_rest_url)).toEqual({ ...expectedQuery, page: '2' });
    const collected = [...idsOf(first)];
    let next: string | undefined = first.body.next_rest_url;
    while (next) {
      const page = await t.http.get(pathOf(next)).set(bearer(ADMIN_TOKEN)).expect(200);
      collected.push(...idsOf(page));
      next = page.body.next_rest_url;
    }
    expect(collected).toEqual(ids);

    const byTag = await listEvents(t, { ...YEAR, tags: live.slug, per_page: 5 }).expect(200);
    const followed = await t.http.get(pathOf(byTag.body.next_rest_url)).expect(200);
    expect(idsOf(followed)).toEqual(ids.slice(5, 10));
    expect(queryOf(byTag.body.next_rest_url)).toMatchObject({ tags: live.slug });
  });

  it('lowers per_page above MAX_PER_PAGE to it', async () => {
    const res = await listEvents(t, { ...YEAR, per_page: 500 }).expect(200);
    expect(queryOf(res.body.rest_url).per_page).toBe('50');
    expect(res.body.total_pages).toBe(1);
    const defaults = await listEvents(t, YEAR).expect(200);
    expect(queryOf(defaults.body.rest_url)).toMatchObject({ page: '1', per_page: '10' });
    expect(idsOf(defaults)).toHaveLength(10);
  });

  it.each([
    ['page', '0'],
    ['page', '-1'],
    ['page', 'abc'],
    ['per_page', '0'],
    ['per_page', '1.5'],
    ['per_page', 'many'],
  ])('rejects %s=%s', async (name, value) => {
    expectInvalidParams(await listEvents(t, { [name]: value }), [name]);
  });

  it('answers 404 event-archive-page-not-found past the last page, and an empty first page', async () => {
    expectApiError(await listEvents(t, { ...YEAR, search: 'paged', page: 3, per_page: 10 }), 404, 'event-archive-page-not-found');
    const empty = await listEvents(t, { ...YEAR, search: 'no such event at all' }).expect(200);
    expect(withoutOrigin({ ...empty.body, rest_url: undefined })).toEqual({ events: [], total: 0, total_pages: 0 });
    expect(empty.headers['x-tec-total']).toBe('0');
    expectApiError(await listEvents(t, { ...YEAR, search: 'no such event at all', page: 2 }), 404, 'event-archive-page-not-found');
  });
});
