import type { Response } from 'supertest';
import { expectApiError } from './support/posts-assertions';
import { countRows, createEvent, EVENTS, eventBody } from './support/events-fixtures';
import { ADMIN_TOKEN, bearer, createTestApp, NS, TestApp } from './support/test-app';

const EVIL = 'evil.example';

/** Every place a response can carry a host: headers and body. */
function everythingIn(res: Response): string {
  return JSON.stringify(res.headers) + (res.text ?? '') + JSON.stringify(res.body ?? '');
}

/**
 * The trusted-host rule of docs/api-rules.md, Addresses and languages (README, Security): a Host other than SITE_URL's, the
 * loopback names and ALLOWED_HOSTS is refused with 400 rest_invalid_host before anything runs;
 * X-Forwarded-Host/-Proto count only from TRUST_PROXY's proxies; no link carries a forged host.
 */
describe('security: trusted hosts', () => {
  let t: TestApp;
  let allowing: TestApp;
  let proxied: TestApp;
  let eventId: number;

  beforeAll(async () => {
    t = await createTestApp();
    allowing = await createTestApp({ ALLOWED_HOSTS: 'api.example.org, *.example.net:8443' });
    proxied = await createTestApp({ ALLOWED_HOSTS: 'api.example.org', TRUST_PROXY: 'loopback' });
    eventId = (await createEvent(t, { title: 'Host test', start_date: 'tomorrow 8pm', end_date: 'tomorrow 11pm' })).id;
  });
  afterAll(async () => Promise.all([t.close(), allowing.close(), proxied.close()]));

  describe('an untrusted Host', () => {
    it.each([
      ['GET', `${NS}/events`],
      ['GET', `/de${NS}/events/1`],
      ['GET', `${NS}/doc`],
      ['GET', NS],
      ['GET', '/docs'],
      ['GET', '/docs/swagger-ui-init.js'],
      ['GET', '/docs-json'],
      ['GET', '/health'],
      ['OPTIONS', `${NS}/events`],
      ['GET', '/no/such/route'],
    ])('%s %s answers 400 rest_invalid_host, in JSON and the request language, with no trace of the host', async (method, path) => {
      const res = await t.http[method === 'GET' ? 'get' : 'options'](path).set({ Host: EVIL, 'Accept-Language': 'de' });
      expectApiError(res, 400, 'rest_invalid_host');
      expect(res.headers['content-language']).toBe('de');
      expect(res.headers['x-request-id']).toBeTruthy();
      expect(everythingIn(res)).not.toContain(EVIL);
    });

    it('is refused before the body is read or anything is written', async () => {
      const before = await countRows(t, 'events');
      const res = await t.http
        .post(`${NS}/events`)
        .set({ Host: EVIL, ...bearer(ADMIN_TOKEN), 'Content-Type': 'application/json' })
        .send('{"title": not json');
      expectApiError(res, 400, 'rest_invalid_host');
      expect(await countRows(t, 'events')).toBe(before);
    });

    it.each([
      ['a look-alike suffix', 'calendar.test.evil.example'],
      ['a Link relation smuggled in', 'localhost>; rel="next", <http://evil.example'],
      ['a user-info part', 'localhost@evil.example'],
      ['a path', 'localhost/evil'],
      ['an IPv6 address not loopback', '[2001:db8::1]'],
    ])('%s is refused', async (_what, host) => {
      expectApiError(await t.http.get(`${NS}/events`).set('Host', host), 400, 'rest_invalid_host');
    });
  });

  describe('trusted hosts', () => {
    it.each(['localhost:3000', '127.0.0.1', '[::1]:8080', 'calendar.test', 'CALENDAR.TEST:81'])('%s builds the links', async (host) => {
      const res = await t.http.get(`${EVENTS}`).query({ per_page: 1 }).set('Host', host).expect(200);
      expect(res.body.rest_url.startsWith(`http://${host.toLowerCase()}${NS}/events?`)).toBe(true);
    });

    it.each([
      ['api.example.org', 200],
      ['api.example.org:8080', 200],
      ['a.example.net:8443', 200],
      ['a.b.example.net:8443', 200],
      ['example.net:8443', 400],
      ['a.example.net', 400],
      ['a.example.net:8080', 400],
      ['api.example.org.evil.example', 400],
      ['evil-api.example.org', 400],
    ])('ALLOWED_HOSTS lets %s in: %s', async (host, status) => {
      const res = await allowing.http.get(`${NS}/events`).set('Host', host);
      expect(res.status).toBe(status);
      if (status === 200) expect(res.body.rest_url).toContain(`//${host}/`);
    });
  });

  describe('proxy headers', () => {
    it('are ignored without TRUST_PROXY: no forged scheme or host reaches a link', async () => {
      const res = await t.http
        .get(`${EVENTS}`)
        .query({ per_page: 1 })
        .set({ 'X-Forwarded-Proto': 'gopher', 'X-Forwarded-Host': EVIL })
        .expect(200);
      expect(res.body.rest_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
      expect(everythingIn(res)).not.toMatch(/gopher|evil\.example/);
    });

    it('count from a trusted proxy: X-Forwarded-Proto https and an allowed X-Forwarded-Host build the links', async () => {
      const res = await proxied.http
        .get(`${NS}/doc`)
        .set({ 'X-Forwarded-Proto': 'https', 'X-Forwarded-Host': 'api.example.org' })
        .expect(200);
      expect(res.body.servers[0].url).toBe(`https://api.example.org${NS}/`);
    });

    it('from a trusted proxy are still checked: a forged X-Forwarded-Host is refused, a strange scheme is not used', async () => {
      expectApiError(await proxied.http.get(`${NS}/events`).set('X-Forwarded-Host', EVIL), 400, 'rest_invalid_host');
      const res = await proxied.http.get(`${NS}/events`).set('X-Forwarded-Proto', 'gopher').expect(200);
      expect(res.body.rest_url).toMatch(/^http:\/\//);
    });
  });

  describe('every link the service builds', () => {
    const host = 'localhost:4000';
    const expectOnlyTrusted = (res: Response) => {
      const urls = everythingIn(res).match(/https?:\/\/[^/"\s<>]+/g) ?? [];
      expect(urls.length).toBeGreaterThan(0);
      for (const url of urls)
        expect(['http://localhost:4000', 'http://calendar.test', 'http://schema.org', 'https://schema.org']).toContain(url);
    };

    it('rest_url, next_rest_url and Link in lists', async () => {
      await createEvent(t, { title: 'Host test 2', start_date: 'tomorrow 8pm', end_date: 'tomorrow 11pm' });
      const res = await t.http.get(EVENTS).query({ per_page: 1 }).set('Host', host).expect(200);
      expect(res.body.next_rest_url).toBeDefined();
      expect(res.headers.link).toContain('rel="next"');
      expectOnlyTrusted(res);
    });

    it('Location and rest_url of a created record', async () => {
      const res = await t.http
        .post(EVENTS)
        .set({ Host: host, ...bearer(ADMIN_TOKEN) })
        .send(eventBody({ title: 'Located' }))
        .expect(201);
      expect(res.headers.location).toBe(`http://${host}${NS}/events/${res.body.id}`);
      expectOnlyTrusted(res);
    });

    it('a single record, /doc servers and the Swagger UI init script', async () => {
      expectOnlyTrusted(await t.http.get(`${EVENTS}/${eventId}`).set('Host', host).expect(200));
      const doc = await t.http.get(`${NS}/doc`).set('Host', host).expect(200);
      expect(doc.body.servers[0].url).toBe(`http://${host}${NS}/`);
      const init = await t.http.get('/docs/swagger-ui-init.js').set('Host', host).expect(200);
      expect(init.text).toContain(`http://${host}${NS}/`);
    });
  });

  it('refuses to start with a malformed ALLOWED_HOSTS or TRUST_PROXY, naming the variable', async () => {
    await expect(createTestApp({ ALLOWED_HOSTS: 'https://example.org/' })).rejects.toThrow(/ALLOWED_HOSTS/);
    await expect(createTestApp({ TRUST_PROXY: 'my-proxy' })).rejects.toThrow(/TRUST_PROXY/);
  });
});
