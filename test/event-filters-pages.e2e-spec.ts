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
import { Body, createEvent, createTerm, createVenue, EVENTS, listEvents } from './support/events-fixtures';
import { ADMIN_TOKEN, bearer, createTestApp, TestApp } from './support/test-app';

/*
 * Event lists per role (which statuses each role sees) and their pages and links.
 */

/** A window far from "now", so the default window never decides which of these events show. */
const YEAR = { start_date: '2031-01-01', end_date: '2031-12-31' };

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
