import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { ensureBuilt } from './support/run-cli';
import { freePort, jsonRecords, RunningService, startService } from './support/run-service';
import { createTestDatabase, TestDatabase } from './support/test-database';
import { renameTable } from './support/raw-database';
import { NS } from './support/test-app';

/*
 * The built service started as a user starts it (README, Start-up and logs): a quiet first start that ends with the
 * addresses and shows the administrator token once, one JSON log line per request without secrets,
 * readable lines without colour codes off a terminal, one clear line for a port in use or an
 * unreachable database.
 */

jest.setTimeout(180_000);

/** The escape character that starts every colour code. */
const ANSI = String.fromCharCode(27);
/** `npm start` prints one more line, "Building the service...", when it has to build first. */
const FIRST_START_MAX_LINES = 14;

describe('starting the service', () => {
  let database: TestDatabase;
  let directory: string;
  let service: RunningService | undefined;

  beforeAll(() => ensureBuilt());
  beforeEach(async () => {
    database = await createTestDatabase();
    directory = mkdtempSync(join(tmpdir(), 'calendar-start-'));
  });
  afterEach(async () => {
    await service?.stop();
    service = undefined;
    rmSync(directory, { recursive: true, force: true });
    await database.drop();
  });

  const start = async (env: Record<string, string> = {}) => {
    const port = await freePort();
    service = startService({ cwd: directory, env: { ...database.env, PORT: String(port), ...env } });
    await service.waitForLine(/Health: /);
    return { running: service, http: request(`http://127.0.0.1:${port}`) };
  };

  it('first start: at most 14 lines of JSON (not a terminal), the token once, the addresses last; the token works', async () => {
    const { running, http } = await start();
    const records = jsonRecords(running.lines);
    expect(records).toHaveLength(running.lines.length);
    expect(running.lines.length).toBeLessThanOrEqual(FIRST_START_MAX_LINES);
    expect(running.lines.join('\n')).not.toContain(ANSI);
    expect(running.lines.join('\n')).not.toMatch(/Mapped \{|RoutesResolver|successfully started/);
    const token = records.find((record) => typeof record.admin_token === 'string')?.admin_token as string;
    expect(token).toMatch(/^cal_[\w-]{40,}$/);
    expect(records.map((record) => record.msg).slice(-3)).toEqual([
      expect.stringMatching(/^API: +http:\/\/localhost:\d+\/calendar\/events\/v1$/),
      expect.stringMatching(/^Swagger UI: +http:\/\/localhost:\d+\/docs \(German: http:\/\/localhost:\d+\/de\/docs\)$/),
      expect.stringMatching(/^Health: +http:\/\/localhost:\d+\/health, http:\/\/localhost:\d+\/ready$/),
    ]);
    await http.post(`${NS}/tags`).set('Authorization', `Bearer ${token}`).send({ name: 'First' }).expect(201);
    await running.stop();

    const again = await start();
    expect(again.running.lines.join('\n')).not.toMatch(/cal_|admin_token/);
    expect(again.running.lines.length).toBeLessThanOrEqual(FIRST_START_MAX_LINES - 1);
  });

  it('logs one JSON line per request: method, path without secrets, status, duration, request id and user', async () => {
    const { running, http } = await start({ ADMIN_TOKEN: 'log-test-admin-token-0123456789' });
    const auth = { Authorization: 'Bearer log-test-admin-token-0123456789', Cookie: 'session=cookie-secret' };
    await http
      .get(`/de${NS}/events?search=jazz&password=hunter2&token=query-secret`)
      .set(auth)
      .set('X-Request-Id', 'req-logged-1')
      .expect(200);
    await http.get(`${NS}/events/999999`).set('X-Request-Id', 'req-logged-2').expect(404);
    await http.post(`${NS}/tags`).set(auth).set('X-Request-Id', 'req-logged-3').type('json').send('{"name": ').expect(400);
    await running.waitForLine(/req-logged-3/);

    const byId = (id: string) => jsonRecords(running.lines).find((record) => record.request_id === id);
    expect(byId('req-logged-1')).toMatchObject({
      level: 'info',
      method: 'GET',
      path: `/de${NS}/events?search=jazz&password=[REDACTED]&token=[REDACTED]`,
      status: 200,
      duration_ms: expect.any(Number),
      user_id: 1,
    });
    expect(byId('req-logged-2')).toMatchObject({ method: 'GET', path: `${NS}/events/999999`, status: 404, user_id: null });
    expect(byId('req-logged-3')).toMatchObject({ method: 'POST', status: 400 });
    const everything = running.lines.join('\n');
    for (const secret of ['hunter2', 'query-secret', 'log-test-admin-token', 'cookie-secret', '"name"'])
      expect(everything).not.toContain(secret);
  });

  it('an unexpected failure answers 500 without internals and is logged with its request id', async () => {
    const { running, http } = await start({ ADMIN_TOKEN: 'log-test-admin-token-0123456789' });
    await renameTable(database, 'events', 'events_gone');
    const res = await http.get(`${NS}/events?token=query-secret`).set('X-Request-Id', 'req-failing-1').expect(500);
    expect(res.body).toEqual({ code: 'rest_internal_error', message: expect.any(String), data: { status: 500 } });
    expect(res.headers['x-request-id']).toBe('req-failing-1');
    await running.waitForLine(/req-failing-1.*"status":500/);
    const records = jsonRecords(running.lines).filter((record) => record.request_id === 'req-failing-1');
    expect(records).toEqual([
      expect.objectContaining({ level: 'error', context: 'Errors', err: expect.objectContaining({ stack: expect.any(String) }) }),
      expect.objectContaining({ level: 'error', method: 'GET', path: `${NS}/events?token=[REDACTED]`, status: 500 }),
    ]);
    expect(running.lines.join('\n')).not.toContain('query-secret');
  });

  it('LOG_FORMAT=pretty writes readable lines, the token framed, and no colour codes off a terminal', async () => {
    const { running, http } = await start({ LOG_FORMAT: 'pretty' });
    await http.get(`${NS}/events`).set('X-Request-Id', 'pretty-1').expect(200);
    await running.waitForLine(/GET \/calendar\/events\/v1\/events 200/);
    const text = running.lines.join('\n');
    expect(text).not.toContain(ANSI);
    expect(text).toMatch(/┌─+┐\n│ API token of administrator "admin", shown only this once: +│\n│ cal_/);
    expect(jsonRecords(running.lines)).toEqual([]);
    expect(running.lines.length).toBeLessThanOrEqual(FIRST_START_MAX_LINES + 1);
  });

  it('LOG_LEVEL=debug still shows what the default level leaves out', async () => {
    const { running } = await start({ LOG_LEVEL: 'debug' });
    expect(running.lines.join('\n')).toMatch(/Mapped \{/);
  });

  describe('failures', () => {
    let blocker: Server | undefined;
    afterEach(() => new Promise<void>((resolve) => (blocker ? blocker.close(() => resolve()) : resolve())));

    it('a port in use: one line naming it, exit code 1, nothing claims the service started', async () => {
      const port = await freePort();
      blocker = createServer();
      await new Promise<void>((resolve) => blocker?.listen(port, resolve));
      service = startService({ cwd: directory, env: { ...database.env, PORT: String(port) } });
      expect(await service.exited).toBe(1);
      expect(service.lines.filter((line) => line.trim() !== '')).toEqual([expect.stringContaining(`Port ${port} is already in use`)]);
    });

    it('a DB_SOCKET that does not exist: one line naming it and DB_SOCKET, exit code 1', async () => {
      const socket = join(directory, 'no-server.sock');
      service = startService({
        cwd: directory,
        env: { DB_TYPE: 'mysql', DB_SOCKET: socket, DB_NAME: 'calendar', PORT: '0' },
      });
      expect(await service.exited).toBe(1);
      const lines = service.lines.filter((line) => line.trim() !== '');
      expect(lines).toHaveLength(1);
      expect(String(JSON.parse(lines[0]).msg)).toMatch(
        /^Cannot reach MySQL\/MariaDB at \S+no-server\.sock \([^)]*ENOENT[^)]*\): check DB_SOCKET /,
      );
    });

    it('an unreachable database: one line with host, port and cause after a bounded retry, exit code 1', async () => {
      const port = await freePort();
      service = startService({
        cwd: directory,
        env: { DB_TYPE: 'mysql', DB_HOST: '127.0.0.1', DB_PORT: String(port), DB_NAME: 'calendar', PORT: '0' },
      });
      expect(await service.exited).toBe(1);
      const lines = service.lines.filter((line) => line.trim() !== '');
      expect(lines).toHaveLength(1);
      expect(JSON.parse(lines[0])).toMatchObject({
        level: 'fatal',
        msg: expect.stringMatching(
          new RegExp(`^Cannot reach MySQL/MariaDB at 127\\.0\\.0\\.1:${port} \\(.*ECONNREFUSED.*\\); gave up after 5 attempts`),
        ),
      });
    });
  });
});
