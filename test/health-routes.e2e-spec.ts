import { expectApiError } from './support/events-assertions';
import { createTestApp, TestApp } from './support/test-app';

/** docs/api-rules.md, Running it: `/health` and `/ready` answer at the root only, outside BASE_PATH and language segments. */
describe.each([
  ['without BASE_PATH', ''],
  ['with BASE_PATH', 'wp-json'],
])('health routes %s', (_label, basePath) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ BASE_PATH: basePath });
  });
  afterAll(async () => t.close());

  it('answer at the root', async () => {
    expect((await t.http.get('/health').expect(200)).body).toEqual({ status: 'ok' });
    expect((await t.http.get('/ready').expect(200)).body).toEqual({ status: 'ready' });
  });

  const prefixed = ['/en', '/de', ...(basePath ? [`/${basePath}`, `/${basePath}/de`, `/${basePath}/en`] : [])];
  it.each(prefixed.flatMap((prefix) => [`${prefix}/health`, `${prefix}/ready`]))('%s is no route (404 rest_no_route)', async (path) => {
    expectApiError(await t.http.get(path), 404, 'rest_no_route');
  });
});
