import { expectApiError, expectInvalidParams } from './support/posts-assertions';
import { collectionPath, idPath, sendUpdate, slugPath, storedRow } from './support/posts-fixtures';
import { POST_KIND_CASES, PostKindCase } from './support/posts-kinds';
import { isEditorial, postPermissionSession, ROLES } from './support/posts-permissions';
import { bearer } from './support/test-app';

/**
 * The role matrix of docs/api-rules.md, Statuses, users and permissions, for venues and organizers: anonymous, contributor, author,
 * editor and administrator × read, create, edit own and edit others' (the author field, trash and force delete:
 * post-permissions-author-trash.e2e-spec.ts).
 */
describe.each(POST_KIND_CASES)('$collection: permissions', (kind: PostKindCase) => {
  const { t, callers, otherAuthor, make, publishAsEditor } = postPermissionSession(kind);

  describe('anonymous callers', () => {
    it('read published records by ID and slug', async () => {
      const record = await make(callers.editor);
      await t.http.get(idPath(kind, record.id)).expect(200);
      await t.http.get(slugPath(kind, record.slug)).expect(200);
    });

    it.each(['draft', 'pending', 'private'])('get 403 <kind>-not-accessible for a %s record', async (status) => {
      const record = await make(callers.editor, { status });
      expectApiError(await t.http.get(idPath(kind, record.id)), 403, `${kind.name}-not-accessible`);
      expectApiError(await t.http.get(slugPath(kind, record.slug)), 403, `${kind.name}-not-accessible`);
    });

    it('get 401 rest_forbidden on every write route, before the record is looked up', async () => {
      const record = await make(callers.editor);
      const body = { [kind.nameField]: 'Anonymous Write' };
      const attempts = [
        () => t.http.post(collectionPath(kind)).send(body),
        ...[idPath(kind, record.id), slugPath(kind, record.slug), idPath(kind, 424242), slugPath(kind, 'nobody-here')].flatMap((path) => [
          () => t.http.post(path).send(body),
          () => t.http.put(path).send(body),
          () => t.http.patch(path).send(body),
          () => t.http.delete(path),
          () => t.http.delete(`${path}?force=true`),
        ]),
      ];
      for (const attempt of attempts) expectApiError(await attempt(), 401, 'rest_forbidden');
      expect(await storedRow(t, kind, record.id)).toMatchObject({ title: record[kind.nameField], status: 'publish' });
    });

    it('get 401 rest_invalid_token for a bad token, never silently anonymous', async () => {
      expectApiError(
        await t.http
          .post(collectionPath(kind))
          .set(bearer('not-a-token'))
          .send({ [kind.nameField]: 'X' }),
        401,
        'rest_invalid_token',
      );
      const record = await make(callers.editor);
      expectApiError(await t.http.get(idPath(kind, record.id)).set(bearer('not-a-token')), 401, 'rest_invalid_token');
    });
  });

  describe('create', () => {
    it.each(ROLES)('%s may create; the record is theirs', async (role) => {
      const record = await make(callers[role]);
      expect(record.author).toBe(callers[role].id);
    });

    it.each([
      ['contributor', undefined, 'draft'],
      ['contributor', 'publish', 'pending'],
      ['contributor', 'future', 'pending'],
      ['contributor', 'pending', 'pending'],
      ['contributor', 'draft', 'draft'],
      ['author', undefined, 'publish'],
      ['author', 'draft', 'draft'],
      ['author', 'pending', 'pending'],
      ['editor', undefined, 'publish'],
      ['editor', 'private', 'private'],
      ['administrator', undefined, 'publish'],
      ['administrator', 'publish', 'publish'],
    ] as const)('%s asking for status %s gets %s', async (role, status, stored) => {
      const record = await make(callers[role], status ? { status } : {});
      expect(record.status).toBe(stored);
      expect((await storedRow(t, kind, record.id))?.status).toBe(stored);
    });

    it.each(['trash', 'any', 'published', ''])('rejects the status %j', async (status) => {
      const res = await t.http
        .post(collectionPath(kind))
        .set(bearer(callers.editor.token))
        .send({ [kind.nameField]: 'Bad Status', status });
      expectInvalidParams(res, ['status']);
    });
  });

  describe('read', () => {
    const readers = ['anonymous', 'contributor', 'owner', 'other author', 'editor', 'administrator'] as const;
    const tokenOf = (reader: (typeof readers)[number]) =>
      reader === 'anonymous'
        ? undefined
        : reader === 'owner'
          ? callers.author.token
          : reader === 'other author'
            ? otherAuthor.token
            : callers[reader].token;

    it.each(['draft', 'pending', 'private'])('a %s record: owners, editors and administrators read it, nobody else', async (status) => {
      const record = await make(callers.author, { status });
      for (const reader of readers) {
        const token = tokenOf(reader);
        const res = token ? await t.http.get(idPath(kind, record.id)).set(bearer(token)) : await t.http.get(idPath(kind, record.id));
        if (['owner', 'editor', 'administrator'].includes(reader)) expect({ reader, status: res.status }).toEqual({ reader, status: 200 });
        else expectApiError(res, 403, `${kind.name}-not-accessible`);
      }
    });

    it('a contributor reads their own draft and pending records', async () => {
      const draft = await make(callers.contributor);
      const pending = await make(callers.contributor, { status: 'publish' });
      await t.http.get(idPath(kind, draft.id)).set(bearer(callers.contributor.token)).expect(200);
      await t.http.get(slugPath(kind, pending.slug)).set(bearer(callers.contributor.token)).expect(200);
      expectApiError(await t.http.get(idPath(kind, draft.id)).set(bearer(callers.author.token)), 403, `${kind.name}-not-accessible`);
    });
  });

  describe('edit', () => {
    it.each(ROLES)('%s edits their own record', async (role) => {
      const record = await make(callers[role]);
      const res = await sendUpdate(t, 'put', idPath(kind, record.id), { phone: `own-${role}` }, callers[role].token).expect(200);
      expect(res.body.phone).toBe(`own-${role}`);
    });

    it.each(ROLES)("%s and others' records: only editors and administrators", async (role) => {
      for (const status of ['publish', 'draft']) {
        const record = await make(otherAuthor, { status });
        const res = await sendUpdate(t, 'patch', idPath(kind, record.id), { phone: 'taken over' }, callers[role].token);
        if (isEditorial(role)) {
          expect(res.status).toBe(200);
          expect(res.body.author).toBe(otherAuthor.id);
        } else {
          expectApiError(res, 403, 'rest_forbidden');
          expect((await storedRow(t, kind, record.id))?.phone).toBe('');
        }
      }
    });

    it('a contributor cannot publish by editing; the record stays pending', async () => {
      const record = await make(callers.contributor);
      const res = await sendUpdate(t, 'patch', idPath(kind, record.id), { status: 'publish' }, callers.contributor.token).expect(200);
      expect(res.body.status).toBe('pending');
    });

    it.each([
      ['publishes', { status: 'publish' }],
      ['schedules', { status: 'future', date: '2099-01-01 10:00:00' }],
      ['makes private', { status: 'private' }],
    ])('a contributor can no longer edit or trash their record once an editor %s it', async (_what, review) => {
      const record = await make(callers.contributor, { status: 'pending' });
      await sendUpdate(t, 'patch', idPath(kind, record.id), review, callers.editor.token).expect(200);
      expectApiError(
        await sendUpdate(t, 'patch', idPath(kind, record.id), { phone: '1' }, callers.contributor.token),
        403,
        'rest_forbidden',
      );
      expectApiError(await t.http.delete(idPath(kind, record.id)).set(bearer(callers.contributor.token)), 403, 'rest_forbidden');
      expect(await storedRow(t, kind, record.id)).toMatchObject({ phone: '', status: review.status });
    });

    it('a contributor edits their record again once an editor returns it to draft', async () => {
      const record = await make(callers.contributor);
      await publishAsEditor(record);
      await sendUpdate(t, 'patch', idPath(kind, record.id), { status: 'draft' }, callers.editor.token).expect(200);
      await sendUpdate(t, 'patch', slugPath(kind, record.slug), { phone: '1' }, callers.contributor.token).expect(200);
      expect((await storedRow(t, kind, record.id))?.phone).toBe('1');
    });

    it('an author keeps editing their record after it was published', async () => {
      const record = await make(callers.author);
      expect(record.status).toBe('publish');
      await sendUpdate(t, 'patch', idPath(kind, record.id), { phone: '2' }, callers.author.token).expect(200);
    });
  });
});
