import Ajv, { ValidateFunction } from 'ajv';
import type { OpenAPIV3 } from 'openapi-types';
import { ADMIN_TOKEN, bearer, createTestApp, NS, TestApp } from './support/test-app';

/*
 * Both languages' documents carry realistic examples for every field of every schema
 * and for every request body; each example is valid against its own schema, and each body Swagger
 * UI pre-fills is accepted as it is (201 for a create, 200 for an update).
 */

type Document = OpenAPIV3.Document;
type Schema = OpenAPIV3.SchemaObject;
const METHODS = ['post', 'put', 'patch'] as const;

/** OpenAPI 3.0's `nullable` in JSON Schema terms, references into the document kept. */
function toJsonSchema(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(toJsonSchema);
  if (value === null || typeof value !== 'object') return value;
  const { nullable, example: _example, ...rest } = value as Record<string, unknown>;
  const converted = Object.fromEntries(
    Object.entries(rest).map(([key, child]) => [
      key,
      key === '$ref'
        ? String(child).replace('#/components', 'doc#/components')
        : key === 'properties'
          ? mapValues(child)
          : toJsonSchema(child),
    ]),
  );
  if (nullable !== true) return converted;
  return typeof converted.type === 'string' ? { ...converted, type: [converted.type, 'null'] } : { anyOf: [converted, { type: 'null' }] };
}
const mapValues = (map: unknown) =>
  Object.fromEntries(Object.entries(map as Record<string, unknown>).map(([k, v]) => [k, toJsonSchema(v)]));

function validatorFor(document: Document) {
  const ajv = new Ajv({ strict: false, validateFormats: false, allErrors: true });
  ajv.addSchema({ $id: 'doc', components: { schemas: mapValues(document.components?.schemas ?? {}) } });
  return (schema: unknown): ValidateFunction => ajv.compile(toJsonSchema(schema) as object);
}

/** Every example of the document with where it is and the schema it must satisfy. */
function examplesOf(document: Document): Array<{ where: string; schema: unknown; example: unknown }> {
  const found: Array<{ where: string; schema: unknown; example: unknown }> = [];
  for (const [name, schema] of Object.entries(document.components?.schemas ?? {}) as Array<[string, Schema]>) {
    if (schema.example !== undefined) found.push({ where: name, schema, example: schema.example });
    for (const [property, definition] of Object.entries(schema.properties ?? {}) as Array<[string, Schema]>) {
      found.push({ where: `${name}.${property}`, schema: definition, example: definition.example });
    }
  }
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const media = (item?.[method]?.requestBody as OpenAPIV3.RequestBodyObject | undefined)?.content['application/json'];
      if (media) found.push({ where: `${method.toUpperCase()} ${path} body`, schema: media.schema, example: media.example });
    }
    for (const method of ['get', ...METHODS, 'delete'] as const) {
      for (const [status, response] of Object.entries(item?.[method]?.responses ?? {}) as Array<[string, OpenAPIV3.ResponseObject]>) {
        const media = response.content?.['application/json'];
        if (Number(status) >= 400 && media) {
          found.push({ where: `${method.toUpperCase()} ${path} ${status}`, schema: media.schema, example: media.example });
        }
      }
    }
  }
  return found;
}

