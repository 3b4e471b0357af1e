import type { Response } from 'supertest';
import { expectApiError, expectInvalidParams, expectSameRecord, parseLinkHeader, queryOf } from './terms-assertions';
import { createTerm, TermBody, TermCollection, usePublished } from './terms-fixtures';
import { createTestApp, NS, TestApp } from './test-app';

/** Relative path and query of an absolute link the API built, to follow it with supertest. */
const relative = (url: string) => {
  const parsed = new URL(url);
  return parsed.pathname + parsed.search;
};

const DEFAULT_QUERY = { order: 'asc', orderby: 'name', hide_empty: 'true' };

/**
 * List behaviour categories and tags share (docs/api-rules.md, Lists): envelope, headers and paging (the
 * filters: terms-list-filters-suite.ts). Each block boots its own app so totals are exact.
 */
export function describeTermList(collection: TermCollection): void {
  const path = `${NS}/${collection}`;
  const list = (t: TestApp, query = '') => t.http.get(`${path}${query}`);
  const names = (res: Response) => (res.body[collection] as TermBody[]).map((term) => term.name);

  describe(`${collection} list: envelope and paging`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(async () => t.close());

    it('answers page 1 of an empty collection with 200, [] and total 0', async () => {
      const res = await list(t).expect(200);
      expect(res.body).toEqual({ [collection]: [], rest_url: expect.any(String), total: 0, total_pages: 0 });
      expect(res.headers['x-tec-total']).toBe('0');
      expect(res.headers['x-tec-totalpages']).toBe('0');
      expect(res.headers.link).toBeUndefined();
    });

    it('answers a page past the end with 404 term-archive-page-not-found', async () => {
      expectApiError(await list(t, '?page=2'), 404, 'term-archive-page-not-found');
      expectApiError(await list(t, '?page=99999999999999999999'), 404, 'term-archive-page-not-found');
    });

    describe('with five used terms', () => {
      let terms: TermBody[];
      beforeAll(async () => {
        terms = [];
        for (const name of ['Echo', 'alpha', 'Delta', 'charlie', 'Bravo']) terms.push(await createTerm(t, collection, { name }));
        await usePublished(t, ...terms.map((term) => term.id));
      });

      it('lists each term as a single read returns it', async () => {
        const res = await list(t).expect(200);
        for (const item of res.body[collection] as TermBody[]) {
          expectSameRecord(item, (await t.http.get(`${path}/${item.id}`).expect(200)).body);
        }
      });

      it('answers a huge page past the end with 404', async () => {
        expectApiError(await list(t, '?page=99999999999999999999&per_page=50'), 404, 'term-archive-page-not-found');
      });

      it('sorts by name, case-insensitively, by default', async () => {
        expect(names(await list(t).expect(200))).toEqual(['alpha', 'Bravo', 'charlie', 'Delta', 'Echo']);
      });

      it('repeats the effective query in rest_url', async () => {
        const res = await list(t).expect(200);
        expect(res.body.rest_url).toMatch(new RegExp(`^http://[^/]+${path}\\?`));
        expect(queryOf(res.body.rest_url)).toEqual({ ...DEFAULT_QUERY, page: '1', per_page: '10' });
        expect(res.body).not.toHaveProperty('next_rest_url');
        expect(res.body).not.toHaveProperty('previous_rest_url');
        expect(res.body).toMatchObject({ total: 5, total_pages: 1 });
      });

      it('pages with links in the body and in the headers', async () => {
        const first = await list(t, '?per_page=2').expect(200);
        expect(names(first)).toEqual(['alpha', 'Bravo']);
        expect(first.body).toMatchObject({ total: 5, total_pages: 3 });
        expect(first.headers['x-tec-total']).toBe('5');
        expect(first.headers['x-tec-totalpages']).toBe('3');
        expect(first.body).not.toHaveProperty('previous_rest_url');
        expect(queryOf(first.body.next_rest_url)).toEqual({ ...DEFAULT_QUERY, page: '2', per_page: '2' });
        expect(parseLinkHeader(first.headers.link)).toEqual({ next: first.body.next_rest_url });

        const second = await t.http.get(relative(first.body.next_rest_url)).expect(200);
        expect(names(second)).toEqual(['charlie', 'Delta']);
        expect(queryOf(second.body.previous_rest_url)).toEqual({ ...DEFAULT_QUERY, per_page: '2' });
        expect(queryOf(second.body.next_rest_url)).toEqual({ ...DEFAULT_QUERY, page: '3', per_page: '2' });
        expect(parseLinkHeader(second.headers.link)).toEqual({ next: second.body.next_rest_url, prev: second.body.previous_rest_url });

        const third = await t.http.get(relative(second.body.next_rest_url)).expect(200);
        expect(names(third)).toEqual(['Echo']);
        expect(third.body).not.toHaveProperty('next_rest_url');
        expect(queryOf(third.body.previous_rest_url)).toEqual({ ...DEFAULT_QUERY, page: '2', per_page: '2' });
        expect(parseLinkHeader(third.headers.link)).toEqual({ prev: third.body.previous_rest_url });

        expectApiError(await list(t, '?per_page=2&page=4'), 404, 'term-archive-page-not-found');
      });

      it.each(['0', '-1', 'abc', '1.5', ''])('rejects per_page=%j with rest_invalid_param', async (value) => {
        expectInvalidParams(await list(t, `?per_page=${value}`), ['per_page']);
      });

      it.each(['0', '-2', 'x', '2.5'])('rejects page=%j with rest_invalid_param', async (value) => {
        expectInvalidParams(await list(t, `?page=${value}`), ['page']);
      });

      it('defaults per_page to 10', async () => {
        for (let i = 0; i < 7; i++) await usePublished(t, (await createTerm(t, collection, { name: `Zulu ${i}` })).id);
        const res = await list(t).expect(200);
        expect(res.body[collection]).toHaveLength(10);
        expect(res.body).toMatchObject({ total: 12, total_pages: 2 });
        expect(queryOf(res.body.next_rest_url)).toMatchObject({ page: '2', per_page: '10' });
      });
    });
  });

  describe(`${collection} list: MAX_PER_PAGE`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ MAX_PER_PAGE: '3' });
      for (const name of ['One', 'Two', 'Three', 'Four', 'Five']) await createTerm(t, collection, { name });
    });
    afterAll(async () => t.close());

    it('silently lowers per_page above the maximum', async () => {
      const res = await list(t, '?hide_empty=false&per_page=40').expect(200);
      expect(res.body[collection]).toHaveLength(3);
      expect(res.body).toMatchObject({ total: 5, total_pages: 2 });
      expect(queryOf(res.body.rest_url).per_page).toBe('3');
      expect(queryOf(res.body.next_rest_url).per_page).toBe('3');
    });

    it('lowers the default per_page too', async () => {
      const res = await list(t, '?hide_empty=false').expect(200);
      expect(res.body[collection]).toHaveLength(3);
    });
  });
}
