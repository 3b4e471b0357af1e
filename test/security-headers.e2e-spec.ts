import type { Response } from 'supertest';
import { EVENTS, eventBody } from './support/events-fixtures';
import { ADMIN_TOKEN, bearer, createTestApp, NS, TestApp } from './support/test-app';

function expectCommonHeaders(res: Response): void {
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['referrer-policy']).toBe('no-referrer');
  expect(res.headers['x-frame-options']).toBe('DENY');
  expect(res.headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
}

/**
 * Security headers (README, Security): nosniff, Referrer-Policy and frame protection on every
 * answer, a Content-Security-Policy (Swagger UI's still lets it work: test/swagger-ui), and
 * `Cache-Control` that lets no shared cache keep what one caller may see (docs/api-rules.md, HTTP caching and preconditions).
 */
describe('security: headers', () => {
  let t: TestApp;
  let underBasePath: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ CORS_ORIGINS: 'https://app.example' });
    underBasePath = await createTestApp({ BASE_PATH: 'wp-json' });
  });
  afterAll(async () => Promise.all([t.close(), underBasePath.close()]));

  it.each([
    ['a list', `${NS}/events`, 200],
    ['the index', NS, 200],
    ['an unknown route', '/nothing/here', 404],
    ['a refused host', `${NS}/events`, 400],
  ])('%s carries nosniff, Referrer-Policy, frame protection and a CSP that loads nothing', async (what, path, status) => {
    const res = await t.http.get(path).set(what === 'a refused host' ? { Host: 'evil.example' } : {});
    expect(res.status).toBe(status);
    expectCommonHeaders(res);
    expect(res.headers['content-security-policy']).toMatch(/default-src 'none'/);
    // docs/api-rules.md, HTTP caching and preconditions: anonymous reads may be kept and revalidated; errors are never stored.
    expect(res.headers['cache-control']).toBe(status === 200 ? 'public, no-cache' : 'no-store');
  });

  it('answers to requests with credentials are never shared: reads private, writes and errors not stored', async () => {
    const read = await t.http.get(`${NS}/events`).set(bearer(ADMIN_TOKEN)).expect(200);
    const write = await t.http
      .post(EVENTS)
      .set(bearer(ADMIN_TOKEN))
      .send(eventBody({ title: 'Stored?' }))
      .expect(201);
    const refused = await t.http.get(`${NS}/events`).set(bearer('cal_wrong-token-000000000000000000')).expect(401);
    expect(read.headers['cache-control']).toBe('private, no-cache');
    for (const res of [write, refused]) expect(res.headers['cache-control']).toBe('no-store');
    for (const res of [read, write, refused]) expectCommonHeaders(res);
  });

  it.each([
    [() => t, '/docs'],
    [() => t, '/de/docs'],
    [() => t, '/docs/swagger-ui-init.js'],
    [() => underBasePath, '/wp-json/docs'],
    [() => underBasePath, '/wp-json/de/docs'],
  ])('Swagger UI (%#: %s) gets a CSP that allows its own scripts, styles and calls, and no framing', async (app, path) => {
    const res = await app().http.get(path).redirects(1);
    expect(res.status).toBe(200);
    expectCommonHeaders(res);
    const csp = res.headers['content-security-policy'] as string;
    expect(csp).toMatch(/default-src 'self'/);
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(csp).toMatch(/connect-src 'self'/);
    expect(csp).not.toMatch(/unsafe-eval/);
  });

  it('lets browsers of allowed origins read the rate-limit headers', async () => {
    const res = await t.http.get(`${NS}/events`).set('Origin', 'https://app.example').expect(200);
    expect(res.headers['access-control-expose-headers']).toMatch(/Retry-After/);
    expect(res.headers['access-control-expose-headers']).toMatch(/RateLimit-Remaining/);
  });
});
