import SwaggerParser from '@apidevtools/swagger-parser';
import { Errors } from '@app/common';
import { RETRY_POLICY, TransactionRunner } from '@app/database';
import type { Document } from 'openapi-backend';
import type TestAgent from 'supertest/lib/agent';
import { IndexValidator, indexArgProblems, NamespaceIndex } from './support/index-truth';
import { DocumentValidator } from './support/openapi-truth';
import {
  ADMIN,
  BASIC,
  discovery,
  formLists,
  imports,
  lists,
  MINIMAL_CALENDAR,
  POSTS,
  postsAndTerms,
  Records,
  TERMS,
  unique,
} from './support/openapi-truth-requests';
import { Send, TruthSession } from './support/openapi-truth-session';
import { bearer, createTestApp, NS, TestApp } from './support/test-app';

/*
 * The document the service serves at /{ns}/doc tells the whole truth. A request set that
 * reaches every route with each status it can answer (both body media types, both forms of list
 * filters, Bearer, Basic and no credentials) goes through an OpenAPI request-and-response validator
 * (openapi-backend) against that document, in English and German: no answer may break the document,
 * and no request the service accepts (2xx) may be one the document does not describe. The namespace
 * index tells the same truth: every argument typed, described and marked required or not, and every
 * accepted request made of its arguments, of the types they name.
 */

jest.setTimeout(300_000);

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
const BAD_TOKEN = bearer('cal_not-a-token-of-this-service');
/** Over the 1 MB body limit (docs/api-rules.md, Errors). */
const HUGE = { json: { title: 'x'.repeat(1024 * 1024 + 10) } };
/** Answers no request here provokes, with why. */
const NOT_PROVOKED: Record<string, string> = {
  'get 503': 'a read answers 503 when the database cannot be reached (test/cluster kills a node for that)',
};

type Operation = { method: (typeof METHODS)[number]; path: string; id: string; statuses: string[] };

function operationsOf(document: Document): Operation[] {
  return Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    METHODS.flatMap((method) => {
      const operation = item?.[method];
      return operation ? [{ method, path, id: operation.operationId ?? '', statuses: Object.keys(operation.responses ?? {}) }] : [];
    }),
  );
}

describe('the served OpenAPI document against the service', () => {
  let t: TestApp;
  let limited: TestApp;
  let contributor: Record<string, string>;

  beforeAll(async () => {
    // Rate limits off: the request set sends many bad tokens and writes; `limited` proves the 429s.
    t = await createTestApp({ RATE_LIMIT_AUTH_FAILURES: '0', RATE_LIMIT_PASSWORD_FAILURES: '0', RATE_LIMIT_WRITES: '0' });
    limited = await createTestApp({ RATE_LIMIT_AUTH_FAILURES: '1' });
    contributor = bearer(await t.tokenFor('contributor'));
  });
  afterAll(async () => {
    await t.close();
    await limited.close();
  });

  it.each([
    ['en', ''],
    ['de', '/de'],
  ])('%s: every answer is described and every accepted request too', async (_language, prefix) => {
    const document = (await t.http.get(`${prefix}${NS}/doc`).expect(200)).body as Document;
    await SwaggerParser.validate(structuredClone(document) as never);
    const index = (await t.http.get(`${prefix}${NS}`).expect(200)).body as NamespaceIndex;
    expect(indexArgProblems(index)).toEqual([]);
    const session = new TruthSession(await DocumentValidator.create(document, `${prefix}${NS}`), prefix, new IndexValidator(index, prefix));
    const expectStatus = (status: number, method: string, path: string, options?: Send) =>
      session.expect(status, t.http, method, path, options);

    const create = async (collection: string, fields: Record<string, unknown>) =>
      (await expectStatus(201, 'POST', `/${collection}`, { headers: ADMIN, body: { json: fields } })).responseBody as {
        id: number;
        slug: string;
      };
    const published: Records = {};
    const drafts: Records = {};
    for (const [collection, name] of Object.entries(POSTS)) {
      const dates = collection === 'events' ? { start_date: '2031-05-01 20:00', end_date: '2031-05-01 22:00' } : {};
      published[collection] = await create(collection, { [name]: unique(`Published ${collection}`), ...dates, status: 'publish' });
      drafts[collection] = await create(collection, { [name]: unique(`Draft ${collection}`), ...dates, status: 'draft' });
    }
    for (const collection of TERMS) published[collection] = await create(collection, { name: unique(collection) });

    await discovery(expectStatus);
    await postsAndTerms(expectStatus, published);
    await lists(expectStatus, published, drafts);
    await formLists(expectStatus, published);
    published.imports = await imports(expectStatus, contributor);
    // Conditional requests (docs/api-rules.md, HTTP caching and preconditions): whatever they answer (304 for a matching ETag, 412 for a
    // stale If-Match) must be declared, so the document cannot fall behind.
    const event = published.events;
    await session.send(t.http, 'GET', `/events/${event.id}`, { headers: { 'If-None-Match': '*' } });
    await session.send(t.http, 'GET', '/events', { headers: { ...BASIC, 'If-None-Match': '"any"' } });
    await session.send(t.http, 'PATCH', `/events/${event.id}`, {
      headers: { ...ADMIN, 'If-Match': '"stale"' },
      body: { json: { excerpt: 'x' } },
    });
    await errorsOfEveryOperation(session, t.http, document, published, drafts, contributor);
    await rateLimits(session, limited.http, document);
    await writesGivenUp(session, t, document, published);

    expect(session.problems).toEqual([]);
    const unanswered = operationsOf(document).flatMap((operation) =>
      operation.statuses
        .filter((status) => !session.answered.has(`${operation.id} ${status}`) && !(`${operation.method} ${status}` in NOT_PROVOKED))
        .map((status) => `${operation.method.toUpperCase()} ${operation.path} ${status}`),
    );
    expect(unanswered).toEqual([]);
  });
});

