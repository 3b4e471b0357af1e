import { expectApiError, idsOf } from './posts-assertions';
import { callersByRole, collectionPath, createPost, idPath, RoleCallers, sendUpdate, slugPath, storedRow } from './posts-fixtures';
import { PostKindCase } from './posts-kinds';
import { ADMIN_TOKEN, bearer, createTestApp, TestApp } from './test-app';

/** Password-protected records (docs/api-rules.md, Statuses, users and permissions), shared by venues and organizers. */
export function describePostPasswords(kind: PostKindCase): void {
  const named = (name: string, extra: Record<string, unknown> = {}) => ({ [kind.nameField]: name, ...extra });

  describe(`${kind.collection}: password protection`, () => {
    let t: TestApp;
    let callers: RoleCallers;
    beforeAll(async () => {
      t = await createTestApp();
      callers = await callersByRole(t);
    });
    afterAll(async () => t.close());

    const protectedRecord = (token = ADMIN_TOKEN) => createPost(t, kind, named(`Secret ${Math.random()}`, { password: 'sesame' }), token);

    it('never returns the password', async () => {
      const record = await protectedRecord();
      expect(record).not.toHaveProperty('password');
      expect((await storedRow(t, kind, record.id))?.password).toBe('sesame');
      const read = await t.http.get(`${idPath(kind, record.id)}?password=sesame`).expect(200);
      expect(read.body).not.toHaveProperty('password');
      const list = await t.http.get(`${collectionPath(kind)}?per_page=50`).expect(200);
      for (const item of list.body[kind.collection]) expect(item).not.toHaveProperty('password');
      expect(idsOf(list, kind)).toContain(record.id);
    });

    it('without or with a wrong password answers 403 <kind>-password-protected, by ID and by slug', async () => {
      const record = await protectedRecord();
      for (const path of [idPath(kind, record.id), slugPath(kind, record.slug)]) {
        expectApiError(await t.http.get(path), 403, `${kind.name}-password-protected`);
        expectApiError(await t.http.get(`${path}?password=wrong`), 403, `${kind.name}-password-protected`);
        expectApiError(await t.http.get(`${path}?password=SESAME`), 403, `${kind.name}-password-protected`);
        const opened = await t.http.get(`${path}?password=sesame`).expect(200);
        expect(opened.body.id).toBe(record.id);
      }
    });

    it('other signed-in users need the password too', async () => {
      const record = await protectedRecord(callers.editor.token);
      for (const role of ['author', 'contributor'] as const) {
        expectApiError(await t.http.get(idPath(kind, record.id)).set(bearer(callers[role].token)), 403, `${kind.name}-password-protected`);
        await t.http
          .get(`${idPath(kind, record.id)}?password=sesame`)
          .set(bearer(callers[role].token))
          .expect(200);
      }
    });

    it('owners, editors and administrators read without it', async () => {
      const owned = await protectedRecord(callers.author.token);
      for (const role of ['author', 'editor', 'administrator'] as const) {
        await t.http.get(idPath(kind, owned.id)).set(bearer(callers[role].token)).expect(200);
      }
    });

    it('a contributor reads their own protected record without it, also once it was published', async () => {
      const record = await protectedRecord(callers.contributor.token);
      expect(record.status).toBe('draft');
      await t.http.get(idPath(kind, record.id)).set(bearer(callers.contributor.token)).expect(200);
      await sendUpdate(t, 'patch', idPath(kind, record.id), { status: 'publish' }, callers.editor.token).expect(200);
      await t.http.get(idPath(kind, record.id)).set(bearer(callers.contributor.token)).expect(200);
      expectApiError(await t.http.get(idPath(kind, record.id)), 403, `${kind.name}-password-protected`);
    });

    it('"" removes the password; a new one replaces it', async () => {
      const record = await protectedRecord();
      const changed = await sendUpdate(t, 'patch', idPath(kind, record.id), { password: 'open sesame' }).expect(200);
      expect(changed.body).not.toHaveProperty('password');
      expectApiError(await t.http.get(`${idPath(kind, record.id)}?password=sesame`), 403, `${kind.name}-password-protected`);
      await t.http.get(`${idPath(kind, record.id)}?password=open%20sesame`).expect(200);
      await sendUpdate(t, 'patch', idPath(kind, record.id), { password: '' }).expect(200);
      await t.http.get(idPath(kind, record.id)).expect(200);
      expect((await storedRow(t, kind, record.id))?.password).toBeNull();
    });
  });
}
