import { CliRun, ensureBuilt, jsonLine, runCli } from './support/run-cli';
import { ADMIN_TOKEN, bearer, createTestApp, NS, TestApp } from './support/test-app';
import { createTestDatabase, TestDatabase } from './support/test-database';

/*
 * The command-line app (README, Command-line app) lists users and tokens (never a secret), changes a role and
 * disables a user, whose tokens stop working at once; each command prints one JSON line.
 */

jest.setTimeout(120_000);

const UTC_TEXT = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

function expectFailure(run: CliRun, message: RegExp): void {
  expect([run.status, run.stdout]).toEqual([1, '']);
  expect(run.stderr).toMatch(message);
}

describe('command-line app: users and tokens', () => {
  let database: TestDatabase;
  let t: TestApp;
  let editor: { id: number; token: string };

  const cli = (...args: string[]) => runCli(database, args);
  const createTag = (token: string, name: string) => t.http.post(`${NS}/tags`).set(bearer(token)).send({ name });

  beforeAll(async () => {
    ensureBuilt();
    database = await createTestDatabase();
    t = await createTestApp({}, { database });
    editor = jsonLine(cli('user:create', '--name', 'list-editor', '--role', 'editor')) as typeof editor;
  });
  afterAll(async () => {
    await t?.close();
    await database?.drop();
  });

  it('user:list prints every user with role, dates and active tokens, and no secret', () => {
    const run = cli('user:list');
    const { users } = jsonLine(run) as { users: Array<Record<string, unknown>> };
    expect(users).toEqual([
      { id: 1, name: 'admin', role: 'administrator', created_utc: expect.stringMatching(UTC_TEXT), disabled_utc: null, active_tokens: 1 },
      {
        id: editor.id,
        name: 'list-editor',
        role: 'editor',
        created_utc: expect.stringMatching(UTC_TEXT),
        disabled_utc: null,
        active_tokens: 1,
      },
    ]);
    expect(run.stdout).not.toMatch(/cal_|token_hash|e2e-admin-token/);
  });

  it('token:list prints a user’s tokens with id, creation, last use and revocation, never the secret', async () => {
    const before = jsonLine(cli('token:list', '--user', String(editor.id))) as { user: number; tokens: Array<Record<string, unknown>> };
    expect(before).toEqual({
      user: editor.id,
      tokens: [{ id: expect.any(Number), created_utc: expect.stringMatching(UTC_TEXT), last_used_utc: null, revoked_utc: null }],
    });

    await createTag(editor.token, 'Used once').expect(201);
    // The use is recorded next to the request, not before its answer: wait for the row, not for a time.
    const tokenId = before.tokens[0].id as number;
    for (let tries = 0; tries < 100; tries += 1) {
      const [row] = await t.dataSource.query<Array<{ used: unknown }>>(
        `SELECT last_used_utc AS used FROM api_tokens WHERE id = ${tokenId}`,
      );
      if (row.used !== null) break;
      await new Promise((resolve) => setImmediate(resolve));
    }
    const second = String(jsonLine(cli('token:create', '--user', String(editor.id))).token);
    expect(jsonLine(cli('token:revoke', '--token', second))).toEqual({ revoked: true });

    const run = cli('token:list', '--user', String(editor.id));
    const after = jsonLine(run) as { tokens: Array<Record<string, unknown>> };
    expect(after.tokens).toEqual([
      { id: tokenId, created_utc: expect.stringMatching(UTC_TEXT), last_used_utc: expect.stringMatching(UTC_TEXT), revoked_utc: null },
      {
        id: expect.any(Number),
        created_utc: expect.stringMatching(UTC_TEXT),
        last_used_utc: null,
        revoked_utc: expect.stringMatching(UTC_TEXT),
      },
    ]);
    expect(run.stdout).not.toContain(editor.token);
    expect(run.stdout).not.toContain(second);
  });

  it('token:revoke by the ID token:list shows, or with the secret read from standard input: no secret on the command line', async () => {
    const user = jsonLine(cli('user:create', '--name', 'revoke-forms', '--role', 'editor')) as { id: number; token: string };
    const byStdin = String(jsonLine(cli('token:create', '--user', String(user.id))).token);
    await createTag(user.token, 'Works').expect(201);
    const [first] = (jsonLine(cli('token:list', '--user', String(user.id))) as { tokens: Array<{ id: number }> }).tokens;

    expect(jsonLine(cli('token:revoke', '--id', String(first.id)))).toEqual({ revoked: true });
    expect((await createTag(user.token, 'Revoked by ID').expect(401)).body.code).toBe('rest_invalid_token');
    expectFailure(cli('token:revoke', '--id', String(first.id)), /No active token has --id/);

    const fromStdin = runCli(database, ['token:revoke', '--token', '-'], {}, `${byStdin}\n`);
    expect(jsonLine(fromStdin)).toEqual({ revoked: true });
    expect((await createTag(byStdin, 'Revoked from stdin').expect(401)).body.code).toBe('rest_invalid_token');
    expectFailure(runCli(database, ['token:revoke', '--token', '-'], {}, ''), /standard input must hold one token/);
    expectFailure(cli('token:revoke', '--id', 'x'), /--id must be a positive integer/);
    expectFailure(cli('token:revoke', '--id', '1', '--token', 'x'), /either --token or --id/);
    await createTag(ADMIN_TOKEN, 'Others untouched').expect(201);
  });

  it('user:role changes what the user’s tokens may do from the next request on', async () => {
    const author = jsonLine(cli('user:create', '--name', 'role-change', '--role', 'author')) as { id: number; token: string };
    await createTag(author.token, 'Not yet').expect(403);
    const run = cli('user:role', '--user', String(author.id), '--role', 'editor');
    expect(jsonLine(run)).toMatchObject({ id: author.id, name: 'role-change', role: 'editor', disabled_utc: null });
    await createTag(author.token, 'Now allowed').expect(201);
  });

  it('user:disable makes every token of the user fail with 401 rest_invalid_token; user:enable restores them', async () => {
    const victim = jsonLine(cli('user:create', '--name', 'to-disable', '--role', 'editor')) as { id: number; token: string };
    const other = String(jsonLine(cli('token:create', '--user', String(victim.id))).token);
    await createTag(victim.token, 'Before').expect(201);

    const disabled = jsonLine(cli('user:disable', '--user', String(victim.id)));
    expect(disabled).toMatchObject({ id: victim.id, disabled_utc: expect.stringMatching(UTC_TEXT) });
    for (const token of [victim.token, other]) {
      const res = await createTag(token, 'After').expect(401);
      expect(res.body.code).toBe('rest_invalid_token');
      await t.http.get(`${NS}/events`).set(bearer(token)).expect(401);
    }
    const basic = Buffer.from(`to-disable:${victim.token}`).toString('base64');
    await t.http.get(`${NS}/events`).set('Authorization', `Basic ${basic}`).expect(401);
    const listed = (jsonLine(cli('user:list')) as { users: Array<{ id: number; disabled_utc: unknown }> }).users;
    expect(listed.find((user) => user.id === victim.id)?.disabled_utc).toEqual(disabled.disabled_utc);

    expect(jsonLine(cli('user:enable', '--user', String(victim.id)))).toMatchObject({ id: victim.id, disabled_utc: null });
    await createTag(other, 'Again').expect(201);
  });

  it('keeps one active administrator: the last one can neither be disabled nor given another role', async () => {
    expectFailure(cli('user:disable', '--user', '1'), /last active administrator/);
    expectFailure(cli('user:role', '--user', '1', '--role', 'editor'), /last active administrator/);
    await createTag(ADMIN_TOKEN, 'Admin still here').expect(201);

    const second = jsonLine(cli('user:create', '--name', 'second-admin', '--role', 'administrator')) as { id: number };
    expect(jsonLine(cli('user:role', '--user', String(second.id), '--role', 'editor'))).toMatchObject({ role: 'editor' });
  });

  it.each([
    ['token:list', ['token:list', '--user', '99999'], /User 99999 does not exist/],
    ['user:role', ['user:role', '--user', '99999', '--role', 'editor'], /User 99999 does not exist/],
    ['user:role with an unknown role', ['user:role', '--user', '1', '--role', 'owner'], /Unknown role "owner"/],
    ['user:disable', ['user:disable', '--user', 'x'], /--user must be a positive integer/],
    ['user:list with an argument', ['user:list', '--all'], /Unknown option '--all'/],
  ])('%s: a clear error, exit code 1, nothing on stdout', (_label, args, message) => {
    expectFailure(cli(...args), message);
  });
});
