import { ApiError } from '../errors/api-error';
import { Reply } from '../http/reply';
import { buildQueryString, clampPerPage, paginate } from './pagination';

const COLLECTION = 'http://calendar.test/calendar/events/v1/venues';

describe('paginate', () => {
  it('gives the counts and only a next link on the first of several pages', () => {
    const page = paginate('venue', COLLECTION, { status: 'publish' }, { page: 1, perPage: 10 }, 25);
    expect(page).toEqual({
      rest_url: `${COLLECTION}?status=publish&page=1&per_page=10`,
      next_rest_url: `${COLLECTION}?status=publish&page=2&per_page=10`,
      total: 25,
      total_pages: 3,
      headers: {
        'X-TEC-Total': '25',
        'X-TEC-TotalPages': '3',
        Link: `<${COLLECTION}?status=publish&page=2&per_page=10>; rel="next"`,
      },
    });
  });

  it('links page 2 back to the collection without a page parameter', () => {
    const page = paginate('venue', COLLECTION, {}, { page: 2, perPage: 10 }, 25);
    expect(page.previous_rest_url).toBe(`${COLLECTION}?per_page=10`);
    expect(page.next_rest_url).toBe(`${COLLECTION}?page=3&per_page=10`);
    expect(page.headers.Link).toBe(`<${COLLECTION}?page=3&per_page=10>; rel="next", <${COLLECTION}?per_page=10>; rel="prev"`);
  });

  it('links later pages back to the page before and has no next link on the last page', () => {
    const page = paginate('venue', COLLECTION, {}, { page: 3, perPage: 10 }, 25);
    expect(page.previous_rest_url).toBe(`${COLLECTION}?page=2&per_page=10`);
    expect(page).not.toHaveProperty('next_rest_url');
    expect(page.headers.Link).toBe(`<${COLLECTION}?page=2&per_page=10>; rel="prev"`);
  });

  it('has neither link nor Link header when everything fits on page 1', () => {
    const page = paginate('venue', COLLECTION, {}, { page: 1, perPage: 10 }, 10);
    expect(page.total_pages).toBe(1);
    expect(page).not.toHaveProperty('next_rest_url');
    expect(page).not.toHaveProperty('previous_rest_url');
    expect(page.headers).not.toHaveProperty('Link');
  });

  it('answers an empty first page with total 0 and 0 pages', () => {
    const page = paginate('event', COLLECTION, {}, { page: 1, perPage: 10 }, 0);
    expect(page).toMatchObject({ total: 0, total_pages: 0, headers: { 'X-TEC-Total': '0', 'X-TEC-TotalPages': '0' } });
    expect(page).not.toHaveProperty('next_rest_url');
    expect(page).not.toHaveProperty('previous_rest_url');
  });

  it.each([
    ['event', 2, 0],
    ['venue', 4, 25],
    ['term', 2, 10],
  ])('rejects a %s page past the end with 404 <kind>-archive-page-not-found (page %i of %i records)', (kind, pageNumber, total) => {
    let thrown: unknown;
    try {
      paginate(kind, COLLECTION, {}, { page: pageNumber, perPage: 10 }, total);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ApiError);
    expect(thrown).toMatchObject({ httpStatus: 404, code: `${kind}-archive-page-not-found` });
  });

  it('computes total_pages as ceil(total / per_page)', () => {
    expect(paginate('event', COLLECTION, {}, { page: 1, perPage: 7 }, 15).total_pages).toBe(3);
    expect(paginate('event', COLLECTION, {}, { page: 1, perPage: 5 }, 15).total_pages).toBe(3);
  });

  it('repeats every filter of the effective query in each link, URL-encoded', () => {
    const query = { search: 'Jazz & Blues', categories: [3, 'open-air'], featured: true, start_date: '2026-01-01 00:00:00' };
    const page = paginate('event', COLLECTION, query, { page: 2, perPage: 5 }, 20);
    const expected = 'search=Jazz%20%26%20Blues&categories=3,open-air&featured=true&start_date=2026-01-01%2000%3A00%3A00';
    expect(page.rest_url).toBe(`${COLLECTION}?${expected}&page=2&per_page=5`);
    expect(page.next_rest_url).toBe(`${COLLECTION}?${expected}&page=3&per_page=5`);
    expect(page.previous_rest_url).toBe(`${COLLECTION}?${expected}&per_page=5`);
    expect(new URL(page.rest_url).searchParams.get('search')).toBe('Jazz & Blues');
  });
});

describe('buildQueryString', () => {
  it('leaves out unset and empty values and empty arrays', () => {
    expect(buildQueryString({ a: undefined, b: '', c: [], d: 0, e: false })).toBe('d=0&e=false');
  });

  it('joins arrays with commas and encodes each value', () => {
    expect(buildQueryString({ tags: ['a,b', 'c d'] })).toBe('tags=a%2Cb,c%20d');
  });
});

describe('clampPerPage', () => {
  it('defaults to 10 and silently lowers values above the ceiling', () => {
    expect(clampPerPage(undefined, 50)).toBe(10);
    expect(clampPerPage(20, 50)).toBe(20);
    expect(clampPerPage(50, 50)).toBe(50);
    expect(clampPerPage(51, 50)).toBe(50);
    expect(clampPerPage(undefined, 5)).toBe(5);
  });
});

describe('Reply.page', () => {
  it('puts the items under the collection key beside the links, and carries the paging headers', () => {
    const page = paginate('venue', COLLECTION, {}, { page: 2, perPage: 1 }, 3);
    const reply = Reply.page('venues', [{ id: 2 }], page);
    expect(reply.body).toEqual({
      venues: [{ id: 2 }],
      rest_url: `${COLLECTION}?page=2&per_page=1`,
      next_rest_url: `${COLLECTION}?page=3&per_page=1`,
      previous_rest_url: `${COLLECTION}?per_page=1`,
      total: 3,
      total_pages: 3,
    });
    expect(reply.headers).toEqual({
      'X-TEC-Total': '3',
      'X-TEC-TotalPages': '3',
      Link: `<${COLLECTION}?page=3&per_page=1>; rel="next", <${COLLECTION}?per_page=1>; rel="prev"`,
    });
  });
});
