import { normalised, RAW_KEY } from './support/doc-texts';
import { SPEC_ROUTES, wordpressRoute } from './support/spec-routes';
import { createTestApp, NS, TestApp } from './support/test-app';

/*
 * GET /{ns}: the WordPress-style namespace index (docs/api-rules.md, Discovery), derived from the same
 * metadata as the OpenAPI document, in the request's language.
 */

interface Arg {
  type?: string | string[];
  description?: string;
  required: boolean;
  default?: unknown;
  enum?: unknown[];
  items?: Record<string, unknown>;
}
interface Route {
  namespace: string;
  methods: string[];
  endpoints: Array<{ methods: string[]; args: Record<string, Arg> }>;
  _links?: { self: Array<{ href: string }> };
  schema?: { properties?: Record<string, unknown> };
}
interface Index {
  namespace: string;
  routes: Record<string, Route>;
  _links: Record<string, Array<{ href: string }>>;
}

const HOST = 'calendar.example';
const EVENT_BY_ID = wordpressRoute('/events/{id}');

const argsOf = (route: Route, method: string) => route.endpoints.find((endpoint) => endpoint.methods.includes(method))?.args ?? {};

describe('the namespace index', () => {
  let t: TestApp;
  let en: Index;
  let de: Index;

  beforeAll(async () => {
    t = await createTestApp({ ALLOWED_HOSTS: HOST });
    en = (await t.http.get(NS).set('Host', HOST).expect(200)).body as Index;
    de = (await t.http.get(`/de${NS}`).set('Host', HOST).expect(200)).body as Index;
  });
  afterAll(() => t.close());

  it('names its namespace and links to itself and to the OpenAPI document', () => {
    expect(en.namespace).toBe('calendar/events/v1');
    expect(en._links).toEqual({ self: [{ href: `http://${HOST}${NS}` }], describedby: [{ href: `http://${HOST}${NS}/doc` }] });
  });

  it('lists every route of the spec, in regex form, with exactly its methods', () => {
    const listed = Object.fromEntries(Object.entries(en.routes).map(([path, route]) => [path, [...route.methods].sort()]));
    const expected = Object.fromEntries(Object.entries(SPEC_ROUTES).map(([path, methods]) => [wordpressRoute(path), [...methods].sort()]));
    expect(listed).toEqual(expected);
    expect(Object.keys(en.routes)).toEqual(expect.arrayContaining([`${NS}/events/(?P<id>\\d+)`, `${NS}/events/by-slug/(?P<slug>[^/]+)`]));
  });

  it('describes every route: namespace, endpoints whose methods make up the route, typed and described args', () => {
    for (const [path, route] of Object.entries(en.routes)) {
      expect([path, route.namespace]).toEqual([path, 'calendar/events/v1']);
      expect([path, route.endpoints.flatMap((endpoint) => endpoint.methods).sort()]).toEqual([path, [...route.methods].sort()]);
      for (const endpoint of route.endpoints) {
        for (const [name, arg] of Object.entries(endpoint.args)) {
          const where = `${endpoint.methods.join(',')} ${path} ${name}`;
          expect([where, typeof arg.required, arg.type, arg.description?.trim()]).toEqual([
            where,
            'boolean',
            expect.anything(),
            expect.any(String),
          ]);
          expect([where, RAW_KEY.test(arg.description ?? '')]).toEqual([where, false]);
        }
        expect([path, endpoint.args.translation_language]).toEqual([
          path,
          { type: 'string', description: expect.any(String), required: false, enum: ['en', 'de'] },
        ]);
      }
    }
  });

  it('links routes without parameters to themselves, and only those', () => {
    for (const [path, route] of Object.entries(en.routes)) {
      const expected = path.includes('(?P<') ? undefined : { self: [{ href: `http://${HOST}${path}` }] };
      expect([path, route._links]).toEqual([path, expected]);
    }
  });

  it('groups the update methods into one endpoint and lists path, query and body args', () => {
    const route = en.routes[EVENT_BY_ID];
    expect(route.endpoints.map((endpoint) => endpoint.methods)).toEqual([['GET'], ['POST', 'PUT', 'PATCH'], ['DELETE']]);
    expect(argsOf(route, 'GET')).toEqual({
      id: { type: 'integer', description: 'Numeric ID of the record.', required: true },
      password: { type: 'string', description: 'Password of a password-protected record.', required: false },
      translation_language: expect.objectContaining({ enum: ['en', 'de'] }),
    });
    expect(argsOf(route, 'DELETE').force).toEqual({
      type: 'boolean',
      description: expect.stringContaining('Delete for good'),
      required: false,
    });
    const update = argsOf(route, 'PATCH');
    expect(update.id.required).toBe(true);
    expect(update.title).toMatchObject({ type: 'string', required: false, maxLength: 255 });
    expect(update.start_date).toMatchObject({ type: ['string', 'integer'], required: false });
    expect(update.categories).toMatchObject({ type: ['array', 'string'], items: { type: ['integer', 'string'] } });
    // The multi-form fields, named schemas in the document, keep the types they accept here.
    expect(update.date).toMatchObject({ type: ['string', 'integer'], description: expect.stringContaining('Publication date') });
    expect(update.image.type).toEqual(['string', 'integer', 'object', 'boolean']);
    expect(update.cost.type).toEqual(['string', 'number', 'array']);
    expect(update.venue).toMatchObject({ type: ['integer', 'object', 'array', 'string'], items: { type: ['integer', 'object'] } });
    expect(update.organizer).toMatchObject({ type: ['integer', 'object', 'array', 'string'], required: false });
    expect(update.status).toMatchObject({ type: 'string', enum: ['publish', 'future', 'draft', 'pending', 'private'] });
  });

  it('marks the create fields the spec requires, and gives filters their types, defaults and items', () => {
    const events = en.routes[wordpressRoute('/events')];
    const create = argsOf(events, 'POST');
    expect(
      Object.entries(create)
        .filter(([, arg]) => arg.required)
        .map(([name]) => name)
        .sort(),
    ).toEqual(['end_date', 'start_date', 'title']);
    const list = argsOf(events, 'GET');
    expect(list.page).toMatchObject({ type: 'integer', required: false, default: 1 });
    expect(list.per_page).toMatchObject({ type: 'integer', default: 10 });
    expect(list.strict_dates).toMatchObject({ type: 'boolean', default: false });
    expect(list.categories).toMatchObject({ type: 'array', items: { type: 'string' } });
    expect(list.venue).toMatchObject({ type: 'array', items: { type: 'integer', minimum: 1 } });
    expect(list.geoloc_lat).toMatchObject({ type: 'number', minimum: -90, maximum: 90 });
    expect(argsOf(en.routes[wordpressRoute('/venues')], 'POST').venue.required).toBe(true);
    expect(argsOf(en.routes[wordpressRoute('/categories')], 'POST').name.required).toBe(true);
    // A parent is an ID, or "" or null for none.
    expect(argsOf(en.routes[wordpressRoute('/categories')], 'POST').parent.type).toEqual(['integer', 'string', 'null']);
    expect(argsOf(en.routes[wordpressRoute('/categories')], 'GET').parent).toMatchObject({ type: 'integer' });
    expect(argsOf(en.routes[wordpressRoute('/tags')], 'GET').parent).toBeUndefined();
    expect(argsOf(en.routes[wordpressRoute('/')], 'GET')).toMatchObject({
      namespace: { type: 'string', required: false, default: 'calendar/events/v1' },
      context: { type: 'string', required: false, default: 'view', enum: ['view', 'embed', 'edit', 'help'] },
    });
  });

  it('describes every argument in German under /de, each text differing from the English', async () => {
    const same: string[] = [];
    for (const [path, route] of Object.entries(en.routes)) {
      route.endpoints.forEach((endpoint, index) => {
        for (const [name, arg] of Object.entries(endpoint.args)) {
          const german = de.routes[path].endpoints[index].args[name];
          expect([path, name, german.description?.trim()]).toEqual([path, name, expect.any(String)]);
          if (normalised(german.description ?? '') === normalised(arg.description ?? '')) same.push(`${path} ${name}`);
        }
      });
    }
    expect(same).toEqual([]);
    expect(argsOf(de.routes[EVENT_BY_ID], 'GET').id.description).toBe('Numerische ID des Eintrags.');
    const viaParameter = await t.http.get(NS).query({ translation_language: 'de' }).set('Host', HOST).expect(200);
    expect(viaParameter.headers['content-language']).toBe('de');
    expect(argsOf((viaParameter.body as Index).routes[EVENT_BY_ID], 'GET').id.description).toBe('Numerische ID des Eintrags.');
  });

  it('keeps names, types and values identical across languages', () => {
    const shape = (index: Index) =>
      Object.fromEntries(
        Object.entries(index.routes).map(([path, route]) => [
          path,
          route.endpoints.map((endpoint) => ({
            methods: endpoint.methods,
            args: Object.fromEntries(Object.entries(endpoint.args).map(([name, { description: _description, ...rest }]) => [name, rest])),
          })),
        ]),
      );
    expect(shape(de)).toEqual(shape(en));
  });

  it('agrees with the OpenAPI document on routes and methods', async () => {
    const doc = (await t.http.get(`${NS}/doc`).expect(200)).body as { paths: Record<string, Record<string, unknown>> };
    const fromDoc = Object.fromEntries(
      Object.entries(doc.paths).map(([path, item]) => [
        wordpressRoute(path),
        Object.keys(item)
          .map((m) => m.toUpperCase())
          .sort(),
      ]),
    );
    const fromIndex = Object.fromEntries(Object.entries(en.routes).map(([path, route]) => [path, [...route.methods].sort()]));
    expect(fromIndex).toEqual(fromDoc);
  });

  it('accepts its own namespace and answers 404 rest_invalid_namespace for any other, in the request language', async () => {
    await t.http.get(NS).query({ namespace: 'calendar/events/v1' }).expect(200);
    const unknown = await t.http.get(NS).query({ namespace: 'wp/v2' }).expect(404);
    expect(unknown.body).toEqual({
      code: 'rest_invalid_namespace',
      message: 'The specified namespace could not be found.',
      data: { status: 404 },
    });
    const german = await t.http.get(`/de${NS}`).query({ namespace: 'tribe/events/v1' }).expect(404);
    expect(german.body.message).toBe('Der angegebene Namensraum wurde nicht gefunden.');
  });

  it('accepts the WordPress contexts; help adds each route’s response schema; anything else is a 400', async () => {
    const edit = (await t.http.get(NS).query({ context: 'edit' }).set('Host', HOST).expect(200)).body as Index;
    expect(edit).toEqual(en);
    const help = (await t.http.get(NS).query({ context: 'help' }).expect(200)).body as Index;
    expect(Object.keys(help.routes[wordpressRoute('/events')].schema?.properties ?? {})).toEqual(
      expect.arrayContaining(['events', 'total', 'total_pages', 'rest_url']),
    );
    expect(JSON.stringify(help)).not.toContain('$ref');
    const bad = await t.http.get(NS).query({ context: 'everything' }).expect(400);
    expect(bad.body).toMatchObject({ code: 'rest_invalid_param', data: { status: 400, params: { context: expect.any(String) } } });
  });
});

describe('the namespace index under BASE_PATH', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ BASE_PATH: 'wp-json', ALLOWED_HOSTS: HOST });
  });
  afterAll(() => t.close());

  it('builds its links with BASE_PATH and the language segment', async () => {
    const index = (await t.http.get(`/wp-json/de${NS}`).set('Host', HOST).expect(200)).body as Index;
    expect(index._links.self).toEqual([{ href: `http://${HOST}/wp-json/de${NS}` }]);
    expect(index.routes[wordpressRoute('/events')]._links?.self).toEqual([{ href: `http://${HOST}/wp-json/de${NS}/events` }]);
    expect(argsOf(index.routes[EVENT_BY_ID], 'GET').id.description).toBe('Numerische ID des Eintrags.');
  });
});
