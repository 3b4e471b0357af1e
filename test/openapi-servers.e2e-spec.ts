import type { OpenAPIV3 } from 'openapi-types';
import { createTestApp, NS, TestApp } from './support/test-app';

/*
 * GET /{ns}/doc and /docs-json (docs/api-rules.md, Addresses and languages, Discovery): the
 * document's server URL is where the request came in, its language the request's.
 */

type Document = OpenAPIV3.Document;

const HOST = 'calendar.example';

describe('the document follows the request', () => {
  let t: TestApp;
  let underBasePath: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ ALLOWED_HOSTS: HOST });
    underBasePath = await createTestApp({ BASE_PATH: 'wp-json', ALLOWED_HOSTS: HOST });
  });
  afterAll(async () => {
    await t.close();
    await underBasePath.close();
  });

  const serverOf = async (app: TestApp, path: string, headers: Record<string, string> = {}) => {
    const response = await app.http
      .get(path)
      .set({ Host: HOST, ...headers })
      .expect(200);
    return (response.body as Document).servers?.[0]?.url;
  };

  it.each([
    [`${NS}/doc`, `http://${HOST}${NS}/`],
    [`/en${NS}/doc`, `http://${HOST}/en${NS}/`],
    [`/de${NS}/doc`, `http://${HOST}/de${NS}/`],
    ['/docs-json', `http://${HOST}${NS}/`],
    ['/de/docs-json', `http://${HOST}/de${NS}/`],
  ])('GET %s has servers[0].url %s', async (path, url) => {
    expect(await serverOf(t, path)).toBe(url);
  });

  it.each([
    [`/wp-json${NS}/doc`, `http://${HOST}/wp-json${NS}/`],
    [`/wp-json/de${NS}/doc`, `http://${HOST}/wp-json/de${NS}/`],
    ['/wp-json/de/docs-json', `http://${HOST}/wp-json/de${NS}/`],
  ])('under BASE_PATH, GET %s has servers[0].url %s', async (path, url) => {
    expect(await serverOf(underBasePath, path)).toBe(url);
  });

  it('is not served outside BASE_PATH', async () => {
    await underBasePath.http.get(`${NS}/doc`).expect(404);
    await underBasePath.http.get('/docs-json').expect(404);
  });

  it('keeps the scheme a trusted proxy reports, and only then (TRUST_PROXY)', async () => {
    const behindProxy = await createTestApp({ ALLOWED_HOSTS: HOST, TRUST_PROXY: 'loopback' });
    try {
      expect(await serverOf(behindProxy, `/de${NS}/doc`, { 'X-Forwarded-Proto': 'https' })).toBe(`https://${HOST}/de${NS}/`);
    } finally {
      await behindProxy.close();
    }
    expect(await serverOf(t, `/de${NS}/doc`, { 'X-Forwarded-Proto': 'https' })).toBe(`http://${HOST}/de${NS}/`);
  });

  it('takes its language from translation_language and Accept-Language too, and says so', async () => {
    const byParameter = await t.http.get(`${NS}/doc`).query({ translation_language: 'de' }).set('Host', HOST).expect(200);
    expect(byParameter.headers['content-language']).toBe('de');
    expect((byParameter.body as Document).info.title).toBe('Kalender-API');
    expect((byParameter.body as Document).servers?.[0]?.url).toBe(`http://${HOST}${NS}/`);
    const byHeader = await t.http.get(`${NS}/doc`).set({ Host: HOST, 'Accept-Language': 'de-DE,de;q=0.9' }).expect(200);
    expect((byHeader.body as Document).info.title).toBe('Kalender-API');
    expect(byHeader.headers.vary).toMatch(/Accept-Language/i);
    const english = await t.http.get(`/en${NS}/doc`).set({ Host: HOST, 'Accept-Language': 'de' }).expect(200);
    expect(english.headers['content-language']).toBe('en');
    expect((english.body as Document).info.title).toBe('Calendar API');
  });

  it('serves the same document at /{ns}/doc and /docs-json', async () => {
    const doc = await t.http.get(`/de${NS}/doc`).set('Host', HOST).expect(200);
    const json = await t.http.get('/de/docs-json').set('Host', HOST).expect(200);
    expect(json.body).toEqual(doc.body);
  });

  it('rejects an unknown translation_language with 400 rest_invalid_param', async () => {
    const response = await t.http.get(`${NS}/doc`).query({ translation_language: 'fr' }).expect(400);
    expect(response.body).toMatchObject({
      code: 'rest_invalid_param',
      data: { status: 400, params: { translation_language: expect.any(String) } },
    });
    await t.http.get('/docs-json').query({ translation_language: 'fr' }).expect(400);
  });
});
