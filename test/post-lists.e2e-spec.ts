import { expectApiError, expectInvalidParams, idsOf, parseLinkHeader, pathOf, queryOf } from './support/posts-assertions';
import {
  callersByRole,
  collectionPath,
  createPost,
  daysFromNow,
  insertEvent,
  linkToEvent,
  PostJson,
  RoleCallers,
  setEventEnd,
} from './support/posts-fixtures';
import { POST_KIND_CASES, PostKindCase, VENUE_CASE } from './support/posts-kinds';
import { ADMIN_TOKEN, bearer, createTestApp, NS, TestApp } from './support/test-app';

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
  const named = (name: string, extra: Record<string, unknown> = {}) => ({ [kind.nameField]: name, ...extra });
  const list = (t: TestApp, query: string, token?: string) => {
    const req = t.http.get(`${collectionPath(kind)}${query}`);
    return token ? req.set(bearer(token)) : req;
  };
  const sortedIds = async (t: TestApp, query: string, token?: string): Promise<number[]> => {
    const res = await list(t, query, token);
    if (res.status !== 200) throw new Error(`list ${query} answered ${res.status}: ${JSON.stringify(res.body)}`);
    return idsOf(res, kind).sort((a, b) => a - b);
  };
  const idsSorted = (...records: PostJson[]) => records.map((record) => record.id).sort((a, b) => a - b);

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

  describe('status', () => {
    let t: TestApp;
    let callers: RoleCallers;
    const r: Record<string, PostJson> = {};
    beforeAll(async () => {
      t = await createTestApp();
      callers = await callersByRole(t);
      const editor = callers.editor.token;
      r.published = await createPost(t, kind, named('Status Publish'), editor);
      r.draft = await createPost(t, kind, named('Status Draft', { status: 'draft' }), editor);
      r.pending = await createPost(t, kind, named('Status Pending', { status: 'pending' }), editor);
      r.private = await createPost(t, kind, named('Status Private', { status: 'private' }), editor);
      r.future = await createPost(t, kind, named('Status Future', { date: '2099-01-01 00:00:00' }), editor);
      r.trashed = await createPost(t, kind, named('Status Trash'), editor);
      await t.http
        .delete(`${collectionPath(kind)}/${r.trashed.id}`)
        .set(bearer(editor))
        .expect(200);
      r.authorsDraft = await createPost(t, kind, named('Authors Draft', { status: 'draft' }), callers.author.token);
      r.authorsPublished = await createPost(t, kind, named('Authors Published'), callers.author.token);
      r.contributorsDraft = await createPost(t, kind, named('Contributors Draft'), callers.contributor.token);
    });
    afterAll(async () => t.close());

    it('anonymous callers see published records only', async () => {
      expect(await sortedIds(t, '')).toEqual(idsSorted(r.published, r.authorsPublished));
      expect(await sortedIds(t, '?status=publish')).toEqual(idsSorted(r.published, r.authorsPublished));
    });

    it.each(['draft', 'publish,draft', 'trash', 'future', 'private'])('anonymous status=%s is a 400', async (status) => {
      expectInvalidParams(await list(t, `?status=${status}`), ['status']);
    });

    it.each(['bogus', 'publish,bogus', 'Publish', 'trashed'])('an unknown status %j is a 400, also for editors', async (status) => {
      expectInvalidParams(await list(t, `?status=${encodeURIComponent(status)}`, ADMIN_TOKEN), ['status']);
    });

    it('editors and administrators see every status but trash by default', async () => {
      const everything = idsSorted(
        r.published,
        r.draft,
        r.pending,
        r.private,
        r.future,
        r.authorsDraft,
        r.authorsPublished,
        r.contributorsDraft,
      );
      expect(await sortedIds(t, '', callers.editor.token)).toEqual(everything);
      expect(await sortedIds(t, '', ADMIN_TOKEN)).toEqual(everything);
    });

    it('takes one status, a comma-separated list or an array', async () => {
      const editor = callers.editor.token;
      expect(await sortedIds(t, '?status=draft', editor)).toEqual(idsSorted(r.draft, r.authorsDraft, r.contributorsDraft));
      expect(await sortedIds(t, '?status=pending,private', editor)).toEqual(idsSorted(r.pending, r.private));
      expect(await sortedIds(t, '?status[]=pending&status[]=private', editor)).toEqual(idsSorted(r.pending, r.private));
      expect(await sortedIds(t, '?status=future', editor)).toEqual(idsSorted(r.future));
      expect(await sortedIds(t, '?status=trash', editor)).toEqual(idsSorted(r.trashed));
      expect(await sortedIds(t, '?status=trash,private', editor)).toEqual(idsSorted(r.trashed, r.private));
    });

    it('authors and contributors see published records and their own', async () => {
      expect(await sortedIds(t, '', callers.author.token)).toEqual(idsSorted(r.published, r.authorsPublished, r.authorsDraft));
      expect(await sortedIds(t, '?status=draft', callers.author.token)).toEqual(idsSorted(r.authorsDraft));
      expect(await sortedIds(t, '?status=private,pending', callers.author.token)).toEqual([]);
      expect(await sortedIds(t, '', callers.contributor.token)).toEqual(idsSorted(r.published, r.authorsPublished, r.contributorsDraft));
    });

    it('repeats the statuses in rest_url as a list', async () => {
      const res = await list(t, '?status[]=draft&status[]=pending', ADMIN_TOKEN).expect(200);
      expect(queryOf(res.body.rest_url)).toEqual({ status: 'draft,pending', page: '1', per_page: '10' });
    });
  });

  describe('event, has_events and only_with_upcoming', () => {
    let t: TestApp;
    let callers: RoleCallers;
    const e: Record<string, number> = {};
    const r: Record<string, PostJson> = {};
    beforeAll(async () => {
      t = await createTestApp();
      callers = await callersByRole(t);
      const editorId = callers.editor.id;
      e.upcoming = await insertEvent(t, { authorId: editorId, startUtc: daysFromNow(3) });
      e.ended = await insertEvent(t, { authorId: editorId, startUtc: daysFromNow(-3), endUtc: daysFromNow(-2) });
      e.running = await insertEvent(t, { authorId: editorId, startUtc: daysFromNow(-1), endUtc: daysFromNow(1) });
      e.authorsDraft = await insertEvent(t, { authorId: callers.author.id, status: 'draft', startUtc: daysFromNow(5) });
      e.trashed = await insertEvent(t, { authorId: editorId, status: 'trash', startUtc: daysFromNow(5) });
      e.empty = await insertEvent(t, { authorId: editorId });
      const links: Record<string, string[]> = {
        atUpcoming: ['upcoming'],
        atEnded: ['ended'],
        atRunning: ['running'],
        atDraft: ['authorsDraft'],
        atTrashed: ['trashed'],
        atBoth: ['upcoming', 'ended'],
        atNone: [],
      };
      for (const [name, events] of Object.entries(links)) {
        r[name] = await createPost(t, kind, named(`Linked ${name}`), callers.editor.token);
        for (const event of events) await linkToEvent(t, kind, e[event], r[name].id);
      }
    });
    afterAll(async () => t.close());

    it('event keeps records linked to that event', async () => {
      expect(await sortedIds(t, `?event=${e.upcoming}`)).toEqual(idsSorted(r.atUpcoming, r.atBoth));
      expect(await sortedIds(t, `?event=${e.ended}`)).toEqual(idsSorted(r.atEnded, r.atBoth));
      expect(await sortedIds(t, `?event=${e.empty}`)).toEqual([]);
    });

    it.each(['424242', 'abc', '0', '-1'])('event=%s is a 400', async (event) => {
      expectInvalidParams(await list(t, `?event=${event}`), ['event']);
    });

    it('has_events=true keeps records linked to an event the caller may read that is not in trash', async () => {
      const public_ = idsSorted(r.atUpcoming, r.atEnded, r.atRunning, r.atBoth);
      expect(await sortedIds(t, '?has_events=true')).toEqual(public_);
      expect(await sortedIds(t, '?has_events=1', callers.contributor.token)).toEqual(public_);
      const withDraft = idsSorted(r.atUpcoming, r.atEnded, r.atRunning, r.atBoth, r.atDraft);
      expect(await sortedIds(t, '?has_events=true', callers.author.token)).toEqual(withDraft);
      expect(await sortedIds(t, '?has_events=true', callers.editor.token)).toEqual(withDraft);
    });

    it('has_events=false keeps the rest', async () => {
      expect(await sortedIds(t, '?has_events=false')).toEqual(idsSorted(r.atDraft, r.atTrashed, r.atNone));
      expect(await sortedIds(t, '?has_events=0', callers.editor.token)).toEqual(idsSorted(r.atTrashed, r.atNone));
    });

    it('only_with_upcoming=true keeps records linked to a readable event that has not ended', async () => {
      expect(await sortedIds(t, '?only_with_upcoming=true')).toEqual(idsSorted(r.atUpcoming, r.atRunning, r.atBoth));
      expect(await sortedIds(t, '?only_with_upcoming=true', callers.author.token)).toEqual(
        idsSorted(r.atUpcoming, r.atRunning, r.atBoth, r.atDraft),
      );
      expect(await sortedIds(t, '?only_with_upcoming=false')).toHaveLength(Object.keys(r).length);
    });

    it('counts an ended event once its end passes', async () => {
      await setEventEnd(t, e.running, daysFromNow(-1));
      try {
        expect(await sortedIds(t, '?only_with_upcoming=true')).toEqual(idsSorted(r.atUpcoming, r.atBoth));
        expect(await sortedIds(t, '?has_events=true')).toContain(r.atRunning.id);
      } finally {
        await setEventEnd(t, e.running, daysFromNow(1));
      }
    });

    it.each(['has_events=maybe', 'only_with_upcoming=perhaps'])('%s is a 400', async (query) => {
      expectInvalidParams(await list(t, `?${query}`), [query.split('=')[0]]);
    });

    it('combines with search and status, and every filter survives into rest_url and next_rest_url', async () => {
      const query = `?search=linked&status=publish&has_events=true&only_with_upcoming=true&per_page=1`;
      const first = await list(t, query).expect(200);
      expect(first.body.total).toBe(3);
      const filters = { search: 'linked', status: 'publish', has_events: 'true', only_with_upcoming: 'true' };
      expect(queryOf(first.body.rest_url)).toEqual({ ...filters, page: '1', per_page: '1' });
      expect(queryOf(first.body.next_rest_url)).toEqual({ ...filters, page: '2', per_page: '1' });
      const second = await t.http.get(pathOf(first.body.next_rest_url)).expect(200);
      expect(queryOf(second.body.previous_rest_url)).toEqual({ ...filters, per_page: '1' });
      const third = await t.http.get(pathOf(second.body.next_rest_url)).expect(200);
      const seen = [first, second, third].flatMap((res) => idsOf(res, kind)).sort((a, b) => a - b);
      expect(seen).toEqual(idsSorted(r.atUpcoming, r.atRunning, r.atBoth));

      const byEvent = await list(t, `?event=${e.upcoming}&has_events=false&per_page=1`).expect(200);
      expect(queryOf(byEvent.body.rest_url)).toEqual({ event: String(e.upcoming), has_events: 'false', page: '1', per_page: '1' });
    });

    it('keeps the language segment and translation_language in the links', async () => {
      const segment = await t.http.get(`/de${collectionPath(kind)}?per_page=1&has_events=true`).expect(200);
      expect(new URL(segment.body.next_rest_url).pathname).toBe(`/de${NS}/${kind.collection}`);
      const param = await list(t, '?per_page=1&translation_language=de').expect(200);
      expect(queryOf(param.body.next_rest_url)).toMatchObject({ translation_language: 'de', page: '2' });
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
