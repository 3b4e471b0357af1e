import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { ensureBuilt } from './support/run-cli';
import { freePort, RunningService, serviceEnv, startService } from './support/run-service';
import { createTestDatabase, TestDatabase } from './support/test-database';
import { NS } from './support/test-app';

/*
 * docs/api-rules.md, Running it: a `.env` file in the working directory is read at start by the service
 * and by the command-line app; variables set in the environment win over it.
 */

jest.setTimeout(120_000);

const CLI = join(__dirname, '..', 'dist', 'apps', 'cli', 'src', 'main.js');

describe('.env in the working directory', () => {
  let database: TestDatabase;
  let directory: string;
  let service: RunningService | undefined;

  beforeAll(() => ensureBuilt());
  beforeEach(async () => {
    database = await createTestDatabase();
    directory = mkdtempSync(join(tmpdir(), 'calendar-dotenv-'));
  });
  afterEach(async () => {
    await service?.stop();
    service = undefined;
    rmSync(directory, { recursive: true, force: true });
    await database.drop();
  });

  const writeDotEnv = (variables: Record<string, string>) =>
    writeFileSync(
      join(directory, '.env'),
      ['# written by the test', ...Object.entries(variables).map(([name, value]) => `${name}="${value}"`), ''].join('\n'),
    );

  it('configures the service; a variable of the environment beats the same one in .env', async () => {
    const port = await freePort();
    writeDotEnv({
      ...database.env,
      PORT: String(port),
      SITE_URL: 'http://from-dotenv.example',
      ADMIN_TOKEN: 'dotenv-admin-token-0123456789',
    });
    service = startService({ cwd: directory, env: { SITE_URL: 'http://from-environment.example' } });
    await service.waitForLine(new RegExp(`Calendar API listening on port ${port}`));
    const http = request(`http://127.0.0.1:${port}`);
    const created = await http
      .post(`${NS}/events`)
      .set('Authorization', 'Bearer dotenv-admin-token-0123456789')
      .send({ title: 'Configured by .env', start_date: '2031-01-01 10:00', end_date: '2031-01-01 11:00' })
      .expect(201);
    expect(created.body.url).toBe('http://from-environment.example/event/configured-by-env/');
  });

  it('configures the command-line app the same way', async () => {
    writeDotEnv(database.env);
    const run = spawnSync(process.execPath, [CLI, 'user:create', '--name', 'dotenv-editor', '--role', 'editor'], {
      cwd: directory,
      env: serviceEnv({}),
      encoding: 'utf8',
    });
    expect([run.status, run.stderr]).toEqual([0, '']);
    const { token } = JSON.parse(run.stdout) as { token: string };

    // The service on the same database (configured without .env) knows the user the CLI created.
    const port = await freePort();
    const elsewhere = mkdtempSync(join(tmpdir(), 'calendar-no-dotenv-'));
    try {
      service = startService({ cwd: elsewhere, env: { ...database.env, PORT: String(port), ADMIN_TOKEN: 'other-admin-token-0123456789' } });
      await service.waitForLine(/Health: /);
      await request(`http://127.0.0.1:${port}`)
        .post(`${NS}/tags`)
        .set('Authorization', `Bearer ${token}`)
        .send({ name: 'Tagged' })
        .expect(201);
    } finally {
      await service?.stop();
      rmSync(elsewhere, { recursive: true, force: true });
    }
  });
});
