import type { Response } from 'supertest';
import { expectInvalidParams, idsOf, queryOf } from './terms-assertions';
import { createTerm, insertEvent, linkTerms, TermBody, TermCollection, usePublished } from './terms-fixtures';
import { ADMIN_TOKEN, bearer, createTestApp, NS, TestApp } from './test-app';

/** The list filters categories and tags share (docs/api-rules.md, Lists): hide_empty, search, include, exclude, slug, order, post and event. */
export function describeTermListFilters(collection: TermCollection): void {
  const path = `${NS}/${collection}`;
  const list = (t: TestApp, query = '') => t.http.get(`${path}${query}`);
  const names = (res: Response) => (res.body[collection] as TermBody[]).map((term) => term.name);

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
