import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { createEvent, createOrganizer, createTerm, createVenue } from './support/events-fixtures';
import { fuzzCases, random, sweepCases } from './support/fuzz-cases';
import { ADMIN_TOKEN, createTestApp, TestApp } from './support/test-app';

/*
 * 10,000 hostile requests (FUZZ_REQUESTS) against every route, anonymous and with tokens: random
 * methods, paths, query parameters, bodies and headers built from values that broke services
 * before (control characters, huge numbers, deep nesting, prototype keys, bad JSON, odd media
 * types). None may answer a server error. The generator is seeded (FUZZ_SEED), so a failure can
 * be replayed.
 */

const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 10_000);
const SEED = Number(process.env.FUZZ_SEED ?? 20261127);
const CONCURRENCY = 8;

jest.setTimeout(1_800_000);

describe('fuzz: hostile requests never give a server error', () => {
  let t: TestApp;
  let base: string;
  const ids: Record<string, number[]> = {};
  const tokens: string[] = [ADMIN_TOKEN];

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_WRITES: '0', RATE_LIMIT_AUTH_FAILURES: '0', RATE_LIMIT_PASSWORD_FAILURES: '0' });
    await t.app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;
    for (const role of ['editor', 'author', 'contributor'] as const) tokens.push(await t.tokenFor(role));
    const venue = await createVenue(t, { venue: 'Fuzz hall', city: 'Köln', geo_lat: 50.9, geo_lng: 6.9 });
    const organizer = await createOrganizer(t, { organizer: 'Fuzz org', email: 'fuzz@example.org' });
    const category = await createTerm(t, 'categories', { name: 'Fuzz' });
    const tag = await createTerm(t, 'tags', { name: 'Fuzzy' });
    const events = [
      await createEvent(t, { title: 'Fuzz one', venue: venue.id, organizer: [organizer.id], categories: [category.id], tags: [tag.id] }),
      await createEvent(t, { title: 'Fuzz locked', password: 'secret' }),
      await createEvent(t, { title: 'Fuzz draft', status: 'draft' }),
    ];
    Object.assign(ids, {
      events: events.map((e) => e.id),
      venues: [venue.id],
      organizers: [organizer.id],
      categories: [category.id],
      tags: [tag.id],
    });
  });
  afterAll(async () => t.close());

  it(`answers ${REQUESTS} hostile requests without a 5xx`, async () => {
    const nextCase = fuzzCases(random(SEED), ids, tokens);
    const sweep = sweepCases().slice(0, REQUESTS);
    const cases = [...sweep, ...Array.from({ length: REQUESTS - sweep.length }, nextCase)];
    const statuses = new Map<number, number>();
    const failures: string[] = [];
    let index = 0;
    const worker = async () => {
      while (index < cases.length) {
        const current = cases[index++];
        let req = request(base)[current.method.toLowerCase() as 'get'](current.path).set(current.headers);
        if (current.body !== undefined) req = req.send(current.body);
        const res = await req.catch((error: Error & { status?: number }) => ({ status: error.status ?? -1, text: error.message }));
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        if (res.status >= 500 || res.status < 0) {
          failures.push(
            `${res.status} ${current.method} ${current.path.slice(0, 300)} ${JSON.stringify(current.headers).slice(0, 300)} ${(current.body ?? '').slice(0, 300)}`,
          );
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    // One line for the record: how the answers spread over statuses.
    process.stdout.write(
      `fuzz: ${REQUESTS} requests, seed ${SEED}, statuses ${JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)))}\n`,
    );
    expect(failures).toEqual([]);
  });
});
