import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { OpenAPIV3 } from 'openapi-types';
import { createTestApp, NS, TestApp } from './support/test-app';

/*
 * The OpenAPI document before the restructuring into repositories and controller factories
 * (test/fixtures/openapi-baseline, served by the service at that commit) against the one served
 * now, in both languages. Compared is what clients build on and must not change by accident: the
 * paths and their methods, operation IDs, parameters (name, place, required), the body schema of
 * each operation, its response status codes, and the schema names with their property names.
 * Texts, examples and the shape of a property's schema may improve freely. A change somebody meant
 * is listed below with its reason.
 *
 * Deliberate changes that this comparison does not see: realistic examples on every
 * schema property and request body, per language; the bearer scheme's format `opaque` instead of
 * `JWT`; the multi-form write fields (dates, image, cost, an event's venue, organizer, categories
 * and tags) as references to the named schemas below instead of anonymous unions; the index
 * argument's `default` as any JSON value instead of an object.
 *
 * Also: every error status a route can answer (from one table, operation-responses.ts); request
 * bodies in JSON and as forms; list filters as a list or one comma-separated string; the servers of
 * each language.
 */

type Document = OpenAPIV3.Document;

/** Paths added since the baseline, with why. */
const ADDED_PATHS: Record<string, string> = {
  '/categories/by-slug/{slug}': 'categories gained by-slug routes, as every other module has',
  '/tags/by-slug/{slug}': 'tags gained by-slug routes, as every other module has',
  '/events.ics': 'calendar feeds (iCalendar subscriptions)',
  '/events/{id}.ics': 'calendar feeds (iCalendar subscriptions)',
  '/events/by-slug/{slug}.ics': 'calendar feeds (iCalendar subscriptions)',
};

/** Schemas added since the baseline, with why. */
const ADDED_SCHEMAS: Record<string, string> = {
  ...Object.fromEntries(
    [
      'DateInput',
      'ImageInput',
      'CostInput',
      'TermReference',
      'TermReferences',
      'RecordIdReference',
      'VenueReference',
      'VenueReferences',
      'OrganizerReference',
      'OrganizerReferences',
    ].map((name) => [name, 'named input shapes for generated clients instead of anonymous unions']),
  ),
  Recurrence: "recurring events: a series' rule as returned",
  RecurrenceInput: "recurring events: a series' rule as written",
};

/** Fields added to schemas since the baseline (`Schema field`), with why. */
const ADDED_FIELDS: Record<string, string> = {
  'Term meta': 'every term answer carries `meta: []`, as the plugin sends it',
  ...Object.fromEntries(
    [
      'Event recurrence',
      'Event recurring_event_id',
      'Event recurrence_id',
      'Event recurrence_id_utc',
      'CreateEventDto recurrence',
      'UpdateEventDto recurrence',
      'UpdateEventDto scope',
    ].map((field) => [field, "recurring events: a series' rule and an occurrence's series and original start"]),
  ),
};

/** Query parameters added since the baseline (`METHOD path name`), with why. */
const ADDED_PARAMETERS: Record<string, string> = Object.fromEntries([
  ...['GET /events recurring_event', 'GET /events expand'].map((name) => [name, "recurring events: a series' occurrences, a series once"]),
  ...['DELETE /events/{id} scope', 'DELETE /events/by-slug/{slug} scope'].map((name) => [
    name,
    'recurring events: end a series before an occurrence',
  ]),
]);

/** Statuses the baseline declared that the service never answers, with why. */
const DROPPED_STATUSES: Record<string, string> = Object.fromEntries(
  ['GET /categories/{id}', 'GET /tags/{id}'].map((name) => [`${name} 403`, 'terms are public: no read of a term answers 403']),
);

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

/** The bodies whose description/excerpt are limited, and the event bodies whose links are. */
const POST_BODIES = ['Event', 'Venue', 'Organizer'].flatMap((kind) => [`Create${kind}Dto`, `Update${kind}Dto`]);
const EVENT_BODIES = ['CreateEventDto', 'UpdateEventDto'];

function baseline(language: 'en' | 'de'): Document {
  return JSON.parse(readFileSync(join(__dirname, 'fixtures', 'openapi-baseline', `doc.${language}.json`), 'utf8')) as Document;
}

/** What the comparison keeps of an operation. */
interface Skeleton {
  operationId?: string;
  parameters: string[];
  body: string;
  responses: string[];
}

const refName = (schema: unknown) => (schema && typeof schema === 'object' && '$ref' in schema ? String(schema.$ref) : 'inline');

