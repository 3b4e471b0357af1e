import { execFileSync, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { SCHEMA } from '@app/domain';
import { bearer, createTestApp, NS, TestApp } from './support/test-app';
import { createTestDatabase, TestDatabase } from './support/test-database';

const ROOT = join(__dirname, '..');
const CLI = join(ROOT, 'dist/apps/cli/src/main.js');
const MIGRATION_NAMES = (SCHEMA.migrations as Function[]).map((migration) => migration.name);

interface CliRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the built command-line app as a user would, against the given database. */
function cli(database: TestDatabase, args: string[], env: Record<string, string> = {}): CliRun {
  const result = spawnSync(process.execPath, [CLI, ...args], {
    cwd: ROOT,
    env: { ...process.env, ...database.env, ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** The promise to scripts (docs/api-rules.md, Running it): stdout is exactly one JSON line. */
function jsonLine(run: CliRun): Record<string, unknown> {
  expect(run.stdout).toMatch(/^[^\n]+\n$/);
  return JSON.parse(run.stdout) as Record<string, unknown>;
}

function expectFailure(run: CliRun, message: string | RegExp, status = 1): void {
  expect(run.status).toBe(status);
  expect(run.stdout).toBe('');
  expect(run.stderr).toMatch(message);
}

describe('command-line app', () => {
  let database: TestDatabase;

  beforeAll(() => {
    // The same on-demand build `npm run cli` does; its output goes to stderr.
    execFileSync(process.execPath, [join(ROOT, 'scripts/ensure-built.js')], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  }, 300_000);

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterAll(async () => database.drop());

  describe('migrate', () => {
    let empty: TestDatabase;
    beforeAll(async () => {
      empty = await createTestDatabase();
    });
    afterAll(async () => empty.drop());

    it('applies the pending migrations on an empty database and names them', () => {
      const run = cli(empty, ['migrate']);
      expect(run.status).toBe(0);
      expect(jsonLine(run)).toEqual({ applied: MIGRATION_NAMES });
    });

    it('applies nothing the second time', () => {
      const run = cli(empty, ['migrate']);
      expect(run.status).toBe(0);
      expect(jsonLine(run)).toEqual({ applied: [] });
    });

    it('rejects arguments it does not take', () => {
      expectFailure(cli(empty, ['migrate', 'now']), /Unexpected argument 'now'[\s\S]*Usage:/);
    });
  });

  describe('users and tokens', () => {
    let app: TestApp;
    let editor: { id: number; name: string; role: string; token: string };

    afterAll(async () => app?.close());

    const createCategory = (token: string, name: string) => app.http.post(`${NS}/categories`).set(bearer(token)).send({ name });

    it('user:create on a database nobody migrated yet prints the user and its token', () => {
      const run = cli(database, ['user:create', '--name', 'cli-editor', '--role', 'editor']);
      expect(run.status).toBe(0);
      expect(run.stderr).toBe('');
      const printed = jsonLine(run);
      expect(Object.keys(printed)).toEqual(['id', 'name', 'role', 'token']);
      expect(printed).toEqual({ id: expect.any(Number), name: 'cli-editor', role: 'editor', token: expect.stringMatching(/^\S{32,}$/) });
      editor = printed as typeof editor;
      expect(jsonLine(cli(database, ['migrate']))).toEqual({ applied: [] });
    });

    it('the printed token authenticates against the service with the printed role', async () => {
      app = await createTestApp({}, { database });
      const created = await createCategory(editor.token, 'From the CLI').expect(201);
      expect(created.body).toMatchObject({ name: 'From the CLI' });
      expect(await app.userIdOf(editor.token)).toBe(editor.id);
    });

    it('a contributor made by the CLI is a contributor to the service', async () => {
      const contributor = jsonLine(cli(database, ['user:create', '--name', 'cli-contributor', '--role', 'contributor']));
      const response = await createCategory(String(contributor.token), 'Not allowed').expect(403);
      expect(response.body.code).toBe('rest_forbidden');
    });

    it('token:create issues another working token for the user', async () => {
      const run = cli(database, ['token:create', '--user', String(editor.id)]);
      expect(run.status).toBe(0);
      const printed = jsonLine(run);
      expect(Object.keys(printed)).toEqual(['token']);
      expect(printed.token).not.toBe(editor.token);
      await createCategory(String(printed.token), 'Second token').expect(201);
    });

    it('token:revoke revokes exactly that token', async () => {
      const second = String(jsonLine(cli(database, ['token:create', '--user', String(editor.id)])).token);
      const run = cli(database, ['token:revoke', '--token', second]);
      expect(run.status).toBe(0);
      expect(jsonLine(run)).toEqual({ revoked: true });

      const rejected = await createCategory(second, 'Revoked').expect(401);
      expect(rejected.body.code).toBe('rest_invalid_token');
      await createCategory(editor.token, 'Still valid').expect(201);
    });

    it('token:revoke of an unknown or already revoked token fails', () => {
      expectFailure(cli(database, ['token:revoke', '--token', 'no-such-token']), /No active token/);
      const token = String(jsonLine(cli(database, ['token:create', '--user', String(editor.id)])).token);
      expect(cli(database, ['token:revoke', '--token', token]).status).toBe(0);
      expectFailure(cli(database, ['token:revoke', '--token', token]), /No active token/);
    });

    it('user:create refuses a name that is taken and writes nothing', async () => {
      expectFailure(cli(database, ['user:create', '--name', 'cli-editor', '--role', 'author']), /"cli-editor" already exists/);
      const [{ count }] = await app.dataSource.query<Array<{ count: number | string }>>(
        "SELECT COUNT(*) AS count FROM users WHERE name = 'cli-editor'",
      );
      expect(Number(count)).toBe(1);
    });

    it('token:create for an unknown user fails', () => {
      expectFailure(cli(database, ['token:create', '--user', '99999']), /User 99999 does not exist[\s\S]*Usage:/);
    });
  });

  describe('bad input', () => {
    const cases: Array<[string, string[], RegExp]> = [
      ['no command', [], /No command given[\s\S]*Usage:/],
      ['an unknown command', ['user:delete'], /Unknown command "user:delete"[\s\S]*Usage:/],
      [
        'an unknown role',
        ['user:create', '--name', 'x', '--role', 'owner'],
        /Unknown role "owner"; use one of administrator, editor, author, contributor/,
      ],
      ['a missing --role', ['user:create', '--name', 'x'], /Missing --role/],
      ['a missing --name', ['user:create', '--role', 'editor'], /Missing --name/],
      ['a flag without its value', ['user:create', '--name', 'x', '--role'], /--role/],
      ['a name with a colon', ['user:create', '--name', 'a:b', '--role', 'editor'], /--name must not contain a colon/],
      ['a name over 60 characters', ['user:create', '--name', 'n'.repeat(61), '--role', 'editor'], /at most 60 characters/],
      ['an unknown flag', ['user:create', '--name', 'x', '--role', 'editor', '--admin'], /Unknown option '--admin'/],
      ['a user id that is not a number', ['token:create', '--user', 'abc'], /--user must be a positive integer/],
      ['a user id of 0', ['token:create', '--user', '0'], /--user must be a positive integer/],
      ['a missing --user', ['token:create'], /Missing --user/],
      ['a missing --token', ['token:revoke'], /Missing --token/],
    ];

    it.each(cases)('%s: exit code 1, message and usage on stderr, nothing on stdout', (_label, args, message) => {
      const run = cli(database, args);
      expectFailure(run, message);
      expect(run.stderr).toContain('Usage: npm run cli -- <command>');
    });

    it('names every bad configuration variable and exits with 1', () => {
      const run = cli(database, ['migrate'], { DB_TYPE: 'oracle', SITE_URL: 'nowhere' });
      expectFailure(run, /DB_TYPE must be one of sqlite, mysql/);
      expect(run.stderr).toMatch(/SITE_URL must be an absolute http\(s\) URL/);
    });

    it('--help prints the usage on stdout with exit code 0', () => {
      const run = cli(database, ['--help']);
      expect(run.status).toBe(0);
      for (const form of [
        'user:create --name <login> --role <role>',
        'token:create --user <id>',
        'token:revoke --token <token>',
        'user:list',
        'token:list --user <id>',
        'user:role --user <id> --role <role>',
        'user:disable --user <id>',
        'user:enable --user <id>',
        'migrate',
        'seed --events <n>',
      ]) {
        expect(run.stdout).toContain(form);
      }
    });
  });

  // Seeding itself is covered by seed.e2e-spec.ts.
  describe('seed', () => {
    it('validates --events', () => {
      expectFailure(cli(database, ['seed', '--events', 'many']), /--events must be a positive integer/);
    });
  });
});
