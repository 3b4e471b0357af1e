import type { Response } from 'supertest';
import { createEvent, createTerm, EVENTS } from './support/events-fixtures';
import { expectApiError } from './support/posts-assertions';
import { createTestApp, NS, TestApp } from './support/test-app';

/*
 * The response cache and 304s never give one caller what another was given: a request with a
 * record password is never answered before the password limiter ran; `If-None-Match: *` is a
 * 304 only for a representation the caller may read; equal ETags mean equal bodies (the language
 * parameter, the order of repeated values, more parameters than the parser keeps); a parameter
 * no route reads does not make another cache entry.
 */

let addressCounter = 0;
const nextAddress = () => `198.51.100.${++addressCounter}`;
/** The site's host: links (and so ETags and cache entries) must not depend on the test server's port. */
const HOST = { Host: 'calendar.test' };
const from = (address: string) => ({ 'X-Forwarded-For': address, ...HOST });

describe('response cache and conditional requests', () => {
  let t: TestApp;
  let locked: { id: number };
  let draft: { id: number };

  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: 'loopback', RATE_LIMIT_PASSWORD_FAILURES: '3' });
    locked = await createEvent(t, { title: 'Locked', password: 'right-one', start_date: '2030-02-01 10:00', end_date: '2030-02-01 11:00' });
    draft = await createEvent(t, { title: 'Draft', status: 'draft' });
    await createTerm(t, 'categories', { name: 'Alpha' });
    await createTerm(t, 'categories', { name: 'Beta' });
  });
  afterAll(async () => t.close());

  describe.each([
    ['the record', () => `${EVENTS}/${locked.id}`],
    ['its feed', () => `${EVENTS}/${locked.id}.ics`],
  ])('a client locked out of %s for wrong passwords', (_what, path) => {
    it('gets 429 for the right password, although another client’s answer to that URL was cached', async () => {
      const other = await t.http.get(path()).query({ password: 'right-one' }).set(from(nextAddress())).expect(200);
      const attacker = nextAddress();
      for (let i = 0; i < 3; i++)
        expectApiError(
          await t.http
            .get(path())
            .query({ password: `wrong-${i}` })
            .set(from(attacker)),
          403,
          'event-password-protected',
        );
      expectApiError(await t.http.get(path()).query({ password: 'wrong-3' }).set(from(attacker)), 429, 'rest_too_many_requests');
      const right = await t.http.get(path()).query({ password: 'right-one' }).set(from(attacker));
      expectApiError(right, 429, 'rest_too_many_requests');
      expect(right.headers['retry-after']).toBeDefined();
      // Nor a 304 for the tag the other client was given.
      const conditional = await t.http
        .get(path())
        .query({ password: 'right-one' })
        .set({ ...from(attacker), 'If-None-Match': other.headers.etag as string });
      expectApiError(conditional, 429, 'rest_too_many_requests');
    });
  });

  describe('If-None-Match: *', () => {
    const star = { 'If-None-Match': '*', ...HOST };

    it('is a 304 for a record, a list and a feed the caller may read', async () => {
      const event = await createEvent(t, { title: 'Public' });
      for (const path of [`${EVENTS}/${event.id}`, EVENTS, `${EVENTS}.ics`, `${EVENTS}/${event.id}.ics`, NS]) {
        const res = await t.http.get(path).set(star);
        expect({ path, status: res.status }).toEqual({ path, status: 304 });
        expect(res.headers.etag).toBeDefined();
        expect(res.text ?? '').toBe('');
      }
    });

    it('answers a missing record 404 and one the caller may not read 403, as without it', async () => {
      expectApiError(await t.http.get(`${EVENTS}/999999`).set(star), 404, 'rest-event-not-found');
      expectApiError(await t.http.get(`${EVENTS}/999999.ics`).set(star), 404, 'rest-event-not-found');
      expectApiError(await t.http.get(`${EVENTS}/${draft.id}`).set(star), 403, 'event-not-accessible');
      expectApiError(await t.http.get(`${EVENTS}/${locked.id}`).set(star), 403, 'event-password-protected');
      expectApiError(await t.http.get(`${NS}/venues/999999`).set(star), 404, 'rest-venue-not-found');
      expectApiError(await t.http.get(`${NS}/categories/999999`).set(star), 404, 'rest_term_invalid');
    });
  });

  describe('equal ETags mean equal bodies', () => {
    /** Every answer of these requests, twice (the second may come from the cache), grouped by ETag. */
    async function expectEqualTagsEqualBodies(requests: Array<{ path: string; headers?: Record<string, string> }>): Promise<Response[]> {
      const answers: Response[] = [];
      for (let round = 0; round < 2; round++) {
        for (const { path, headers } of requests)
          answers.push(
            await t.http
              .get(path)
              .set({ ...HOST, ...headers })
              .expect(200),
          );
      }
      const byTag = new Map<string, Response>();
      for (const answer of answers) {
        const first = byTag.get(answer.headers.etag as string);
        if (!first) byTag.set(answer.headers.etag as string, answer);
        else {
          expect(answer.text).toBe(first.text);
          expect(answer.headers.link).toBe(first.headers.link);
        }
      }
      return answers;
    }

    it('for translation_language=de and Accept-Language: de', async () => {
      const answers = await expectEqualTagsEqualBodies([
        { path: `${EVENTS}?translation_language=de` },
        { path: EVENTS, headers: { 'Accept-Language': 'de' } },
        { path: `/de${EVENTS}` },
      ]);
      expect(answers[0].body.rest_url).not.toBe(answers[1].body.rest_url);
    });

    it('for repeated values in another order', async () => {
      const answers = await expectEqualTagsEqualBodies([
        { path: `${EVENTS}?categories[]=alpha&categories[]=beta` },
        { path: `${EVENTS}?categories[]=beta&categories[]=alpha` },
        { path: `${EVENTS}?categories=alpha,beta` },
        { path: `${EVENTS}?categories=beta,alpha` },
      ]);
      expect(answers[0].body.rest_url).not.toBe(answers[1].body.rest_url);
    });

    it('for more parameters than the parser keeps (1,000)', async () => {
      const filler = Array.from({ length: 1000 }, (_, i) => `f${i}=x`).join('&');
      const answers = await expectEqualTagsEqualBodies([
        { path: `${EVENTS}?search=locked&${filler}` },
        { path: `${EVENTS}?${filler}&search=locked` },
      ]);
      expect(answers[0].body.rest_url).toContain('search=locked');
      expect(answers[1].body.rest_url).not.toContain('search=locked');
    });
  });

  it('a parameter no route reads does not make another ETag or cache entry', async () => {
    const plain = await t.http.get(EVENTS).set(HOST).expect(200);
    for (const query of ['utm_source=x', 'nonce=1', 'nonce=2', 'a[b][c]=d', '_=1764200000000']) {
      const res = await t.http.get(`${EVENTS}?${query}`).set(HOST).expect(200);
      expect({ query, etag: res.headers.etag }).toEqual({ query, etag: plain.headers.etag });
      expect(res.text).toBe(plain.text);
    }
    const feed = await t.http.get(`${EVENTS}.ics?start_date=2030-01-01`).set(HOST).expect(200);
    expect((await t.http.get(`${EVENTS}.ics?start_date=2030-01-01&cache_buster=7`).set(HOST).expect(200)).headers.etag).toBe(
      feed.headers.etag,
    );
    // What the route reads still makes its own.
    expect((await t.http.get(`${EVENTS}?search=x`).set(HOST).expect(200)).headers.etag).not.toBe(plain.headers.etag);
  });
});
