import Redis from 'ioredis';
import { randomBytes } from 'node:crypto';
import type { Response } from 'supertest';
import { expectApiError } from './support/posts-assertions';
import { createEvent, EVENTS, eventBody } from './support/events-fixtures';
import { bearer, createTestApp, NS, TestApp } from './support/test-app';

const REDIS_URL = process.env.E2E_REDIS_URL ?? 'redis://127.0.0.1:6379';
const BAD = 'cal_not-a-real-token-0000000000000000000000';
const WRITES = 5;

/** A client address of its own per test, through a trusted proxy (TRUST_PROXY=loopback). */
let addressCounter = 0;
const nextAddress = () => `203.0.113.${++addressCounter}`;
const basic = (name: string, secret: string) => ({ Authorization: `Basic ${Buffer.from(`${name}:${secret}`).toString('base64')}` });

function expectTooMany(res: Response, limit: number): void {
  expectApiError(res, 429, 'rest_too_many_requests');
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
  expect(res.headers['ratelimit-limit']).toBe(String(limit));
  expect(res.headers['ratelimit-remaining']).toBe('0');
  expect(res.headers['ratelimit-reset']).toBe(String(retryAfter));
}

const redisPrefix = () => `calendar-e2e-${randomBytes(4).toString('hex')}:`;

/**
 * Rate limits (README, Security), with the in-process counters and with Redis: failed
 * authentications per client address and per user name, wrong passwords, writes per token; 429
 * rest_too_many_requests with Retry-After and RateLimit-* in the request's language.
 */
