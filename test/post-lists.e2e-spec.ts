import { expectApiError, expectInvalidParams, idsOf, parseLinkHeader, pathOf, queryOf } from './support/posts-assertions';
import { collectionPath, createPost, PostJson } from './support/posts-fixtures';
import { POST_KIND_CASES, PostKindCase, VENUE_CASE } from './support/posts-kinds';
import { createTestApp, NS, TestApp } from './support/test-app';
import { postListCalls } from './support/post-list-calls';

/** Text fields a search looks into (docs/api-rules.md, Lists), and text fields it must not. */
const SEARCHED: Record<PostKindCase['name'], { searched: string[]; ignored: string[] }> = {
  venue: {
    searched: ['description', 'address', 'city', 'province', 'state', 'stateprovince', 'zip', 'phone'],
    ignored: ['country', 'website'],
  },
  organizer: { searched: ['description', 'phone', 'email', 'website'], ignored: [] },
};

/** A value for `field` that carries `token`, valid for the field's validation. */
function valueWith(field: string, token: string): string {
  if (field === 'email') return `${token}@example.org`;
  if (field === 'website') return `https://${token}.example/`;
  return `x ${token} y`;
}

/** Venue and organizer list filters (docs/api-rules.md, Lists) and who sees what in them (docs/api-rules.md, Statuses, users and permissions). */
describe.each(POST_KIND_CASES)('$collection list', (kind: PostKindCase) => {
  const { named, list, sortedIds, idsSorted } = postListCalls(kind);

  describe('paging and order', () => {
    let t: TestApp;
    let expectedOrder: number[];
    beforeAll(async () => {
      t = await createTestApp();
      const dated = [];
      for (const [i, date] of [
        '2024-01-05',
        '2024-03-01',
        '2023-12-31',
        '2024-03-01',
        '2024-02-10',
        '2024-03-01',
        '2022-06-01',
      ].entries()) {
        dated.push(await createPost(t, kind, named(`Paged ${i}`, { date: `${date} 10:00:00` })));
      }
      // Newest date first; records of one date by ID, highest first.
      expectedOrder = [...dated]
        .sort((a, b) => (a.date_utc === b.date_utc ? b.id - a.id : String(b.date_utc).localeCompare(String(a.date_utc))))
        .map((record) => record.id);
    });
    afterAll(async () => t.close());

    it('lists by date descending, then ID descending, 10 per page by default', async () => {
      const res = await list(t, '').expect(200);
      expect(Object.keys(res.body).sort()).toEqual([kind.collection, 'rest_url', 'total', 'total_pages'].sort());
      expect(idsOf(res, kind)).toEqual(expectedOrder);
      expect(res.body).toMatchObject({ total: 7, total_pages: 1 });
      expect(res.body.rest_url).toMatch(new RegExp(`^http://[^/]+${NS}/${kind.collection}\\?`));
      expect(queryOf(res.body.rest_url)).toEqual({ page: '1', per_page: '10' });
      expect(res.headers['x-tec-total']).toBe('7');
      expect(res.headers['x-tec-totalpages']).toBe('1');
      expect(res.headers.link).toBeUndefined();
      for (const item of res.body[kind.collection]) expect(item).not.toHaveProperty('json_ld');
    });

    it('pages with next and previous links in the body and the Link header', async () => {
      const first = await list(t, '?per_page=3').expect(200);
      expect(idsOf(first, kind)).toEqual(expectedOrder.slice(0, 3));
      expect(first.body).toMatchObject({ total: 7, total_pages: 3 });
      expect(first.body).not.toHaveProperty('previous_rest_url');
      expect(queryOf(first.body.next_rest_url)).toEqual({ page: '2', per_page: '3' });
      expect(parseLinkHeader(first.headers.link)).toEqual({ next: first.body.next_rest_url });
      expect(first.headers['x-tec-totalpages']).toBe('3');

      const second = await t.http.get(pathOf(first.body.next_rest_url)).expect(200);
      expect(idsOf(second, kind)).toEqual(expectedOrder.slice(3, 6));
      expect(queryOf(second.body.previous_rest_url)).toEqual({ per_page: '3' });
      expect(queryOf(second.body.next_rest_url)).toEqual({ page: '3', per_page: '3' });
      expect(parseLinkHeader(second.headers.link)).toEqual({ next: second.body.next_rest_url, prev: second.body.previous_rest_url });

      const third = await t.http.get(pathOf(second.body.next_rest_url)).expect(200);
      expect(idsOf(third, kind)).toEqual(expectedOrder.slice(6));
      expect(third.body).not.toHaveProperty('next_rest_url');
      expect(queryOf(third.body.previous_rest_url)).toEqual({ page: '2', per_page: '3' });
      expect(parseLinkHeader(third.headers.link)).toEqual({ prev: third.body.previous_rest_url });
    });

    it(`answers 404 ${kind.name}-archive-page-not-found past the end`, async () => {
      expectApiError(await list(t, '?per_page=3&page=4'), 404, `${kind.name}-archive-page-not-found`);
      expectApiError(await list(t, '?page=2'), 404, `${kind.name}-archive-page-not-found`);
    });

    it('answers page 1 of nothing with 200 and an empty list', async () => {
      const res = await list(t, '?search=nothing-matches-this').expect(200);
      expect(res.body).toMatchObject({ [kind.collection]: [], total: 0, total_pages: 0 });
      expect(res.headers['x-tec-total']).toBe('0');
      expectApiError(await list(t, '?search=nothing-matches-this&page=2'), 404, `${kind.name}-archive-page-not-found`);
    });

    it.each([
      ['page=0', ['page']],
      ['page=-1', ['page']],
      ['page=abc', ['page']],
      ['page=1.5', ['page']],
      ['per_page=0', ['per_page']],
      ['per_page=-5', ['per_page']],
      ['per_page=ten', ['per_page']],
      ['page=0&per_page=0', ['page', 'per_page']],
    ])('rejects %s with 400 rest_invalid_param', async (query, names) => {
      expectInvalidParams(await list(t, `?${query}`), names);
    });
  });

  describe('per_page above MAX_PER_PAGE', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ MAX_PER_PAGE: '2' });
      for (const name of ['Clamp A', 'Clamp B', 'Clamp C']) await createPost(t, kind, named(name));
    });
    afterAll(async () => t.close());

    it('is silently lowered to it, in the page and in the links', async () => {
      const res = await list(t, '?per_page=100').expect(200);
      expect(idsOf(res, kind)).toHaveLength(2);
      expect(res.body).toMatchObject({ total: 3, total_pages: 2 });
      expect(queryOf(res.body.rest_url).per_page).toBe('2');
      expect(queryOf(res.body.next_rest_url)).toEqual({ page: '2', per_page: '2' });
      const defaulted = await list(t, '').expect(200);
      expect(idsOf(defaulted, kind)).toHaveLength(2);
    });
  });

  describe('search', () => {
    let t: TestApp;
    const records: Record<string, PostJson> = {};
    beforeAll(async () => {
      t = await createTestApp();
      records.blueHall = await createPost(t, kind, named('Blue Hall', { phone: 'Berlin 030' }));
      records.redRoom = await createPost(t, kind, named('Red Room', { description: 'A blue room in Berlin' }));
      records.apples = await createPost(t, kind, named('Äpfelhaus am Öltank'));
      records.mill = await createPost(t, kind, named('ÖLMÜHLE'));
      records.symbols = await createPost(t, kind, named(`100% _fun_ ' ; \\ !`));
      records.decoyPercent = await createPost(t, kind, named('100x funny'));
      records.decoyUnderscore = await createPost(t, kind, named('a1fun1 b'));
      records.backslashFree = await createPost(t, kind, named('Backslash free zone'));
    });
    afterAll(async () => t.close());

    const search = (text: string) => sortedIds(t, `?per_page=50&search=${encodeURIComponent(text)}`);

    it('is case-insensitive', async () => {
      expect(await search('blue')).toEqual(idsSorted(records.blueHall, records.redRoom));
      expect(await search('BLUE')).toEqual(idsSorted(records.blueHall, records.redRoom));
    });

    it('needs one field to contain every word', async () => {
      expect(await search('blue berlin')).toEqual(idsSorted(records.redRoom));
      expect(await search('hall blue')).toEqual(idsSorted(records.blueHall));
      expect(await search('hall 030')).toEqual([]);
    });

    it('folds umlauts in both directions', async () => {
      expect(await search('äpfelhaus')).toEqual(idsSorted(records.apples));
      expect(await search('ÄPFEL')).toEqual(idsSorted(records.apples));
      expect(await search('öltank')).toEqual(idsSorted(records.apples));
      expect(await search('ölmühle')).toEqual(idsSorted(records.mill));
      expect(await search('Mühle')).toEqual(idsSorted(records.mill));
    });

    it.each(['100%', '_fun_', "'", ';', '\\', '!', "_fun_ ' ;", '% _'])('matches SQL metacharacters literally: %j', async (text) => {
      expect(await search(text)).toEqual(idsSorted(records.symbols));
    });

    it('does not treat % and _ as wildcards', async () => {
      expect(await search('100x')).toEqual(idsSorted(records.decoyPercent));
      expect(await search('1fun1')).toEqual(idsSorted(records.decoyUnderscore));
    });

    it(`looks into ${SEARCHED[kind.name].searched.join(', ')} and the name`, async () => {
      for (const field of SEARCHED[kind.name].searched) {
        const token = `tok${field.replace(/_/g, '')}q`;
        const record = await createPost(t, kind, named(`Field ${field}`, { [field]: valueWith(field, token) }));
        expect({ field, ids: await search(token) }).toEqual({ field, ids: [record.id] });
      }
    });

    if (SEARCHED[kind.name].ignored.length > 0) {
      it(`does not look into ${SEARCHED[kind.name].ignored.join(', ')}`, async () => {
        for (const field of SEARCHED[kind.name].ignored) {
          const token = `ign${field}q`;
          await createPost(t, kind, named(`Ignored ${field}`, { [field]: valueWith(field, token) }));
          expect({ field, ids: await search(token) }).toEqual({ field, ids: [] });
        }
      });
    }

    it('keeps the search in rest_url and next_rest_url', async () => {
      const res = await list(t, `?per_page=1&search=${encodeURIComponent('100% _fun_')}`).expect(200);
      expect(queryOf(res.body.rest_url)).toEqual({ search: '100% _fun_', page: '1', per_page: '1' });
      const both = await list(t, `?per_page=1&search=blue`).expect(200);
      expect(queryOf(both.body.next_rest_url)).toEqual({ search: 'blue', page: '2', per_page: '1' });
      const next = await t.http.get(pathOf(both.body.next_rest_url)).expect(200);
      expect([...idsOf(both, kind), ...idsOf(next, kind)].sort((a, b) => a - b)).toEqual(idsSorted(records.blueHall, records.redRoom));
    });
  });
});

// Venues alone carry stateprovince, whose derived value is not a column: a search for it must still
// find only what the stored value holds.
describe('venues list: search on stateprovince', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('finds an explicitly set stateprovince', async () => {
    const record = await createPost(t, VENUE_CASE, { venue: 'Region Venue', stateprovince: 'Provenzaregion' });
    const res = await t.http.get(`${collectionPath(VENUE_CASE)}?search=provenza`).expect(200);
    expect(idsOf(res, VENUE_CASE)).toEqual([record.id]);
  });
});
