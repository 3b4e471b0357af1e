import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { ensureBuilt } from './support/run-cli';
import { freePort, jsonRecords, RunningService, startService } from './support/run-service';
import { TcpProxy } from './support/tcp-proxy';
import { createTestDatabase, TestDatabase } from './support/test-database';
import { NS } from './support/test-app';

/*
 * Losing the database node (README, Running on a cluster), MySQL/MariaDB only: the built service talks to the server
 * through a relay the test cuts and restores, a stand-in for a cluster node killed and restarted.
 * While it is gone every route that needs the database answers 503 rest_unavailable with
 * Retry-After (never 500), and the service recovers by itself once it is back. With several hosts
 * in DB_HOST the service moves to the next one and keeps answering.
 */

jest.setTimeout(180_000);

type Http = ReturnType<typeof request>;

const ADMIN_TOKEN = 'outage-test-admin-token-0123456789abcdef';
const auth = { Authorization: `Bearer ${ADMIN_TOKEN}` };
const newEvent = (title: string) => ({ title, start_date: '2030-05-01 10:00:00', end_date: '2030-05-01 12:00:00' });

/** Every kind of request that needs the database: lists, single records, terms, a write, the probe. */
const DATABASE_ROUTES = [
  { name: '/ready', send: (http: Http) => http.get('/ready') },
  { name: 'event list', send: (http: Http) => http.get(`${NS}/events`) },
  { name: 'one event', send: (http: Http) => http.get(`${NS}/events/1`) },
  { name: 'categories', send: (http: Http) => http.get(`${NS}/categories`) },
  { name: 'create event', send: (http: Http) => http.post(`${NS}/events`).set(auth).send(newEvent('During')) },
];

const until = async (what: string, timeoutMs: number, check: () => Promise<boolean>): Promise<number> => {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (await check()) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${what}: not within ${timeoutMs} ms`);
};

describe('losing the database node', () => {
  let database: TestDatabase;
  let directory: string;
  let proxy: TcpProxy;
  let service: RunningService | undefined;

  beforeAll(() => ensureBuilt());
  beforeEach(async () => {
    database = await createTestDatabase();
    directory = mkdtempSync(join(tmpdir(), 'calendar-outage-'));
    proxy = new TcpProxy(database.env.DB_HOST, Number(database.env.DB_PORT));
    await proxy.open();
  });
  afterEach(async () => {
    await service?.stop();
    service = undefined;
    await proxy.cut();
    rmSync(directory, { recursive: true, force: true });
    await database.drop();
  });

  const start = async (dbHost: string) => {
    const port = await freePort();
    service = startService({
      cwd: directory,
      env: { ...database.env, DB_HOST: dbHost, PORT: String(port), ADMIN_TOKEN, LOG_FORMAT: 'json', RATE_LIMIT_WRITES: '0' },
    });
    await service.waitForLine(/Health: /);
    return request(`http://127.0.0.1:${port}`);
  };

  it('its only node lost: 503 rest_unavailable with Retry-After on every database route, never 500; back by itself', async () => {
    const http = await start(`127.0.0.1:${proxy.port}`);
    const before = await http.post(`${NS}/events`).set(auth).send(newEvent('Before'));
    expect(before.status).toBe(201);

    await proxy.cut();
    for (const route of DATABASE_ROUTES) {
      const res = await route.send(http);
      expect({ route: route.name, status: res.status, code: res.body.code }).toEqual({
        route: route.name,
        status: 503,
        code: 'rest_unavailable',
      });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    // Routes that need no database keep answering.
    expect((await http.get('/health')).status).toBe(200);

    await proxy.open();
    await until('ready again', 30_000, async () => (await http.get('/ready')).status === 200);
    expect((await http.get(`${NS}/events/${before.body.id}`)).status).toBe(200);
    expect((await http.post(`${NS}/events`).set(auth).send(newEvent('After'))).status).toBe(201);
    // The lost node is reported as a warning with its cause, not as an unexpected error.
    const records = jsonRecords(service?.lines ?? []);
    expect(
      records.some(
        (r) => r.level === 'warn' && /database is unavailable \((?:ECONNREFUSED|PROTOCOL_CONNECTION_LOST|ECONNRESET)\)/.test(String(r.msg)),
      ),
    ).toBe(true);
    expect(records.filter((r) => /rest_internal_error|unexpected error/i.test(JSON.stringify(r)))).toEqual([]);
  });

  it('DB_HOST with two nodes: the first lost, the service keeps answering through the second and returns to the first', async () => {
    const direct = `${database.env.DB_HOST}:${database.env.DB_PORT}`;
    const http = await start(`127.0.0.1:${proxy.port},${direct}`);
    const relayedAtStart = proxy.connections;
    expect(relayedAtStart).toBeGreaterThan(0);

    await proxy.cut();
    for (let i = 0; i < 5; i++) {
      const created = await http
        .post(`${NS}/events`)
        .set(auth)
        .send(newEvent(`Failover ${i}`));
      expect(created.status).toBe(201);
      const read = await http.get(`${NS}/events/${created.body.id}`);
      expect({ status: read.status, title: read.body.title }).toEqual({ status: 200, title: `Failover ${i}` });
    }
    expect((await http.get('/ready')).status).toBe(200);

    await proxy.open();
    const relayedBefore = proxy.connections;
    // The first node is tried again a few seconds after it was lost; new connections go to it.
    await until('connections through the first node again', 30_000, async () => {
      await Promise.all(Array.from({ length: 12 }, () => http.get(`${NS}/events`).expect(200)));
      return proxy.connections > relayedBefore;
    });
  });
});