describe.each([
  ['in-process counters', () => ({})],
  ['Redis counters', () => ({ REDIS_URL, REDIS_KEY_PREFIX: redisPrefix() })],
])('security: rate limits with %s', (_store, storeEnv) => {
  let t: TestApp;
  let env: Record<string, string>;
  const from = (address: string) => ({ 'X-Forwarded-For': address });

  beforeAll(async () => {
    env = { TRUST_PROXY: 'loopback', RATE_LIMIT_WRITES: String(WRITES), ...storeEnv() };
    t = await createTestApp(env);
  });
  afterAll(async () => {
    await t.close();
    if (env.REDIS_KEY_PREFIX) {
      const redis = new Redis(REDIS_URL);
      const keys = await redis.keys(`${env.REDIS_KEY_PREFIX}*`);
      if (keys.length > 0) await redis.del(...keys);
      await redis.quit();
    }
  });

  it('answers the 11th bad token from one address with 429, and every further bad one, but never a good token or none', async () => {
    const address = nextAddress();
    for (let i = 1; i <= 10; i++) {
      const res = await t.http.get(`${NS}/events`).set({ ...bearer(BAD), ...from(address) });
      expectApiError(res, 401, 'rest_invalid_token');
      expect(res.headers['ratelimit-remaining']).toBe(String(10 - i));
    }
    const eleventh = await t.http.get(`${NS}/events`).set({ ...bearer(BAD), ...from(address), 'Accept-Language': 'de' });
    expectTooMany(eleventh, 10);
    expect(eleventh.headers['content-language']).toBe('de');
    expect(eleventh.body.message).toMatch(/Zu viele Anfragen/);
    const good = await t.tokenFor('author');
    // The administrator behind the same NAT, and anonymous readers there, are not locked out.
    await t.http
      .get(`${NS}/events`)
      .set({ ...bearer(good), ...from(address) })
      .expect(200);
    await t.http.get(`${NS}/events`).set(from(address)).expect(200);
    await t.http
      .post(EVENTS)
      .set({ ...bearer(good), ...from(address) })
      .send(eventBody({ title: 'Still writing' }))
      .expect(201);
    expectTooMany(await t.http.get(`${NS}/events`).set({ ...bearer(BAD), ...from(address) }), 10);
    expectTooMany(await t.http.get(`${NS}/events`).set({ Authorization: 'Digest nonsense', ...from(address) }), 10);
    await t.http
      .get(`${NS}/events`)
      .set({ ...bearer(good), ...from(nextAddress()) })
      .expect(200);
  });

  it('counts malformed Authorization headers as failures too', async () => {
    const address = nextAddress();
    for (let i = 0; i < 10; i++)
      await t.http
        .get(NS)
        .set({ Authorization: 'Token x', ...from(address) })
        .expect(401);
    expectTooMany(await t.http.get(NS).set({ Authorization: 'Token x', ...from(address) }), 10);
  });

  it('limits failures per user name across addresses (HTTP Basic), never the user’s own right token', async () => {
    const name = `victim-${randomBytes(3).toString('hex')}`;
    const token = await t.tokenFor('author', name);
    for (let i = 0; i < 10; i++) {
      await t.http
        .get(NS)
        .set({ ...basic(name, BAD), ...from(nextAddress()) })
        .expect(401);
    }
    expectTooMany(await t.http.get(NS).set({ ...basic(name, BAD), ...from(nextAddress()) }), 10);
    await t.http
      .get(NS)
      .set({ ...basic(name, token), ...from(nextAddress()) })
      .expect(200);
    expectTooMany(await t.http.get(NS).set({ ...basic(name, BAD), ...from(nextAddress()) }), 10);
    await t.http
      .get(NS)
      .set({ ...bearer(token), ...from(nextAddress()) })
      .expect(200);
  });

  it('limits wrong passwords of protected records per address, before the password is compared', async () => {
    const event = await createEvent(t, { title: 'Guess me', password: 'right-one' });
    const address = nextAddress();
    const read = (password: string, client = address) => t.http.get(`${EVENTS}/${event.id}`).query({ password }).set(from(client));
    for (let i = 0; i < 10; i++) expectApiError(await read(`wrong-${i}`), 403, 'event-password-protected');
    expectTooMany(await read('wrong-10'), 10);
    expectTooMany(await read('right-one'), 10);
    expectApiError(await t.http.get(`${EVENTS}/${event.id}`).set(from(address)), 403, 'event-password-protected');
    await read('right-one', nextAddress()).expect(200);
  });

  it('limits writes per token, with RateLimit-* headers on every write', async () => {
    const token = await t.tokenFor('author');
    for (let i = 1; i <= WRITES; i++) {
      const res = await t.http
        .post(EVENTS)
        .set(bearer(token))
        .send(eventBody({ title: `Write ${i}` }));
      expect(res.status).toBe(201);
      expect([res.headers['ratelimit-limit'], res.headers['ratelimit-remaining']]).toEqual([String(WRITES), String(WRITES - i)]);
    }
    const over = await t.http
      .post(EVENTS)
      .set(bearer(token))
      .send(eventBody({ title: 'One too many' }));
    expectTooMany(over, WRITES);
    expectTooMany(await t.http.delete(`${EVENTS}/1`).set(bearer(token)), WRITES);
    await t.http.get(EVENTS).set(bearer(token)).expect(200);
    const other = await t.tokenFor('author');
    await t.http
      .post(EVENTS)
      .set(bearer(other))
      .send(eventBody({ title: 'Other token' }))
      .expect(201);
  });

  it('frees a client once the window has passed (RATE_LIMIT_WINDOW)', async () => {
    const quick = await createTestApp({ ...env, RATE_LIMIT_WINDOW: '1', RATE_LIMIT_AUTH_FAILURES: '2' });
    try {
      const address = nextAddress();
      for (let i = 0; i < 2; i++)
        await quick.http
          .get(NS)
          .set({ ...bearer(BAD), ...from(address) })
          .expect(401);
      expectTooMany(await quick.http.get(NS).set({ ...bearer(BAD), ...from(address) }), 2);
      await new Promise((resolve) => setTimeout(resolve, 2100));
      await quick.http
        .get(NS)
        .set({ ...bearer(BAD), ...from(address) })
        .expect(401);
    } finally {
      await quick.close();
    }
  });

  it('turns a limit off with 0', async () => {
    const open = await createTestApp({ ...env, RATE_LIMIT_AUTH_FAILURES: '0' });
    try {
      const address = nextAddress();
      for (let i = 0; i < 12; i++)
        await open.http
          .get(NS)
          .set({ ...bearer(BAD), ...from(address) })
          .expect(401);
    } finally {
      await open.close();
    }
  });
});

describe('security: rate limits across instances', () => {
  it('are shared through Redis', async () => {
    const env = { TRUST_PROXY: 'loopback', REDIS_URL, REDIS_KEY_PREFIX: redisPrefix() };
    const [a, b] = [await createTestApp(env), await createTestApp(env)];
    try {
      const headers = { ...bearer(BAD), 'X-Forwarded-For': nextAddress() };
      for (let i = 0; i < 5; i++) await a.http.get(NS).set(headers).expect(401);
      for (let i = 0; i < 5; i++) await b.http.get(NS).set(headers).expect(401);
      expectTooMany(await a.http.get(NS).set(headers), 10);
      expectTooMany(await b.http.get(NS).set(headers), 10);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('let requests through, without waiting, when Redis cannot be reached', async () => {
    const down = await createTestApp({ REDIS_URL: 'redis://127.0.0.1:1', REDIS_KEY_PREFIX: redisPrefix() });
    try {
      for (let i = 0; i < 12; i++) await down.http.get(NS).set(bearer(BAD)).expect(401);
      const token = await down.tokenFor('author');
      await down.http
        .post(EVENTS)
        .set(bearer(token))
        .send(eventBody({ title: 'Redis down' }))
        .expect(201);
    } finally {
      await down.close();
    }
  });
});
