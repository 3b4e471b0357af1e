import { expectInvalidParams } from './support/posts-assertions';
import { describePostCrud } from './support/posts-crud-suite';
import { describePostImagesAndSlugs } from './support/posts-images-slugs-suite';
import { callersByRole, collectionPath, createPost, idPath, RoleCallers, sendUpdate, storedRow } from './support/posts-fixtures';
import { ORGANIZER_CASE } from './support/posts-kinds';
import { describePostLifecycle } from './support/posts-lifecycle-suite';
import { describePostMessages } from './support/posts-messages-suite';
import { describePostPasswords } from './support/posts-password-suite';
import { ADMIN_TOKEN, bearer, createTestApp, TestApp } from './support/test-app';

describePostCrud(ORGANIZER_CASE);
describePostImagesAndSlugs(ORGANIZER_CASE);
describePostLifecycle(ORGANIZER_CASE);
describePostPasswords(ORGANIZER_CASE);
describePostMessages(ORGANIZER_CASE);

describe('organizers: their own fields', () => {
  let t: TestApp;
  let callers: RoleCallers;
  beforeAll(async () => {
    t = await createTestApp();
    callers = await callersByRole(t);
  });
  afterAll(async () => t.close());

  const organizer = (name: string, extra: Record<string, unknown> = {}, token = ADMIN_TOKEN) =>
    createPost(t, ORGANIZER_CASE, { organizer: name, ...extra }, token);

  it('stores phone, website and email and returns the single-record json_ld Organization', async () => {
    const created = await organizer('Kulturverein Süd', {
      phone: '+49 89 1',
      website: 'https://kv-sued.example/',
      email: '  info@kv-sued.example ',
      description: '<p>Since <em>1990</em></p>',
    });
    expect(created).toMatchObject({ phone: '+49 89 1', website: 'https://kv-sued.example/', email: 'info@kv-sued.example' });
    const read = await t.http.get(idPath(ORGANIZER_CASE, created.id)).expect(200);
    expect(read.body.json_ld).toEqual({
      '@context': 'http://schema.org',
      '@type': 'Organization',
      name: 'Kulturverein Süd',
      description: 'Since 1990',
      url: 'http://calendar.test/organizer/kulturverein-sued/',
      telephone: '+49 89 1',
      email: 'info@kv-sued.example',
      sameAs: 'https://kv-sued.example/',
    });
  });

  it.each(['not-an-email', 'a@', '@example.org', 'two words@example.org', 'x@y'])(
    'rejects the e-mail %j, writing nothing',
    async (email) => {
      const created = await organizer(`Mail Check ${Math.random()}`, { email: 'ok@example.org' });
      expectInvalidParams(await sendUpdate(t, 'patch', idPath(ORGANIZER_CASE, created.id), { email, phone: 'changed' }), ['email']);
      expect(await storedRow(t, ORGANIZER_CASE, created.id)).toMatchObject({ email: 'ok@example.org', phone: '' });
      expectInvalidParams(
        await t.http.post(collectionPath(ORGANIZER_CASE)).set(bearer(ADMIN_TOKEN)).send({ organizer: 'Bad Mail', email }),
        ['email'],
      );
    },
  );

  it('clears the e-mail with ""', async () => {
    const created = await organizer('Mail Clear', { email: 'clear@example.org' });
    const res = await sendUpdate(t, 'put', idPath(ORGANIZER_CASE, created.id), { email: '' }).expect(200);
    expect(res.body.email).toBe('');
  });

  describe('duplicate avoidance', () => {
    it('returns the existing organizer (201) when every given field matches case-insensitively', async () => {
      const first = await organizer('Jazz Society', { email: 'Hello@Jazz.example', phone: '123' });
      const res = await t.http
        .post(collectionPath(ORGANIZER_CASE))
        .set(bearer(ADMIN_TOKEN))
        .send({ organizer: 'jazz society', email: 'hello@jazz.EXAMPLE' })
        .expect(201);
      expect(res.body.id).toBe(first.id);
      expect(res.body).toMatchObject({ organizer: 'Jazz Society', phone: '123' });
      expect((await organizer('JAZZ SOCIETY')).id).toBe(first.id);
    });

    it.each([
      ['another e-mail', { email: 'other@jazz.example' }],
      ['another phone', { phone: '456' }],
      ['another website', { website: 'https://other.example/' }],
      ['another name', { organizer: 'Jazz Societies' }],
      ['another description', { description: 'Different' }],
    ])('creates a new organizer when %s differs', async (label, change) => {
      const original = await organizer(`Twin ${label}`, { email: 'twin@jazz.example', phone: '123' });
      const twin = await organizer(`Twin ${label}`, { email: 'twin@jazz.example', phone: '123', ...change });
      expect(twin.id).not.toBe(original.id);
    });

    it('ignores a trashed match and a match the caller may not read', async () => {
      const trashed = await organizer('Gone Club', { phone: '1' });
      await t.http.delete(idPath(ORGANIZER_CASE, trashed.id)).set(bearer(ADMIN_TOKEN)).expect(200);
      expect((await organizer('Gone Club', { phone: '1' })).id).not.toBe(trashed.id);

      const editorsDraft = await organizer('Hidden Club', { status: 'private' }, callers.editor.token);
      const authors = await organizer('Hidden Club', {}, callers.author.token);
      expect(authors.id).not.toBe(editorsDraft.id);
      expect(authors.author).toBe(callers.author.id);
    });
  });
});
