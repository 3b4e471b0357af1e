import { expectInvalidParams, idsOf, pathOf, queryOf } from './support/posts-assertions';
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
import { POST_KIND_CASES, PostKindCase } from './support/posts-kinds';
import { ADMIN_TOKEN, bearer, createTestApp, NS, TestApp } from './support/test-app';
import { postListCalls } from './support/post-list-calls';

/** Venue and organizer list filters by status and by linked events (docs/api-rules.md, Lists), and who sees what in them (docs/api-rules.md, Statuses, users and permissions). */
describe.each(POST_KIND_CASES)('$collection list filters', (kind: PostKindCase) => {
  const { named, list, sortedIds, idsSorted } = postListCalls(kind);

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
