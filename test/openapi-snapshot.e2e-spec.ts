import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { OpenAPIV3 } from 'openapi-types';
import { openApiSkeleton } from './support/openapi-skeleton';
import { createTestApp, NS, TestApp } from './support/test-app';

/*
 * The OpenAPI document against its committed snapshot (test/fixtures/openapi-snapshot.txt): what
 * clients build on, one fact a line (test/support/openapi-skeleton.ts). A change to a path,
 * parameter, body, status or schema property fails here with the difference; if it is meant,
 * `npm run openapi:snapshot` rewrites the snapshot and review reads the change as its diff
 * (README, "Development").
 */

type Document = OpenAPIV3.Document;

const SNAPSHOT = join(__dirname, 'fixtures', 'openapi-snapshot.txt');
/** Set by `npm run openapi:snapshot`: write the served skeleton instead of comparing. */
const UPDATE = process.env.UPDATE_OPENAPI_SNAPSHOT === '1';

/** The bodies whose description/excerpt are limited, and the event bodies whose links are. */
const POST_BODIES = ['Event', 'Venue', 'Organizer'].flatMap((kind) => [`Create${kind}Dto`, `Update${kind}Dto`]);
const EVENT_BODIES = ['CreateEventDto', 'UpdateEventDto'];

describe('the OpenAPI document against its snapshot', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it.each(['en', 'de'] as const)(
    'has in %s exactly the operations and schemas of the snapshot (npm run openapi:snapshot accepts a meant change)',
    async (language) => {
      const served = openApiSkeleton((await t.http.get(`/${language}${NS}/doc`).expect(200)).body as Document);
      if (UPDATE && language === 'en') {
        mkdirSync(dirname(SNAPSHOT), { recursive: true });
        writeFileSync(SNAPSHOT, served);
      }
      expect(existsSync(SNAPSHOT)).toBe(true);
      expect(served).toEqual(readFileSync(SNAPSHOT, 'utf8'));
    },
  );

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
