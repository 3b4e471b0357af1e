import type { Response } from 'supertest';
import { expectApiError, expectInvalidParams } from './support/terms-assertions';
import { createTerm, usePublished } from './support/terms-fixtures';
import { ADMIN_TOKEN, bearer, createTestApp, NS, TestApp } from './support/test-app';

const EN_NOT_FOUND = 'Term does not exist.';
const DE_NOT_FOUND = 'Der Begriff existiert nicht.';

/** The language a response was produced in, judged by its header and by the text of a term 404. */
function expectLanguage(res: Response, language: 'en' | 'de'): void {
  expect(res.headers['content-language']).toBe(language);
  expect(res.headers.vary).toMatch(/accept-language/i);
}

describe('languages', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const missingTerm = (prefix = '', query = '') => t.http.get(`${prefix}${NS}/categories/999999${query}`);

  describe('path segment', () => {
    it.each([
      ['', 'en', EN_NOT_FOUND],
      ['/en', 'en', EN_NOT_FOUND],
      ['/de', 'de', DE_NOT_FOUND],
    ] as const)('%j answers in %s', async (prefix, language, message) => {
      const res = await missingTerm(prefix);
      expectApiError(res, 404, 'rest_term_invalid');
      expect(res.body.message).toBe(message);
      expectLanguage(res, language);
    });

    it('serves every term route under /de and /en', async () => {
      const created = await t.http.post(`/de${NS}/tags`).set(bearer(ADMIN_TOKEN)).send({ name: 'Sprache' }).expect(201);
      const path = `${NS}/tags/${created.body.id}`;
      await t.http.get(`/en${path}`).expect(200);
      await t.http.patch(`/de${path}`).set(bearer(ADMIN_TOKEN)).send({ description: 'x' }).expect(200);
      await t.http.get(`/de${NS}/tags?hide_empty=false`).expect(200);
      await t.http.delete(`/en${path}`).set(bearer(ADMIN_TOKEN)).expect(200);
    });

    it('is not a language unless it is exactly en or de', async () => {
      expectApiError(await t.http.get(`/fr${NS}/categories`), 404, 'rest_no_route');
      expectApiError(await t.http.get(`/deu${NS}/categories`), 404, 'rest_no_route');
      expectApiError(await t.http.get(`/de/en${NS}/categories`), 404, 'rest_no_route');
    });
  });

  describe('Accept-Language', () => {
    it.each([
      ['de', 'de'],
      ['de-DE', 'de'],
      ['de-AT,de;q=0.9', 'de'],
      ['en-US', 'en'],
      ['en-GB,en;q=0.9,de;q=0.8', 'en'],
      ['fr-FR, de;q=0.5', 'de'],
      ['de;q=0.3, en;q=0.8', 'en'],
      ['en;q=0.1, DE', 'de'],
      ['de;q=0', 'en'],
      ['fr', 'en'],
      ['*', 'en'],
    ] as const)('%j → %s', async (header, language) => {
      const res = await missingTerm().set('Accept-Language', header);
      expect(res.body.message).toBe(language === 'de' ? DE_NOT_FOUND : EN_NOT_FOUND);
      expectLanguage(res, language);
    });
  });

  describe('translation_language', () => {
    it('in the query', async () => {
      const res = await missingTerm('', '?translation_language=de');
      expect(res.body.message).toBe(DE_NOT_FOUND);
      expectLanguage(res, 'de');
    });

    it('in a JSON body', async () => {
      const res = await t.http.post(`${NS}/categories`).set(bearer(ADMIN_TOKEN)).send({ translation_language: 'de' });
      expectApiError(res, 400, 'rest_missing_callback_param');
      expect(res.body.message).toBe('Fehlende(r) Parameter: name');
      expectLanguage(res, 'de');
    });

    it('in a form body', async () => {
      const res = await t.http
        .post(`${NS}/categories`)
        .set(bearer(ADMIN_TOKEN))
        .type('form')
        .send('translation_language=de&parent=x&name=Y');
      expectInvalidParams(res, ['parent']);
      expect(res.body.data.params.parent).toBe('parent muss eine ganze Zahl sein.');
      expectLanguage(res, 'de');
    });

    it('is not stored as a field', async () => {
      const res = await t.http.post(`${NS}/tags`).set(bearer(ADMIN_TOKEN)).send({ name: 'Stumm', translation_language: 'de' }).expect(201);
      expect(res.body).not.toHaveProperty('translation_language');
      expectLanguage(res, 'de');
    });

    it.each([
      ['the query', () => t.http.get(`${NS}/categories?translation_language=fr`)],
      ['an array in the query', () => t.http.get(`${NS}/categories?translation_language[]=de`)],
      ['a JSON body', () => t.http.post(`${NS}/categories`).set(bearer(ADMIN_TOKEN)).send({ name: 'X', translation_language: 'EN' })],
      ['a form body', () => t.http.post(`${NS}/categories`).set(bearer(ADMIN_TOKEN)).type('form').send('name=X&translation_language=xx')],
    ])('other than en or de is 400 rest_invalid_param in %s', async (_label, send) => {
      const res = await send();
      expectInvalidParams(res, ['translation_language']);
      expectLanguage(res, 'en');
    });

    it('an invalid one is reported in the language the other sources give', async () => {
      const res = await t.http.get(`/de${NS}/categories?translation_language=fr`);
      expectInvalidParams(res, ['translation_language']);
      expect(res.body.message).toBe('Ungültige(r) Parameter: translation_language');
      expectLanguage(res, 'de');
    });
  });

  describe('precedence: parameter > segment > header > en', () => {
    it.each([
      ['query beats segment', `/de${NS}/categories/999999?translation_language=en`, 'de', 'en'],
      ['query beats header', `${NS}/categories/999999?translation_language=de`, 'en', 'de'],
      ['segment beats header (en)', `/en${NS}/categories/999999`, 'de', 'en'],
      ['segment beats header (de)', `/de${NS}/categories/999999`, 'en-US', 'de'],
    ] as const)('%s', async (_label, url, header, language) => {
      const res = await t.http.get(url).set('Accept-Language', header);
      expect(res.body.message).toBe(language === 'de' ? DE_NOT_FOUND : EN_NOT_FOUND);
      expectLanguage(res, language);
    });

    it('a body parameter beats segment and header', async () => {
      const res = await t.http
        .post(`/de${NS}/tags`)
        .set(bearer(ADMIN_TOKEN))
        .set('Accept-Language', 'de')
        .send({ translation_language: 'en' });
      expect(res.body.message).toBe('Missing parameter(s): name');
      expectLanguage(res, 'en');
    });
  });

  describe('German texts', () => {
    it('translates data.params reasons and the message', async () => {
      const res = await t.http.get(`/de${NS}/tags?per_page=0&orderby=date`);
      expectInvalidParams(res, ['per_page', 'orderby']);
      expect(res.body.data.params).toEqual({
        per_page: 'per_page muss mindestens 1 sein.',
        orderby: 'orderby muss einer dieser Werte sein: id, name, slug, count, description.',
      });
      expect(res.body.message).toMatch(/^Ungültige\(r\) Parameter: /);
    });

    it.each([
      [
        'an unknown route',
        () => t.http.get(`/de${NS}/nope`),
        404,
        'Es wurde keine Route gefunden, die zur URL und zur Anfragemethode passt.',
      ],
      ['a wrong method', () => t.http.delete(`/de${NS}/tags`), 405, 'Diese Route unterstützt die Anfragemethode nicht.'],
      ['a missing token', () => t.http.post(`/de${NS}/tags`).send({ name: 'x' }), 401, 'Du musst angemeldet sein, um das zu tun.'],
      [
        'malformed JSON',
        () => t.http.post(`/de${NS}/tags`).set('Content-Type', 'application/json').send('{'),
        400,
        'Der Anfragetext ist kein gültiges JSON.',
      ],
      [
        'a body over 1 MB',
        () =>
          t.http
            .post(`/de${NS}/tags`)
            .set('Content-Type', 'application/json')
            .send(JSON.stringify({ name: 'x'.repeat(1_100_000) })),
        413,
        'Der Anfragetext überschreitet die Grenze von 1 MB.',
      ],
      ['a page past the end', () => t.http.get(`/de${NS}/tags?page=9`), 404, 'Die angeforderte Seite existiert nicht.'],
    ])('for %s, with Content-Language', async (_label, send, status, message) => {
      const res = await send();
      expect(res.status).toBe(status);
      expect(res.body.message).toBe(message);
      expectLanguage(res, 'de');
    });

    it('never change record content', async () => {
      const term = await createTerm(t, 'categories', { name: 'Konzert', description: 'Live' });
      const en = await t.http.get(`/en${NS}/categories/${term.id}`).expect(200);
      const de = await t.http.get(`/de${NS}/categories/${term.id}`).expect(200);
      expect(de.body).toMatchObject({ name: 'Konzert', description: 'Live', slug: 'konzert', url: en.body.url });
    });
  });

  describe('links keep the language segment', () => {
    it('Location, urls and rest_url under /de', async () => {
      const parent = await createTerm(t, 'categories', { name: 'Eltern' });
      const res = await t.http.post(`/de${NS}/categories`).set(bearer(ADMIN_TOKEN)).send({ name: 'Kind', parent: parent.id }).expect(201);
      const base = new RegExp(`^http://[^/]+/de${NS}/categories`);
      expect(res.headers.location).toMatch(base);
      expect(res.body.urls.self).toMatch(base);
      expect(res.body.urls.collection).toMatch(base);
      expect(res.body.urls.up).toMatch(base);
      expect(res.body.url).toBe('http://calendar.test/events/category/eltern/kind/');

      await usePublished(t, parent.id, res.body.id);
      const list = await t.http.get(`/de${NS}/categories?per_page=1`).expect(200);
      expect(list.body.rest_url).toMatch(base);
      expect(list.body.next_rest_url).toMatch(base);
      expect(list.body.categories[0].urls.self).toMatch(base);
      expect(list.headers.link).toContain(`/de${NS}/categories?`);
    });

    it('rest_url repeats translation_language when it was given', async () => {
      const list = await t.http.get(`/en${NS}/categories?translation_language=de&hide_empty=false`).expect(200);
      expect(new URL(list.body.rest_url).pathname).toBe(`/en${NS}/categories`);
      expect(new URL(list.body.rest_url).searchParams.get('translation_language')).toBe('de');
    });
  });
});