/**
 * Each error status of every operation of the document, provoked the same way on every route: a
 * bad parameter, a bad token, a forbidden caller, a missing record or page, a body too large or in
 * a media type the service does not read.
 */
async function errorsOfEveryOperation(
  session: TruthSession,
  http: TestAgent,
  document: Document,
  published: Records,
  drafts: Records,
  contributor: Record<string, string>,
): Promise<void> {
  const fill = (path: string, records: Records) => {
    const record = records[path.split('/')[1]] ?? { id: 1, slug: 'none' };
    return path.replace('{id}', String(record.id)).replace('{slug}', record.slug);
  };
  for (const { method, path, statuses } of operationsOf(document)) {
    const writes = method !== 'get';
    const real = fill(path, published);
    const send = (status: number, target: string, options: Send) => session.expect(status, http, method, target, options);
    await send(400, real, { headers: ADMIN, query: 'translation_language=xx' });
    await send(401, real, { headers: BAD_TOKEN });
    if (statuses.includes('304')) await send(304, real, { headers: { ...ADMIN, 'If-None-Match': '*' } });
    if (statuses.includes('403')) {
      // A contributor may create posts, but not name another author, and may not touch terms or others' records.
      const collection = path.split('/')[1] as keyof typeof POSTS;
      const fields = collection in POSTS ? { [POSTS[collection]]: 'x', start_date: 'now', end_date: 'now', author: 1 } : { name: 'x' };
      if (writes) await send(403, real, { headers: contributor, body: method === 'delete' ? undefined : { json: fields } });
      else if (path.startsWith('/imports')) await send(403, real, { headers: contributor });
      else await send(403, fill(path, drafts), {});
    }
    if (statuses.includes('404')) {
      const target = path.includes('{') ? path.replace('{id}', '999999').replace('{slug}', 'no-such-record') : path;
      const query = path === '/' ? 'namespace=nope' : path.includes('{') ? '' : 'page=9999';
      await send(404, target, { headers: ADMIN, query });
    }
    if (statuses.includes('412')) {
      // A stale If-Match (docs/api-rules.md, HTTP caching and preconditions): refused after the checks of rights and existence, nothing written.
      const body = method === 'delete' ? undefined : { json: { description: 'Never written' } };
      await send(412, real, { headers: { ...ADMIN, 'If-Match': '"stale"' }, query: method === 'delete' ? 'force=true' : '', body });
    }
    if (writes) {
      await send(413, real, { headers: ADMIN, body: HUGE });
      await send(415, real, { headers: ADMIN, body: { raw: 'title=plain text', type: 'text/plain' } });
    }
  }
}

/** With one failed sign-in allowed per window, every route answers the next bad credentials with 429. */
async function rateLimits(session: TruthSession, http: TestAgent, document: Document): Promise<void> {
  // The first failure of the window (the other language's run may have spent it already).
  await session.send(http, 'GET', '/events', { headers: BAD_TOKEN });
  for (const { method, path } of operationsOf(document)) {
    await session.expect(429, http, method, path.replace('{id}', '1').replace('{slug}', 'any'), { headers: BAD_TOKEN });
  }
}

/**
 * Every write answers 503 when its transaction gives up (lost races for 8 tries or 8 s, a database
 * that does not answer): the runner is made to give up at once, as write-conflicts.e2e-spec.ts
 * proves it does after real lost races, so the answer of each write route can be checked.
 */
async function writesGivenUp(session: TruthSession, t: TestApp, document: Document, published: Records): Promise<void> {
  const run = jest.spyOn(t.app.get(TransactionRunner), 'run').mockRejectedValue(Errors.unavailable(RETRY_POLICY.retryAfterSeconds));
  try {
    for (const { method, path } of operationsOf(document).filter((operation) => operation.method !== 'get')) {
      const collection = path.split('/')[1] as keyof typeof POSTS;
      const record = published[collection];
      const target = path.replace('{id}', String(record.id)).replace('{slug}', record.slug);
      const name = collection in POSTS ? POSTS[collection] : 'name';
      const fields = path.startsWith('/imports')
        ? { calendar: MINIMAL_CALENDAR }
        : path.includes('{')
          ? { description: 'Never written' }
          : { [name]: 'Never written', start_date: 'now', end_date: 'now' };
      await session.expect(503, t.http, method, target, { headers: ADMIN, body: method === 'delete' ? undefined : { json: fields } });
    }
  } finally {
    run.mockRestore();
  }
}
