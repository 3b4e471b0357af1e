import { expectApiError, expectInvalidParams } from './support/posts-assertions';
import { collectionPath, idPath, sendUpdate, slugPath, storedRow } from './support/posts-fixtures';
import { POST_KIND_CASES, PostKindCase } from './support/posts-kinds';
import { isEditorial, postPermissionSession, ROLES } from './support/posts-permissions';
import { bearer } from './support/test-app';

/**
 * The role matrix of docs/api-rules.md, Statuses, users and permissions, for venues and organizers: contributor, author, editor and
 * administrator × giving a record to another author, trash and force delete.
 */
describe.each(POST_KIND_CASES)('$collection: permissions of the author field, trash and force delete', (kind: PostKindCase) => {
  const { t, callers, otherAuthor, make, publishAsEditor } = postPermissionSession(kind);

  describe('the author field', () => {
    it.each(['editor', 'administrator'] as const)('%s may give a record to someone else', async (role) => {
      const record = await make(callers[role]);
      const res = await sendUpdate(t, 'patch', idPath(kind, record.id), { author: callers.author.id }, callers[role].token).expect(200);
      expect(res.body.author).toBe(callers.author.id);
      await sendUpdate(t, 'patch', idPath(kind, record.id), { phone: 'now mine' }, callers.author.token).expect(200);
      const created = await make(callers[role], { author: String(otherAuthor.id) });
      expect(created.author).toBe(otherAuthor.id);
    });

    it.each(['contributor', 'author'] as const)('%s may not: 403 on create and on update, also of an unknown record', async (role) => {
      const before = await t.dataSource.getRepository(kind.entity).count();
      expectApiError(
        await t.http
          .post(collectionPath(kind))
          .set(bearer(callers[role].token))
          .send({ [kind.nameField]: 'Given Away', author: callers.editor.id }),
        403,
        'rest_forbidden',
      );
      expect(await t.dataSource.getRepository(kind.entity).count()).toBe(before);
      const record = await make(callers[role]);
      expectApiError(
        await sendUpdate(t, 'patch', idPath(kind, record.id), { author: callers.editor.id }, callers[role].token),
        403,
        'rest_forbidden',
      );
      expect((await storedRow(t, kind, record.id))?.authorId).toBe(callers[role].id);
      expectApiError(
        await sendUpdate(t, 'patch', idPath(kind, 424242), { author: callers.editor.id }, callers[role].token),
        403,
        'rest_forbidden',
      );
      const self = await sendUpdate(t, 'patch', idPath(kind, record.id), { author: callers[role].id }, callers[role].token).expect(200);
      expect(self.body.author).toBe(callers[role].id);
    });

    it('an unknown or invalid author is a 400', async () => {
      const record = await make(callers.editor);
      expectInvalidParams(await sendUpdate(t, 'patch', idPath(kind, record.id), { author: 987654 }, callers.editor.token), ['author']);
      expectInvalidParams(await sendUpdate(t, 'patch', idPath(kind, record.id), { author: 'someone' }, callers.editor.token), ['author']);
      expectInvalidParams(await sendUpdate(t, 'patch', idPath(kind, record.id), { author: 0 }, callers.editor.token), ['author']);
      expect((await storedRow(t, kind, record.id))?.authorId).toBe(callers.editor.id);
    });
  });

  describe('trash', () => {
    it.each(ROLES)('%s trashes their own record', async (role) => {
      const record = await make(callers[role]);
      const res = await t.http.delete(idPath(kind, record.id)).set(bearer(callers[role].token)).expect(200);
      expect(res.body.status).toBe('trash');
    });

    it.each(ROLES)("%s and others' records: only editors and administrators", async (role) => {
      const record = await make(otherAuthor);
      const res = await t.http.delete(idPath(kind, record.id)).set(bearer(callers[role].token));
      if (isEditorial(role)) expect(res.status).toBe(200);
      else expectApiError(res, 403, 'rest_forbidden');
      expect((await storedRow(t, kind, record.id))?.status).toBe(isEditorial(role) ? 'trash' : 'publish');
    });

    it('owners restore their own trashed record; others get 403', async () => {
      const record = await make(callers.author);
      await t.http.delete(idPath(kind, record.id)).set(bearer(callers.author.token)).expect(200);
      expectApiError(
        await sendUpdate(t, 'patch', idPath(kind, record.id), { status: 'publish' }, otherAuthor.token),
        403,
        'rest_forbidden',
      );
      const restored = await sendUpdate(t, 'patch', idPath(kind, record.id), { status: 'publish' }, callers.author.token).expect(200);
      expect(restored.body.status).toBe('publish');
    });
  });

  describe('force delete', () => {
    it.each(ROLES)('%s: whoever may delete a record deletes it for good, own records included', async (role) => {
      const record = await make(callers[role]);
      const res = await t.http
        .delete(`${idPath(kind, record.id)}?force=true`)
        .set(bearer(callers[role].token))
        .expect(200);
      expect(res.body).toMatchObject({ deleted: true, previous: { id: record.id, status: record.status } });
      expect(await storedRow(t, kind, record.id)).toBeNull();
    });

    it.each(['contributor', 'author'] as const)("%s: others' records are not theirs to delete for good", async (role) => {
      const record = await make(callers.editor);
      expectApiError(await t.http.delete(`${idPath(kind, record.id)}?force=true`).set(bearer(callers[role].token)), 403, 'rest_forbidden');
      expectApiError(
        await t.http.delete(slugPath(kind, record.slug)).set(bearer(callers[role].token)).send({ force: true }),
        403,
        'rest_forbidden',
      );
      expect((await storedRow(t, kind, record.id))?.status).toBe('publish');
    });

    it('a contributor may not delete for good an own record an editor has published', async () => {
      const record = await make(callers.contributor);
      await publishAsEditor(record);
      expectApiError(
        await t.http.delete(`${idPath(kind, record.id)}?force=true`).set(bearer(callers.contributor.token)),
        403,
        'rest_forbidden',
      );
      expect((await storedRow(t, kind, record.id))?.status).toBe('publish');
    });

    it.each(['contributor', 'author'] as const)('%s gets 404 for a record that does not exist', async (role) => {
      expectApiError(
        await t.http.delete(`${idPath(kind, 424242)}?force=true`).set(bearer(callers[role].token)),
        404,
        `rest-${kind.name}-not-found`,
      );
    });
  });
});
