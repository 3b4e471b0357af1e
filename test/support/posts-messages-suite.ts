import deErrors from '../../apps/api/src/i18n/de/errors.json';
import deValidation from '../../apps/api/src/i18n/de/validation.json';
import enErrors from '../../apps/api/src/i18n/en/errors.json';
import enValidation from '../../apps/api/src/i18n/en/validation.json';
import { expectApiError } from './posts-assertions';
import { createPost, PostJson } from './posts-fixtures';
import { PostKindCase } from './posts-kinds';
import { ADMIN_TOKEN, bearer, createTestApp, NS, TestApp } from './test-app';

const CATALOGUES = {
  en: { errors: enErrors as Record<string, string>, validation: enValidation as Record<string, string> },
  de: { errors: deErrors as Record<string, string>, validation: deValidation as Record<string, string> },
};
type Language = keyof typeof CATALOGUES;

/** The catalogue text with its `{placeholders}` filled, as the service must send it. */
function expected(lang: Language, file: 'errors' | 'validation', key: string, args: Record<string, string | number> = {}): string {
  const template = CATALOGUES[lang][file][key];
  if (template === undefined) throw new Error(`no ${lang} ${file}.${key}`);
  return template.replace(/\{(\w+)\}/g, (_m, name: string) => String(args[name]));
}

/** The three ways a client picks a language: none (English), the /de segment, translation_language. */
const WAYS: Array<{ lang: Language; label: string; url: (path: string) => string }> = [
  { lang: 'en', label: 'default', url: (path) => `${NS}${path}` },
  { lang: 'de', label: '/de segment', url: (path) => `/de${NS}${path}` },
  { lang: 'de', label: 'translation_language=de', url: (path) => `${NS}${path}${path.includes('?') ? '&' : '?'}translation_language=de` },
];

/** Record errors in English and German (docs/api-rules.md, Addresses and languages, Errors), for venues and organizers alike. */
export function describePostMessages(kind: PostKindCase): void {
  const named = (name: string, extra: Record<string, unknown> = {}) => ({ [kind.nameField]: name, ...extra });
  const base = `/${kind.collection}`;

  describe(`${kind.collection}: error messages in both languages`, () => {
    let t: TestApp;
    let draft: PostJson;
    let trashed: PostJson;
    let locked: PostJson;
    let plain: PostJson;
    beforeAll(async () => {
      t = await createTestApp();
      draft = await createPost(t, kind, named('Message Draft', { status: 'draft' }));
      trashed = await createPost(t, kind, named('Message Trashed'));
      await t.http.delete(`${NS}${base}/${trashed.id}`).set(bearer(ADMIN_TOKEN)).expect(200);
      locked = await createPost(t, kind, named('Message Locked', { password: 'pw' }));
      plain = await createPost(t, kind, named('Message Plain'));
    });
    afterAll(async () => t.close());

    describe.each(WAYS)('$label', ({ lang, url }) => {
      it('not found, by ID and by slug', async () => {
        const byId = await t.http.get(url(`${base}/4242`));
        expectApiError(byId, 404, `rest-${kind.name}-not-found`);
        expect(byId.body.message).toBe(expected(lang, 'errors', `${kind.name}_not_found`, { id: 4242 }));
        expect(byId.headers['content-language']).toBe(lang);
        const bySlug = await t.http.get(url(`${base}/by-slug/gibt-es-nicht`));
        expect(bySlug.body.message).toBe(expected(lang, 'errors', `${kind.name}_slug_not_found`, { slug: 'gibt-es-nicht' }));
      });

      it('not accessible, no longer available, password protected', async () => {
        const hidden = await t.http.get(url(`${base}/${draft.id}`));
        expectApiError(hidden, 403, `${kind.name}-not-accessible`);
        expect(hidden.body.message).toBe(expected(lang, 'errors', `${kind.name}_not_accessible`));
        const gone = await t.http.get(url(`${base}/${trashed.id}`));
        expectApiError(gone, 403, `${kind.name}-no-longer-available`);
        expect(gone.body.message).toBe(expected(lang, 'errors', `${kind.name}_no_longer_available`));
        const protectedRead = await t.http.get(url(`${base}/${locked.id}`));
        expectApiError(protectedRead, 403, `${kind.name}-password-protected`);
        expect(protectedRead.body.message).toBe(expected(lang, 'errors', `${kind.name}_password_protected`));
      });

      it('already in trash', async () => {
        const res = await t.http.delete(url(`${base}/${trashed.id}`)).set(bearer(ADMIN_TOKEN));
        expectApiError(res, 410, `${kind.name}-is-in-trash`);
        expect(res.body.message).toBe(expected(lang, 'errors', `${kind.name}_is_in_trash`));
      });

      it('invalid parameter, with the reason per field', async () => {
        const res = await t.http
          .patch(url(`${base}/${plain.id}`))
          .set(bearer(ADMIN_TOKEN))
          .send({ website: 'ftp://x.example' });
        expectApiError(res, 400, 'rest_invalid_param');
        expect(res.body.message).toBe(expected(lang, 'errors', 'rest_invalid_param', { names: 'website' }));
        expect(res.body.data.params).toEqual({ website: expected(lang, 'validation', 'isHttpUrl', { name: 'website' }) });
        const date = await t.http
          .patch(url(`${base}/${plain.id}`))
          .set(bearer(ADMIN_TOKEN))
          .send({ date: 'kein Datum' });
        expect(date.body.data.params).toEqual({ date: expected(lang, 'validation', 'date', { name: 'date' }) });
      });
    });

    it('takes translation_language from a JSON body too', async () => {
      const res = await t.http.post(`${NS}${base}`).set(bearer(ADMIN_TOKEN)).send({ translation_language: 'de', phone: '1' });
      expectApiError(res, 400, 'rest_missing_callback_param');
      expect(res.body.message).toBe(expected('de', 'errors', 'rest_missing_callback_param', { names: kind.nameField }));
    });
  });
}
