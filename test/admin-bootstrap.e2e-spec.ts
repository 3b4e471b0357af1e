import { AdminBootstrapService, UsersService } from '@app/auth';
import { createTestDatabase, TestDatabase } from './support/test-database';
import { ADMIN_TOKEN, bearer, createTestApp, NS } from './support/test-app';

/** docs/api-rules.md, Running it: the first start creates an administrator; ADMIN_TOKEN decides its token. */
describe('administrator bootstrap', () => {
  let database: TestDatabase;

  beforeEach(async () => {
    database = await createTestDatabase();
  });
  afterEach(async () => database.drop());

  const canManageTerms = async (t: Awaited<ReturnType<typeof createTestApp>>, token: string, name: string) =>
    (await t.http.post(`${NS}/tags`).set(bearer(token)).send({ name })).status;

  // That the token is printed, once and framed, is tested on the built service in startup.e2e-spec.ts.
  it('without ADMIN_TOKEN generates an administrator token, handed out once for the start-up summary, and it works', async () => {
    let t = await createTestApp({ ADMIN_TOKEN: '' }, { database });
    const bootstrap = t.app.get(AdminBootstrapService);
    const created = bootstrap.takeGeneratedAdministrator();
    expect(created).toEqual({ name: 'admin', token: expect.stringMatching(/^cal_[\w-]{20,}$/) });
    expect(bootstrap.takeGeneratedAdministrator()).toBeUndefined();
    expect(await canManageTerms(t, created!.token, 'first')).toBe(201);
    await t.close();

    // A second start on the same database creates no second administrator and has no token to show.
    t = await createTestApp({ ADMIN_TOKEN: '' }, { database });
    expect(t.app.get(AdminBootstrapService).takeGeneratedAdministrator()).toBeUndefined();
    expect(await canManageTerms(t, created!.token, 'second')).toBe(201);
    await t.close();
  });

  it('gives the administrator ADMIN_TOKEN even when a user was created (e.g. by the CLI) before the first start', async () => {
    const first = await createTestApp({ ADMIN_TOKEN: '' }, { database });
    const users = first.app.get(UsersService);
    // Simulate a database where only an editor exists: the CLI ran before the service.
    await first.dataSource.query('DELETE FROM api_tokens');
    await first.dataSource.query('DELETE FROM users');
    const { token: editorToken } = await users.createWithToken('cli-editor', 'editor');
    await first.close();

    const t = await createTestApp({ ADMIN_TOKEN }, { database });
    expect(await canManageTerms(t, ADMIN_TOKEN, 'by-admin')).toBe(201);
    const admins = await t.dataSource.query(`SELECT name FROM users WHERE role = 'administrator'`);
    expect(admins).toHaveLength(1);
    expect(await canManageTerms(t, editorToken, 'by-editor')).toBe(201);
    await t.close();
  });

  it('registers a new ADMIN_TOKEN for the existing administrator, but never revives a revoked one', async () => {
    let t = await createTestApp({ ADMIN_TOKEN }, { database });
    await t.close();
    const rotated = 'rotated-admin-token-0123456789';
    t = await createTestApp({ ADMIN_TOKEN: rotated }, { database });
    expect(await canManageTerms(t, rotated, 'rotated')).toBe(201);
    expect(await canManageTerms(t, ADMIN_TOKEN, 'old-still-valid')).toBe(201);
    expect(await t.app.get(UsersService).revokeToken(rotated)).toBe(true);
    await t.close();

    t = await createTestApp({ ADMIN_TOKEN: rotated }, { database });
    const denied = await t.http.post(`${NS}/tags`).set(bearer(rotated)).send({ name: 'revoked' });
    expect(denied.status).toBe(401);
    expect(denied.body.code).toBe('rest_invalid_token');
    await t.close();
  });
});
