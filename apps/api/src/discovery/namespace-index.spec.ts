import type { OpenAPIObject } from '@nestjs/swagger';
import { buildNamespaceIndex } from './namespace-index';

const LANGUAGE = {
  name: 'translation_language',
  in: 'query',
  required: false,
  description: 'Language.',
  schema: { type: 'string', enum: ['en', 'de'] },
};
const ID = { name: 'id', in: 'path', required: true, description: 'Record ID.', schema: { type: 'integer' } };
const SLUG = { name: 'slug', in: 'path', required: true, description: 'Slug.', schema: { type: 'string' } };
const body = { content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } } };
const ok = { 200: { description: 'OK', content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } } } };

const document = {
  openapi: '3.0.0',
  info: { title: 'T', version: '1' },
  paths: {
    '/': { get: { parameters: [LANGUAGE], responses: {} } },
    '/things': {
      get: {
        parameters: [
          { name: 'page', in: 'query', required: false, description: 'Page.', schema: { type: 'integer', minimum: 1, default: 1 } },
          { name: 'ids', in: 'query', required: false, description: 'IDs.', schema: { type: 'array', items: { type: 'integer' } } },
          LANGUAGE,
        ],
        responses: ok,
      },
      post: { parameters: [LANGUAGE], requestBody: body, responses: ok },
    },
    '/things/{id}': {
      get: { parameters: [ID, LANGUAGE], responses: ok },
      post: { parameters: [ID, LANGUAGE], requestBody: body, responses: ok },
      put: { parameters: [ID, LANGUAGE], requestBody: body, responses: ok },
      delete: { parameters: [ID, LANGUAGE], responses: ok },
    },
    '/things/by-slug/{slug}': { get: { parameters: [SLUG, LANGUAGE], responses: ok } },
  },
  components: {
    schemas: {
      Thing: {
        type: 'object',
        required: ['name'],
        properties: {
          name: { type: 'string', description: 'Name.', maxLength: 20 },
          when: { description: 'Date or timestamp.', oneOf: [{ type: 'string' }, { type: 'integer' }] },
          lat: { type: 'number', nullable: true, description: 'Latitude.' },
          part: { description: 'Nested.', allOf: [{ $ref: '#/components/schemas/Part' }] },
          choice: { description: 'Choice.', allOf: [{ $ref: '#/components/schemas/Choice' }] },
          refs: { description: 'A list or its text.', allOf: [{ $ref: '#/components/schemas/Refs' }] },
        },
      },
      Part: { type: 'object', properties: { n: { type: 'integer' } } },
      Refs: { anyOf: [{ type: 'array', items: { $ref: '#/components/schemas/Ref' } }, { type: 'string' }] },
      Ref: { anyOf: [{ type: 'integer' }, { type: 'string' }] },
      Choice: {
        description: 'A named union.',
        anyOf: [{ type: 'integer' }, { $ref: '#/components/schemas/Part' }, { type: 'string', enum: [''] }],
      },
    },
  },
} as unknown as OpenAPIObject;

const index = (withSchemas = false) =>
  buildNamespaceIndex(document, { namespace: 'ns/v1', namespaceUrl: 'http://x.test/de/ns/v1', withSchemas });

describe('buildNamespaceIndex', () => {
  it('keys routes by their WordPress regex path under the namespace', () => {
    expect(Object.keys(index().routes)).toEqual([
      '/ns/v1',
      '/ns/v1/things',
      '/ns/v1/things/(?P<id>\\d+)',
      '/ns/v1/things/by-slug/(?P<slug>[^/]+)',
    ]);
  });

  it('groups methods with identical args into one endpoint; the route lists them endpoint by endpoint', () => {
    const route = index().routes['/ns/v1/things/(?P<id>\\d+)'];
    expect(route.endpoints.map((endpoint) => endpoint.methods)).toEqual([
      ['GET', 'DELETE'],
      ['POST', 'PUT'],
    ]);
    expect(route.methods).toEqual(['GET', 'DELETE', 'POST', 'PUT']);
  });

  it('describes path, query and body args with type, description, required and keywords', () => {
    const [list, create] = index().routes['/ns/v1/things'].endpoints;
    expect(list.args).toEqual({
      page: { type: 'integer', description: 'Page.', required: false, default: 1, minimum: 1 },
      ids: { type: 'array', description: 'IDs.', required: false, items: { type: 'integer' } },
      translation_language: { type: 'string', description: 'Language.', required: false, enum: ['en', 'de'] },
    });
    expect(create.args).toEqual({
      translation_language: { type: 'string', description: 'Language.', required: false, enum: ['en', 'de'] },
      name: { type: 'string', description: 'Name.', required: true, maxLength: 20 },
      when: { type: ['string', 'integer'], description: 'Date or timestamp.', required: false },
      lat: { type: ['number', 'null'], description: 'Latitude.', required: false },
      part: { type: 'object', description: 'Nested.', required: false },
      choice: { type: ['integer', 'object', 'string'], description: 'Choice.', required: false },
      refs: { type: ['array', 'string'], description: 'A list or its text.', required: false, items: { type: ['integer', 'string'] } },
    });
    expect(index().routes['/ns/v1/things/(?P<id>\\d+)'].endpoints[0].args.id).toEqual({
      type: 'integer',
      description: 'Record ID.',
      required: true,
    });
  });

  it('links routes without parameters to themselves, and the index to itself and the document', () => {
    const { routes, _links } = index();
    expect(routes['/ns/v1']._links).toEqual({ self: [{ href: 'http://x.test/de/ns/v1' }] });
    expect(routes['/ns/v1/things']._links).toEqual({ self: [{ href: 'http://x.test/de/ns/v1/things' }] });
    expect(routes['/ns/v1/things/(?P<id>\\d+)']._links).toBeUndefined();
    expect(_links).toEqual({ self: [{ href: 'http://x.test/de/ns/v1' }], describedby: [{ href: 'http://x.test/de/ns/v1/doc' }] });
  });

  it('adds dereferenced response schemas only for context=help', () => {
    expect(index(false).routes['/ns/v1/things'].schema).toBeUndefined();
    const schema = index(true).routes['/ns/v1/things'].schema;
    expect(schema?.properties?.part).toEqual({
      description: 'Nested.',
      allOf: [{ type: 'object', properties: { n: { type: 'integer' } } }],
    });
    expect(index(true).routes['/ns/v1'].schema).toBeUndefined();
  });
});