describe('languages under BASE_PATH', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ BASE_PATH: 'wp-json' });
  });
  afterAll(async () => t.close());

  it('serves the API under BASE_PATH, with and without a language segment', async () => {
    const created = await t.http.post(`/wp-json/de${NS}/tags`).set(bearer(ADMIN_TOKEN)).send({ name: 'Basis' }).expect(201);
    expect(created.headers.location).toMatch(new RegExp(`^http://[^/]+/wp-json/de${NS}/tags/${created.body.id}$`));
    expect(created.body.urls.collection).toMatch(new RegExp(`^http://[^/]+/wp-json/de${NS}/tags$`));

    const en = await t.http.get(`/wp-json${NS}/tags?hide_empty=false`).expect(200);
    expect(new URL(en.body.rest_url).pathname).toBe(`/wp-json${NS}/tags`);
    expect(en.body.tags[0].urls.self).toMatch(new RegExp(`^http://[^/]+/wp-json${NS}/tags/${created.body.id}$`));
    expectLanguage(en, 'en');

    const de = await t.http.get(`/wp-json/de${NS}/tags/999999`);
    expect(de.body.message).toBe(DE_NOT_FOUND);
    expectLanguage(de, 'de');
  });

  it('does not serve the API outside BASE_PATH', async () => {
    expectApiError(await t.http.get(`${NS}/tags`), 404, 'rest_no_route');
    expectApiError(await t.http.get(`/de${NS}/tags`), 404, 'rest_no_route');
    expectApiError(await t.http.post(`${NS}/tags`).set(bearer(ADMIN_TOKEN)).send({ name: 'Outside' }), 404, 'rest_no_route');
    expectApiError(await t.http.get(`/de/wp-json${NS}/tags`), 404, 'rest_no_route');
  });

  it('answers 405 with Allow under BASE_PATH', async () => {
    const res = await t.http.delete(`/wp-json/de${NS}/tags`);
    expectApiError(res, 405, 'rest_no_route');
    expect(res.headers.allow).toBe('GET, HEAD, POST');
    expectLanguage(res, 'de');
  });

  it('keeps /health and /ready at the root', async () => {
    await t.http.get('/health').expect(200);
    await t.http.get('/ready').expect(200);
  });
});
