import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { ensureBuilt } from './support/run-cli';
import { freePort, RunningService, startService } from './support/run-service';
import { connectTo, createTestDatabase, TestDatabase } from './support/test-database';
import { NS } from './support/test-app';

/*
 * DB_SOCKET (README, Configuration), MySQL/MariaDB only: the built service reaches the server
 * through its Unix socket. DB_HOST points at a port nothing listens on, so an answer proves the
 * socket was used, for reads and for a write transaction alike.
 */

jest.setTimeout(120_000);

const ADMIN_TOKEN = 'socket-test-admin-token-0123456789abcdef';

describe('DB_SOCKET', () => {
  let database: TestDatabase;
  let directory: string;
  let service: RunningService | undefined;
  let socket: string;

  beforeAll(async () => {
    ensureBuilt();
    database = await createTestDatabase();
    const connection = await connectTo(database);
    const [rows] = await connection.query('SELECT @@socket AS socket');
    await connection.end();
    socket = (rows as Array<{ socket: string }>)[0].socket;
    directory = mkdtempSync(join(tmpdir(), 'calendar-socket-'));
  });
  afterAll(async () => {
    await service?.stop();
    rmSync(directory, { recursive: true, force: true });
    await database.drop();
  });

  it('reads and writes through the socket while DB_HOST and DB_PORT lead nowhere', async () => {
    expect(existsSync(socket)).toBe(true);
    const port = await freePort();
    service = startService({
      cwd: directory,
      env: {
        ...database.env,
        DB_HOST: '127.0.0.1',
        DB_PORT: String(await freePort()),
        DB_SOCKET: socket,
        PORT: String(port),
        ADMIN_TOKEN,
        RATE_LIMIT_WRITES: '0',
      },
    });
    const listening = await service.waitForLine(/listening on port/);
    expect(listening).toContain(`MySQL/MariaDB ${socket}/${database.env.DB_NAME}`);
    const http = request(`http://127.0.0.1:${port}`);

    const created = await http
      .post(`${NS}/events`)
      .set({ Authorization: `Bearer ${ADMIN_TOKEN}` })
      .send({
        status: 'publish',
        title: 'Over the socket',
        start_date: '2027-05-01 10:00:00',
        end_date: '2027-05-01 12:00:00',
        categories: ['Concerts'],
      });
    expect(created.status).toBe(201);
    const list = await http.get(`${NS}/events`).query({ search: 'socket', start_date: '2027-01-01' });
    expect({
      status: list.status,
      total: list.headers['x-tec-total'],
      titles: list.body.events?.map((e: { title: string }) => e.title),
    }).toEqual({
      status: 200,
      total: '1',
      titles: ['Over the socket'],
    });
    expect((await http.get('/ready')).status).toBe(200);
  });
});