/** What must stay stable, without what was added on purpose. */
function skeleton(document: Document) {
  const operations: Record<string, Skeleton> = {};
  for (const [path, item] of Object.entries(document.paths)) {
    if (path in ADDED_PATHS) continue;
    for (const method of METHODS) {
      const operation = item?.[method];
      if (!operation) continue;
      operations[`${method.toUpperCase()} ${path}`] = {
        operationId: operation.operationId,
        parameters: ((operation.parameters ?? []) as OpenAPIV3.ParameterObject[])
          .filter((p) => !(`${method.toUpperCase()} ${path} ${p.name}` in ADDED_PARAMETERS))
          .map((p) => `${p.in} ${p.name}${p.required ? ' (required)' : ''}`),
        body: refName((operation.requestBody as OpenAPIV3.RequestBodyObject | undefined)?.content['application/json']?.schema),
        // Statuses may be added (the document lists every error a route can answer), never dropped.
        responses: Object.keys(operation.responses).sort(),
      };
    }
  }
  const schemas = Object.fromEntries(
    Object.entries(document.components?.schemas ?? {})
      .filter(([name]) => !(name in ADDED_SCHEMAS))
      .map(([name, schema]) => [
        name,
        Object.keys((schema as OpenAPIV3.SchemaObject).properties ?? {})
          .filter((field) => !(`${name} ${field}` in ADDED_FIELDS))
          .sort(),
      ]),
  );
  return { operations, schemas };
}

describe('the OpenAPI document against its baseline', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it.each(['en', 'de'] as const)(
    'keeps in %s every path, operation, parameter, body, status and schema field but for the changes listed',
    async (language) => {
      const served = skeleton((await t.http.get(`/${language}${NS}/doc`).expect(200)).body as Document);
      const before = skeleton(baseline(language));
      // Each operation keeps at least its baseline statuses and parameters; a parameter added is optional.
      for (const [name, operation] of Object.entries(before.operations) as Array<[string, Skeleton]>) {
        const now = served.operations[name] as Skeleton | undefined;
        const droppedStatuses = operation.responses.filter(
          (status) => !now?.responses.includes(status) && !(`${name} ${status}` in DROPPED_STATUSES),
        );
        expect([name, droppedStatuses]).toEqual([name, []]);
        operation.responses = now?.responses ?? [];
        const parameters = now?.parameters ?? [];
        const dropped = operation.parameters.filter((parameter) => !parameters.includes(parameter));
        const addedRequired = parameters.filter(
          (parameter) => !operation.parameters.includes(parameter) && parameter.endsWith('(required)'),
        );
        expect([name, dropped, addedRequired]).toEqual([name, [], []]);
        operation.parameters = parameters;
      }
      // A schema keeps every field; fields added to it are compatible (README, Extending a module).
      for (const [name, fields] of Object.entries(before.schemas)) {
        const now = (served.schemas[name] as string[] | undefined) ?? [];
        expect([name, fields.filter((field) => !now.includes(field))]).toEqual([name, []]);
        before.schemas[name] = now;
      }
      expect(served).toEqual(before);
    },
  );

  it.each(['en', 'de'] as const)('has every addition in %s', async (language) => {
    const served = (await t.http.get(`/${language}${NS}/doc`).expect(200)).body as Document;
    for (const path of Object.keys(ADDED_PATHS)) expect(served.paths).toHaveProperty([path]);
    for (const name of Object.keys(ADDED_SCHEMAS)) expect(served.components?.schemas).toHaveProperty([name]);
    for (const field of Object.keys(ADDED_FIELDS)) {
      const [schema, property] = field.split(' ');
      expect(served.components?.schemas?.[schema]).toHaveProperty(['properties', property]);
    }
  });

  it.each(['en', 'de'] as const)('documents the limits of description, excerpt and the linked records in %s', async (language) => {
    const served = (await t.http.get(`/${language}${NS}/doc`).expect(200)).body as Document;
    const propertiesOf = (name: string) => (served.components?.schemas?.[name] as OpenAPIV3.SchemaObject).properties ?? {};
    for (const name of POST_BODIES) {
      const properties = propertiesOf(name);
      for (const key of ['description', 'excerpt'].filter((property) => property in properties)) {
        expect(properties[key]).toMatchObject({ type: 'string', maxLength: 65535, description: expect.stringMatching(/65[.,]535/) });
      }
    }
    for (const name of EVENT_BODIES) {
      for (const [key, max] of Object.entries({ venue: 10, organizer: 20, categories: 50, tags: 50 })) {
        expect(propertiesOf(name)[key]).toMatchObject({ description: expect.stringContaining(String(max)) });
      }
    }
  });

  it('documents the by-slug term routes like the ID routes, with a string slug', async () => {
    const served = (await t.http.get(`${NS}/doc`).expect(200)).body as Document;
    for (const collection of ['categories', 'tags']) {
      const byId = served.paths[`/${collection}/{id}`] as OpenAPIV3.PathItemObject;
      const bySlug = served.paths[`/${collection}/by-slug/{slug}`] as OpenAPIV3.PathItemObject;
      for (const method of ['get', 'post', 'put', 'patch', 'delete'] as const) {
        const [idOperation, slugOperation] = [byId[method], bySlug[method]];
        expect(slugOperation?.responses).toEqual(idOperation?.responses);
        expect(slugOperation?.security).toEqual(idOperation?.security);
        expect(slugOperation?.requestBody).toEqual(idOperation?.requestBody);
        const slug = (slugOperation?.parameters as OpenAPIV3.ParameterObject[]).find((parameter) => parameter.in === 'path');
        expect(slug).toMatchObject({ name: 'slug', required: true, schema: { type: 'string' } });
      }
    }
  });
});
