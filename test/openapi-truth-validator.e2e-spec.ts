import type { Document } from 'openapi-backend';
import { DocumentValidator, Exchange } from './support/openapi-truth';
import { createTestApp, NS } from './support/test-app';

/*
 * The validator of openapi-truth.e2e-spec.ts finds each kind of mismatch it is there to find:
 * proven on the served document, and on copies of it with one of the document's earlier mistakes put back.
 */

const EVENTS = `${NS}/events`;
const LIST = { events: [], rest_url: 'http://localhost/x', total: 0, total_pages: 0 };
const LIST_HEADERS = { 'content-type': 'application/json; charset=utf-8', 'x-tec-total': '0', 'x-tec-totalpages': '0' };

const exchange = (overrides: Partial<Exchange>): Exchange => ({
  method: 'GET',
  url: EVENTS,
  headers: {},
  status: 200,
  responseHeaders: LIST_HEADERS,
  responseBody: LIST,
  responseText: JSON.stringify(LIST),
  ...overrides,
});

type Operation = {
  parameters?: Array<{ name: string; schema?: { oneOf?: unknown[] } }>;
  requestBody?: { content: Record<string, unknown> };
};

describe('the OpenAPI truth validator', () => {
  let served: Document;
  let validator: DocumentValidator;

  beforeAll(async () => {
    const t = await createTestApp();
    try {
      served = (await t.http.get(`${NS}/doc`).expect(200)).body as Document;
    } finally {
      await t.close();
    }
    validator = await DocumentValidator.create(served, NS);
  });

  const problemsOf = (document: DocumentValidator, overrides: Partial<Exchange>) => document.check(exchange(overrides)).problems;
  const mutated = async (change: (document: Document) => void) => {
    const copy = structuredClone(served);
    change(copy);
    return DocumentValidator.create(copy, NS, { quick: true });
  };
  const operation = (document: Document, path: string, method: 'get' | 'post') => document.paths?.[path]?.[method] as Operation;

  it('passes a described exchange', () => {
    expect(problemsOf(validator, {})).toEqual([]);
    expect(problemsOf(validator, { url: `${EVENTS}?status=publish,draft&venue=1&venue=2` })).toEqual([]);
  });

  it('finds an undeclared status, a route the document lacks, a wrong answer and a missing header', () => {
    expect(problemsOf(validator, { status: 418 })).toEqual(['status 418 is not declared']);
    expect(validator.check(exchange({ url: `${NS}/concerts` })).problems).toEqual([
      'no operation of the document has this method and path',
    ]);
    expect(problemsOf(validator, { responseBody: { ...LIST, total: 'none' } })).toEqual([
      expect.stringContaining('/total must be integer'),
    ]);
    expect(problemsOf(validator, { responseHeaders: { 'content-type': 'application/json' } })).toEqual(
      expect.arrayContaining(['answer lacks header X-TEC-Total']),
    );
    expect(problemsOf(validator, { responseHeaders: { ...LIST_HEADERS, 'content-type': 'text/html' } })).toEqual([
      'answer media type text/html is not declared',
    ]);
  });

  it('finds an accepted request the document does not describe', () => {
    expect(problemsOf(validator, { url: `${EVENTS}?per_page=ten` })).toEqual([expect.stringContaining('per_page')]);
    expect(problemsOf(validator, { url: `${EVENTS}?colour=red` })).toEqual([expect.stringContaining('additional properties')]);
    const created = { method: 'POST', status: 201, responseBody: {}, responseText: '{}', responseHeaders: {} };
    expect(problemsOf(validator, { ...created, headers: { 'Content-Type': 'text/plain', Authorization: 'Bearer x' }, body: 'x' })).toEqual(
      expect.arrayContaining(['request media type text/plain is not declared']),
    );
    expect(problemsOf(validator, { ...created, headers: { 'Content-Type': 'application/json' }, body: '{}' })).toEqual(
      expect.arrayContaining(["credentials none are not one of the operation's security schemes"]),
    );
  });

  it('would have caught earlier mistakes of the document: CSV lists, form bodies, the Basic scheme', async () => {
    const arraysOnly = await mutated((document) => {
      for (const parameter of operation(document, '/events', 'get').parameters ?? []) {
        if (parameter.schema?.oneOf) parameter.schema = parameter.schema.oneOf[0] as typeof parameter.schema;
      }
    });
    expect(problemsOf(arraysOnly, { url: `${EVENTS}?status=publish,draft` })).toEqual([expect.stringContaining('/query/status')]);

    const jsonOnly = await mutated((document) => {
      const body = operation(document, '/events', 'post').requestBody;
      if (body) body.content = { 'application/json': body.content['application/json'] };
    });
    const form = {
      method: 'POST',
      status: 201,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Authorization: 'Bearer x' },
    };
    expect(problemsOf(jsonOnly, { ...form, body: 'title=x&start_date=now&end_date=now' })).toEqual(
      expect.arrayContaining(['request media type application/x-www-form-urlencoded is not declared']),
    );

    const bearerOnly = await mutated((document) => {
      delete document.components?.securitySchemes?.basic;
      for (const item of Object.values(document.paths ?? {})) {
        for (const op of Object.values(item ?? {}) as Array<{ security?: Array<Record<string, string[]>> }>) {
          op.security = op.security?.filter((requirement) => !('basic' in requirement));
        }
      }
    });
    expect(problemsOf(bearerOnly, { headers: { Authorization: 'Basic YWRtaW46eA==' } })).toEqual([
      "credentials basic are not one of the operation's security schemes",
    ]);
  });

  it('would have caught what the list forms of form bodies needed: comma-separated IDs, repeated term lists, 0 for none', async () => {
    const requestProblems = (document: DocumentValidator, fields: string | Record<string, unknown>) =>
      problemsOf(document, {
        method: 'POST',
        status: 201,
        headers: {
          'Content-Type': typeof fields === 'string' ? 'application/x-www-form-urlencoded' : 'application/json',
          Authorization: 'Bearer x',
        },
        body:
          typeof fields === 'string'
            ? `title=x&start_date=now&end_date=now&${fields}`
            : JSON.stringify({ title: 'x', start_date: 'now', end_date: 'now', ...fields }),
        responseBody: {},
        responseText: '{}',
        responseHeaders: {},
      }).filter((problem) => problem.startsWith('request'));
    const lists = 'organizer=12,7&venue%5B%5D=3&venue%5B%5D=4&categories%5B%5D=5&categories%5B%5D=jazz&tags=6,late';
    expect(requestProblems(validator, lists)).toEqual([]);
    expect(requestProblems(validator, 'venue=0&organizer%5B%5D=0')).toEqual([]);
    expect(requestProblems(validator, { venue: 0, organizer: [0] })).toEqual([]);

    const schemas = (document: Document) => document.components?.schemas as Record<string, Record<string, unknown>>;
    const emptyTextOnly = await mutated((document) => {
      (schemas(document).OrganizerReferences.anyOf as unknown[])[2] = { type: 'string', enum: [''] };
    });
    expect(requestProblems(emptyTextOnly, 'organizer=12,7')).toEqual(expect.arrayContaining([expect.stringContaining('/organizer')]));
    const exclusive = await mutated((document) => {
      const reference = schemas(document).TermReference;
      reference.oneOf = reference.anyOf;
      delete reference.anyOf;
    });
    expect(requestProblems(exclusive, 'categories%5B%5D=5&categories%5B%5D=jazz')).toEqual(
      expect.arrayContaining([expect.stringContaining('/categories')]),
    );
    const fromOne = await mutated((document) => {
      ((schemas(document).VenueReference.anyOf as Array<Record<string, unknown>>)[0] as { minimum: number }).minimum = 1;
    });
    expect(requestProblems(fromOne, { venue: 0 })).toEqual(expect.arrayContaining([expect.stringContaining('/venue')]));
  });
});
