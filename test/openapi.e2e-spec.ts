import SwaggerParser from '@apidevtools/swagger-parser';
import type { OpenAPIV3 } from 'openapi-types';
import { SPEC_ROUTES } from './support/spec-routes';
import { ADMIN_TOKEN, bearer, createTestApp, NS, TestApp } from './support/test-app';

/*
 * GET /{ns}/doc and /docs-json (docs/api-rules.md, Addresses and languages, Discovery): one OpenAPI 3 document of the whole API,
 * its server URL where the request came in, every text in the request's language.
 */

type Document = OpenAPIV3.Document;
type Schema = OpenAPIV3.SchemaObject;

const HOST = 'calendar.example';
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

function operations(document: Document): Array<[string, OpenAPIV3.OperationObject]> {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    METHODS.flatMap((method) =>
      item?.[method] ? [[`${method.toUpperCase()} ${path}`, item[method]] as [string, OpenAPIV3.OperationObject]] : [],
    ),
  );
}

function schemaOf(document: Document, schema: Schema | OpenAPIV3.ReferenceObject | undefined): Schema | undefined {
  if (schema && '$ref' in schema) return document.components?.schemas?.[schema.$ref.split('/').pop() ?? ''] as Schema;
  return schema;
}

describe('the OpenAPI document', () => {
  let t: TestApp;
  let en: Document;
  let de: Document;

  beforeAll(async () => {
    t = await createTestApp({ ALLOWED_HOSTS: HOST });
    en = (await t.http.get(`${NS}/doc`).set('Host', HOST).expect(200)).body as Document;
    de = (await t.http.get(`/de${NS}/doc`).set('Host', HOST).expect(200)).body as Document;
  });
  afterAll(() => t.close());

  it('validates as OpenAPI 3 in both languages', async () => {
    for (const document of [en, de]) {
      expect(document.openapi).toMatch(/^3\.0\.\d+$/);
      await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeTruthy();
    }
  });

  it('lists every route of the spec with exactly its methods, relative to the server URL', () => {
    const listed = Object.fromEntries(
      Object.entries(en.paths).map(([path, item]) => [path, METHODS.filter((method) => item?.[method]).map((m) => m.toUpperCase())]),
    );
    const expected = Object.fromEntries(
      Object.entries(SPEC_ROUTES).map(([path, methods]) => [path, METHODS.map((m) => m.toUpperCase()).filter((m) => methods.includes(m))]),
    );
    expect(listed).toEqual(expected);
  });

  it('has info, the Bearer and Basic schemes and the record schemas', () => {
    expect(en.info).toMatchObject({
      title: 'Calendar API',
      version: '1',
      description: expect.stringContaining('Authorization: Bearer <token>'),
    });
    expect(de.info).toMatchObject({
      title: 'Kalender-API',
      version: '1',
      description: expect.stringContaining('Veranstaltungen, Veranstaltungsorte, Veranstalter'),
    });
    expect(en.components?.securitySchemes).toMatchObject({
      bearer: { type: 'http', scheme: 'bearer' },
      basic: { type: 'http', scheme: 'basic' },
    });
    expect(Object.keys(en.components?.schemas ?? {})).toEqual(
      expect.arrayContaining([
        'Event',
        'Venue',
        'Organizer',
        'Term',
        'Image',
        'EventList',
        'VenueList',
        'OrganizerList',
        'CategoryList',
        'TagList',
        'Error',
      ]),
    );
  });

  it('documents every operation: summary, parameters with the language parameter, bodies, responses, security', () => {
    for (const [name, operation] of operations(en)) {
      const where = `${name}`;
      expect([where, operation.summary?.trim()]).toEqual([where, expect.any(String)]);
      const parameters = (operation.parameters ?? []) as OpenAPIV3.ParameterObject[];
      for (const parameter of parameters) {
        expect([where, parameter.name, parameter.description?.trim(), parameter.schema]).toEqual([
          where,
          parameter.name,
          expect.any(String),
          expect.any(Object),
        ]);
        if (parameter.in === 'path') expect([where, parameter.name, parameter.required]).toEqual([where, parameter.name, true]);
      }
      const language = parameters.find((parameter) => parameter.name === 'translation_language');
      expect([where, language?.schema]).toEqual([where, { type: 'string', enum: ['en', 'de'] }]);
      if (/^(?:POST|PUT|PATCH) /.test(name)) {
        const body = schemaOf(en, (operation.requestBody as OpenAPIV3.RequestBodyObject | undefined)?.content['application/json']?.schema);
        expect([where, Object.keys(body?.properties ?? {}).length > 0]).toEqual([where, true]);
      }
      const statuses = Object.keys(operation.responses);
      expect([where, statuses.some((status) => /^2\d\d$/.test(status))]).toEqual([where, true]);
      for (const [status, response] of Object.entries(operation.responses) as Array<[string, OpenAPIV3.ResponseObject]>) {
        expect([where, status, response.description.trim()]).toEqual([where, status, expect.any(String)]);
        // 304 has no body.
        if (status === '304') continue;
        // Calendar feeds answer text/calendar; everything else, errors included, JSON.
        const schema = (response.content?.['application/json'] ?? response.content?.['text/calendar'])?.schema;
        expect([where, status, schema]).toEqual([where, status, expect.any(Object)]);
        if (Number(status) >= 400) expect([where, status, schema]).toEqual([where, status, { $ref: '#/components/schemas/Error' }]);
      }
      expect([where, operation.security]).toEqual([where, expect.arrayContaining([{ bearer: [] }, { basic: [] }])]);
    }
  });

  it('marks writes as needing credentials and reads as working without them', () => {
    const security = (method: 'get' | 'post', path: string) => en.paths[path]?.[method]?.security;
    expect(security('post', '/events')).toEqual([{ bearer: [] }, { basic: [] }]);
    expect(security('post', '/categories/{id}')).toEqual([{ bearer: [] }, { basic: [] }]);
    expect(security('get', '/events')).toEqual([{}, { bearer: [] }, { basic: [] }]);
  });

  it('gives integer IDs, typed filters and the documented defaults', () => {
    const parameter = (path: string, name: string) =>
      ((en.paths[path]?.get?.parameters ?? []) as OpenAPIV3.ParameterObject[]).find((p) => p.name === name)?.schema;
    expect(parameter('/events/{id}', 'id')).toEqual({ type: 'integer' });
    expect(parameter('/events/by-slug/{slug}', 'slug')).toEqual({ type: 'string' });
    expect(parameter('/events', 'page')).toMatchObject({ type: 'integer', default: 1, minimum: 1 });
    expect(parameter('/events', 'per_page')).toMatchObject({ type: 'integer', default: 10 });
    // Lists: repeated parameters (an array) or one comma-separated string.
    expect(parameter('/events', 'venue')).toMatchObject({
      oneOf: [{ type: 'array', items: { type: 'integer' } }, { type: 'string' }],
    });
    expect(parameter('/events', 'status')).toMatchObject({
      oneOf: [
        { type: 'array', items: { type: 'string', enum: expect.arrayContaining(['publish', 'draft', 'trash']) } },
        { type: 'string' },
      ],
    });
    expect(parameter('/categories', 'hide_empty')).toMatchObject({ type: 'boolean', default: true });
    expect(parameter('/categories', 'orderby')).toMatchObject({ enum: ['id', 'name', 'slug', 'count', 'description'] });
    const create = schemaOf(en, (en.paths['/events']?.post?.requestBody as OpenAPIV3.RequestBodyObject).content['application/json'].schema);
    expect(create?.required?.sort()).toEqual(['end_date', 'start_date', 'title']);
  });

  it('gives every property of every schema a description, in both languages', () => {
    for (const document of [en, de]) {
      for (const [name, schema] of Object.entries(document.components?.schemas ?? {}) as Array<[string, Schema]>) {
        for (const [property, definition] of Object.entries(schema.properties ?? {}) as Array<[string, Schema]>) {
          expect([name, property, definition.description?.trim()]).toEqual([name, property, expect.any(String)]);
        }
      }
    }
  });

  it('documents the keys real responses carry', async () => {
    const admin = bearer(ADMIN_TOKEN);
    const category = (await t.http.post(`${NS}/categories`).set(admin).send({ name: 'Jazz' }).expect(201)).body as { id: number };
    const created = await t.http
      .post(`${NS}/events`)
      .set(admin)
      .send({
        title: 'Konzert',
        start_date: '2030-05-01 20:00',
        end_date: '2030-05-01 22:00',
        image: 'https://img.example/a.jpg',
        cost: '€25',
        categories: [category.id],
        venue: { venue: 'Halle' },
        organizer: [{ organizer: 'Verein' }],
      })
      .expect(201);
    const event = (await t.http.get(`${NS}/events/${created.body.id}`).expect(200)).body as Record<string, unknown>;
    const list = (await t.http.get(`${NS}/events`).query({ start_date: '2030-01-01', per_page: 1 }).expect(200)).body as Record<
      string,
      unknown
    >;
    const error = (await t.http.get(`${NS}/events/999999`).expect(404)).body as Record<string, unknown>;

    const expectDocumented = (schemaName: string, body: Record<string, unknown>) => {
      const schema = en.components?.schemas?.[schemaName] as Schema;
      const documented = Object.keys(schema.properties ?? {}).sort();
      expect([schemaName, Object.keys(body).filter((key) => !documented.includes(key))]).toEqual([schemaName, []]);
      expect([schemaName, (schema.required ?? []).filter((key) => !(key in body))]).toEqual([schemaName, []]);
    };
    expectDocumented('Event', event);
    expectDocumented('Venue', event.venue as Record<string, unknown>);
    expectDocumented('Organizer', (event.organizer as Array<Record<string, unknown>>)[0]);
    expectDocumented('Term', (event.categories as Array<Record<string, unknown>>)[0]);
    expectDocumented('Image', event.image as Record<string, unknown>);
    expectDocumented('CostDetails', event.cost_details as Record<string, unknown>);
    expectDocumented('DateDetails', event.start_date_details as Record<string, unknown>);
    expectDocumented('EventList', list);
    expectDocumented('Error', error);
    expectDocumented('ErrorData', error.data as Record<string, unknown>);
  });
});
