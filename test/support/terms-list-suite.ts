import type { Response } from 'supertest';
import { expectApiError, expectInvalidParams, expectSameRecord, idsOf, parseLinkHeader, queryOf } from './terms-assertions';
import { createTerm, insertEvent, linkTerms, TermBody, TermCollection, usePublished } from './terms-fixtures';
import { ADMIN_TOKEN, bearer, createTestApp, NS, TestApp } from './test-app';

/** Relative path and query of an absolute link the API built, to follow it with supertest. */
const relative = (url: string) => {
  const parsed = new URL(url);
  return parsed.pathname + parsed.search;
};

const DEFAULT_QUERY = { order: 'asc', orderby: 'name', hide_empty: 'true' };

/**
 * List behaviour categories and tags share (docs/api-rules.md, Lists): envelope, headers, paging and every
 * filter. Each block boots its own app so totals are exact.
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

  describe(`${collection} list: filters`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(async () => t.close());

    it('hides terms without a published event by default', async () => {
      const fresh = await createTerm(t, collection, { name: 'Hidden Until Used' });
      const draftOnly = await createTerm(t, collection, { name: 'Hidden Draft Only' });
      await linkTerms(t, await insertEvent(t, { status: 'draft' }), draftOnly.id);
      const search = '?search=hidden';
      expect(idsOf(await list(t, search).expect(200), collection)).toEqual([]);
      expect(idsOf(await list(t, `${search}&hide_empty=true`).expect(200), collection)).toEqual([]);
      expect(idsOf(await list(t, `${search}&hide_empty=false`).expect(200), collection)).toEqual([draftOnly.id, fresh.id]);
      const shown = await list(t, `${search}&hide_empty=0`).expect(200);
      expect(idsOf(shown, collection)).toEqual([draftOnly.id, fresh.id]);
      expect(queryOf(shown.body.rest_url).hide_empty).toBe('false');

      await usePublished(t, fresh.id);
      const res = await list(t, search).expect(200);
      expect(idsOf(res, collection)).toEqual([fresh.id]);
      expect(res.body[collection][0].count).toBe(1);
    });

    it('rejects a hide_empty that is not a boolean', async () => {
      expectInvalidParams(await list(t, '?hide_empty=maybe'), ['hide_empty']);
    });

    describe('search', () => {
      const byName = new Map<string, number>();
      beforeAll(async () => {
        const specs = [
          { name: "O'Brien Sessions" },
          { name: '100% Jazz' },
          { name: '1000 Jazz' },
          { name: 'snake_case club' },
          { name: 'snakeXcase club' },
          { name: 'Back\\slash' },
          { name: 'Backslash' },
          { name: 'Semi;colon' },
          { name: 'Bang!' },
          { name: 'Bang' },
          { name: 'Alpine Stage', slug: 'zeta-hill' },
          { name: 'Äpfel Öko' },
        ];
        for (const spec of specs) byName.set(spec.name, (await createTerm(t, collection, spec)).id);
        await usePublished(t, ...byName.values());
      });

      const found = async (text: string) => {
        const res = await list(t, `?per_page=50&search=${encodeURIComponent(text)}`).expect(200);
        return (res.body[collection] as TermBody[]).map((term) => term.name).sort();
      };

      it('matches the name case-insensitively', async () => {
        expect(await found('JAZZ')).toEqual(['100% Jazz', '1000 Jazz']);
        expect(await found('alpine')).toEqual(['Alpine Stage']);
      });

      it('folds case beyond ASCII', async () => {
        expect(await found('äPFEL öKO')).toEqual(['Äpfel Öko']);
      });

      it('matches the slug', async () => {
        expect(await found('zeta')).toEqual(['Alpine Stage']);
      });

      it.each([
        ["'", ["O'Brien Sessions"]],
        ['100%', ['100% Jazz']],
        ['%', ['100% Jazz']],
        ['e_c', ['snake_case club']],
        ['\\', ['Back\\slash']],
        [';', ['Semi;colon']],
        ['!', ['Bang!']],
      ])('matches %j literally', async (text, expected) => {
        expect(await found(text)).toEqual(expected);
      });

      it('keeps search in rest_url', async () => {
        const res = await list(t, `?search=${encodeURIComponent('100%')}`).expect(200);
        expect(queryOf(res.body.rest_url).search).toBe('100%');
      });
    });

    describe('include, exclude, slug', () => {
      let a: TermBody, b: TermBody, c: TermBody;
      beforeAll(async () => {
        a = await createTerm(t, collection, { name: 'Inc A', slug: 'inc-a' });
        b = await createTerm(t, collection, { name: 'Inc B', slug: 'inc-b' });
        c = await createTerm(t, collection, { name: 'Inc C', slug: 'inc-c' });
        await usePublished(t, a.id, b.id, c.id);
      });
      const scoped = (query: string) => list(t, `?search=inc&${query}`);

      it('include takes repeated x[]= parameters and CSV', async () => {
        expect(idsOf(await scoped(`include[]=${a.id}&include[]=${c.id}`).expect(200), collection)).toEqual([a.id, c.id]);
        expect(idsOf(await scoped(`include=${c.id},${b.id}`).expect(200), collection)).toEqual([b.id, c.id]);
      });

      it('exclude takes repeated x[]= parameters and CSV', async () => {
        expect(idsOf(await scoped(`exclude[]=${a.id}&exclude[]=${c.id}`).expect(200), collection)).toEqual([b.id]);
        expect(idsOf(await scoped(`exclude=${b.id}`).expect(200), collection)).toEqual([a.id, c.id]);
      });

      it('keeps include and exclude in rest_url', async () => {
        const res = await scoped(`include[]=${a.id}&include[]=${b.id}&exclude=${b.id}`).expect(200);
        expect(idsOf(res, collection)).toEqual([a.id]);
        expect(queryOf(res.body.rest_url)).toMatchObject({ include: `${a.id},${b.id}`, exclude: `${b.id}` });
      });

      it.each(['include', 'exclude'])('%s rejects unknown IDs, IDs of the other taxonomy and non-integers', async (name) => {
        const other = await createTerm(t, collection === 'tags' ? 'categories' : 'tags', { name: `Other ${name}` });
        expectInvalidParams(await list(t, `?${name}=${a.id},999999`), [name]);
        expectInvalidParams(await list(t, `?${name}[]=${other.id}`), [name]);
        expectInvalidParams(await list(t, `?${name}=abc`), [name]);
      });

      it('slug filters by one or several slugs, case-insensitively', async () => {
        expect(idsOf(await list(t, '?slug=inc-b').expect(200), collection)).toEqual([b.id]);
        expect(idsOf(await list(t, '?slug=inc-a,INC-C').expect(200), collection)).toEqual([a.id, c.id]);
        expect(idsOf(await list(t, '?slug[]=inc-a&slug[]=inc-b').expect(200), collection)).toEqual([a.id, b.id]);
        expect(idsOf(await list(t, '?slug=nope').expect(200), collection)).toEqual([]);
        expect(queryOf((await list(t, '?slug=inc-b').expect(200)).body.rest_url).slug).toBe('inc-b');
      });
    });

    describe('order and orderby', () => {
      let terms: Record<string, TermBody>;
      beforeAll(async () => {
        terms = {};
        // Names, slugs, descriptions and counts each sort in a different order.
        const specs = [
          { name: 'Ord banana', slug: 'ord-c', description: 'b', uses: 3 },
          { name: 'Ord Apple', slug: 'ord-b', description: 'C', uses: 1 },
          { name: 'Ord cherry', slug: 'ord-a', description: 'a', uses: 2 },
        ];
        for (const { uses, ...spec } of specs) {
          const term = await createTerm(t, collection, spec);
          terms[spec.name] = term;
          for (let i = 0; i < uses; i++) await usePublished(t, term.id);
        }
      });
      const order = async (query: string) => names(await list(t, `?search=ord&${query}`).expect(200));

      it.each([
        ['orderby=name', ['Ord Apple', 'Ord banana', 'Ord cherry']],
        ['orderby=name&order=desc', ['Ord cherry', 'Ord banana', 'Ord Apple']],
        ['orderby=id', ['Ord banana', 'Ord Apple', 'Ord cherry']],
        ['orderby=id&order=DESC', ['Ord cherry', 'Ord Apple', 'Ord banana']],
        ['orderby=slug', ['Ord cherry', 'Ord Apple', 'Ord banana']],
        ['orderby=slug&order=desc', ['Ord banana', 'Ord Apple', 'Ord cherry']],
        ['orderby=count', ['Ord Apple', 'Ord cherry', 'Ord banana']],
        ['orderby=count&order=desc', ['Ord banana', 'Ord cherry', 'Ord Apple']],
        ['orderby=description', ['Ord cherry', 'Ord banana', 'Ord Apple']],
        ['orderby=description&order=desc', ['Ord Apple', 'Ord banana', 'Ord cherry']],
        ['order=desc', ['Ord cherry', 'Ord banana', 'Ord Apple']],
      ])('%s', async (query, expected) => {
        expect(await order(query)).toEqual(expected);
      });

      it('reports the counts it sorted by', async () => {
        const res = await list(t, '?search=ord&orderby=count').expect(200);
        expect((res.body[collection] as TermBody[]).map((term) => term.count)).toEqual([1, 2, 3]);
      });

      it('keeps order and orderby in rest_url', async () => {
        const res = await list(t, '?search=ord&orderby=slug&order=desc').expect(200);
        expect(queryOf(res.body.rest_url)).toMatchObject({ orderby: 'slug', order: 'desc' });
      });

      it.each([
        ['orderby=date', 'orderby'],
        ['orderby=name;DROP TABLE terms', 'orderby'],
        ['orderby=term.name', 'orderby'],
        ['order=sideways', 'order'],
        ['order=asc;', 'order'],
      ])('rejects %s', async (query, param) => {
        expectInvalidParams(await list(t, `?${query.replace(/ /g, '%20')}`), [param]);
        expect(await order('orderby=name')).toHaveLength(3);
      });
    });

    describe('post and event', () => {
      let e1: number, e2: number, draft: number;
      let x: TermBody, y: TermBody, z: TermBody, d: TermBody;
      beforeAll(async () => {
        x = await createTerm(t, collection, { name: 'Post X' });
        y = await createTerm(t, collection, { name: 'Post Y' });
        z = await createTerm(t, collection, { name: 'Post Z' });
        d = await createTerm(t, collection, { name: 'Post D' });
        e1 = await usePublished(t, x.id, y.id);
        e2 = await usePublished(t, z.id);
        draft = await insertEvent(t, { status: 'draft' });
        await linkTerms(t, draft, d.id);
      });

      it('post keeps the terms of that event', async () => {
        const res = await list(t, `?post=${e1}`).expect(200);
        expect(idsOf(res, collection)).toEqual([x.id, y.id]);
        expect(queryOf(res.body.rest_url).post).toBe(String(e1));
      });

      it('event is an alias of post', async () => {
        expect(idsOf(await list(t, `?event=${e2}`).expect(200), collection)).toEqual([z.id]);
      });

      it('event wins over post', async () => {
        const res = await list(t, `?post=${e1}&event=${e2}`).expect(200);
        expect(idsOf(res, collection)).toEqual([z.id]);
        expect(queryOf(res.body.rest_url).event).toBe(String(e2));
      });

      it('works for unpublished events the caller may read, when empty terms are shown', async () => {
        const asEditor = await t.http.get(`${path}?event=${draft}&hide_empty=false`).set(bearer(ADMIN_TOKEN)).expect(200);
        expect(idsOf(asEditor, collection)).toEqual([d.id]);
      });

      it('treats an unpublished event an anonymous caller may not read like a missing one', async () => {
        expectInvalidParams(await list(t, `?event=${draft}&hide_empty=false`), ['event']);
      });

      it.each(['post', 'event'])('%s rejects an event that does not exist', async (name) => {
        expectInvalidParams(await list(t, `?${name}=999999`), [name]);
        expectInvalidParams(await list(t, `?${name}=abc`), [name]);
      });
    });
  });
}