describe('examples in the OpenAPI document', () => {
  let t: TestApp;
  const documents = {} as Record<'en' | 'de', Document>;

  beforeAll(async () => {
    t = await createTestApp();
    for (const language of ['en', 'de'] as const)
      documents[language] = (await t.http.get(`/${language}${NS}/doc`).expect(200)).body as Document;
  });
  afterAll(async () => t.close());

  it.each(['en', 'de'] as const)(
    '%s: every schema property, named input shape and request body has an example, valid against its schema',
    (language) => {
      const document = documents[language];
      const compile = validatorFor(document);
      const found = examplesOf(document);
      expect(found.filter(({ example }) => example === undefined).map(({ where }) => where)).toEqual([]);
      for (const [name, schema] of Object.entries(document.components?.schemas ?? {}) as Array<[string, Schema]>) {
        if (!schema.properties) expect([name, schema.example]).toEqual([name, expect.anything()]);
      }
      const invalid = found.flatMap(({ where, schema, example }) => {
        const validate = compile(schema);
        return validate(example) ? [] : [`${where}: ${JSON.stringify(validate.errors)}`];
      });
      expect(invalid).toEqual([]);
    },
  );

  it('shows an English event in the English document and a German one in the German document', () => {
    const title = (language: 'en' | 'de') =>
      (
        (documents[language].paths['/events']?.post?.requestBody as OpenAPIV3.RequestBodyObject).content['application/json'].example as {
          title: string;
        }
      ).title;
    expect(title('en')).toBe('Jazz Night with the Anna Berg Quartet');
    expect(title('de')).toBe('Jazzabend mit dem Anna Berg Quartett');
    const event = (language: 'en' | 'de') =>
      (documents[language].components?.schemas?.Event as Schema).properties as Record<string, Schema>;
    expect(event('de').title.example).toBe('Jazzabend mit dem Anna Berg Quartett');
    expect(event('en').image.example).toMatchObject({ url: expect.stringMatching(/^https:/), id: expect.any(Number) });
    expect((documents.en.components?.schemas?.Venue as Schema).properties?.image).toMatchObject({ example: false });
  });

  it('shows each error response with the body the service sends for it, in the document language', () => {
    const example = (language: 'en' | 'de', path: string, method: 'get' | 'post' | 'delete', status: string) =>
      (documents[language].paths[path]?.[method]?.responses[status] as OpenAPIV3.ResponseObject).content?.['application/json'].example;
    expect(example('en', '/events/{id}', 'get', '404')).toEqual({
      code: 'rest-event-not-found',
      message: 'Event with ID 4711 does not exist.',
      data: { status: 404 },
    });
    expect(example('de', '/tags/{id}', 'get', '404')).toMatchObject({ code: 'rest_term_invalid', data: { status: 404 } });
    expect(example('en', '/events', 'post', '401')).toMatchObject({ code: 'rest_forbidden', data: { status: 401 } });
    expect(example('en', '/events', 'get', '401')).toMatchObject({ code: 'rest_invalid_token', data: { status: 401 } });
    expect(example('de', '/venues/{id}', 'delete', '410')).toMatchObject({ code: 'venue-is-in-trash', data: { status: 410 } });
    expect(example('de', '/events', 'post', '400')).toMatchObject({
      code: 'rest_invalid_param',
      message: 'Ungültige(r) Parameter: start_date',
      data: { status: 400, params: { start_date: expect.stringContaining('kein verständliches Datum') } },
    });
  });

  it('describes tokens as opaque bearer tokens, not JWTs', () => {
    expect(documents.en.components?.securitySchemes?.bearer).toMatchObject({ type: 'http', scheme: 'bearer', bearerFormat: 'opaque' });
  });

  it.each(['en', 'de'] as const)(
    '%s: every pre-filled body is accepted as it is, on create (201) and update (200) routes',
    async (language) => {
      const document = documents[language];
      const admin = bearer(ADMIN_TOKEN);
      const answers: string[] = [];
      const collections = Object.keys(document.paths).filter((path) => /^\/\w+$/.test(path) && document.paths[path]?.post);
      for (const collection of collections) {
        const create = (document.paths[collection]?.post?.requestBody as OpenAPIV3.RequestBodyObject).content['application/json']
          .example as object;
        const created = await t.http.post(`/${language}${NS}${collection}`).set(admin).send(create);
        answers.push(`POST ${collection} ${created.status}`);
        const { id, slug } = created.body as { id: number; slug: string };
        for (const [path, parameter] of [
          [`${collection}/{id}`, String(id)],
          [`${collection}/by-slug/{slug}`, slug],
        ] as const) {
          for (const method of METHODS) {
            const body = (document.paths[path]?.[method]?.requestBody as OpenAPIV3.RequestBodyObject | undefined)?.content[
              'application/json'
            ].example;
            if (!document.paths[path]?.[method]?.requestBody) continue;
            if (body === undefined) {
              answers.push(`${method.toUpperCase()} ${path} without an example`);
              continue;
            }
            const res = await t.http[method](`/${language}${NS}${path.replace(/\{\w+\}/, parameter)}`)
              .set(admin)
              .send(body as object);
            answers.push(`${method.toUpperCase()} ${path} ${res.status}`);
          }
        }
      }
      // A collection with routes by slug writes through seven of them; import sources, without slugs, through four.
      const writes = collections.map((collection) => (document.paths[`${collection}/by-slug/{slug}`] ? 7 : 4));
      expect(answers).toHaveLength(writes.reduce((sum, count) => sum + count, 0));
      expect(answers.filter((answer) => !/^POST \/\w+ 201$|(?:PUT|PATCH|POST) .*\{\w+\} 200$/.test(answer))).toEqual([]);
    },
  );
});
