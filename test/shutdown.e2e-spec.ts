import { EventsRepository } from '@app/domain';
import { INestApplication } from '@nestjs/common';
import { Agent } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { installGracefulShutdown } from '../apps/api/src/lifecycle/graceful-shutdown';
import { EVENTS, eventBody } from './support/events-fixtures';
import { expectApiError } from './support/posts-assertions';
import { ADMIN_TOKEN, bearer, createTestApp, TestApp } from './support/test-app';
import { createTestDatabase, TestDatabase } from './support/test-database';
import { gate } from './support/write-race';

/**
 * Graceful shutdown (README, Concurrent writers, retries and shutdown), driven the way a SIGTERM drives it (`begin`), on a listening app:
 * the process exit is replaced by recording the code. The real signal, under load and with two
 * processes, is exercised by `npm run test:concurrency`.
 */
describe('graceful shutdown', () => {
  let database: TestDatabase;
  let t: TestApp;
  const exits: number[] = [];
  // Kept-alive connections, as a browser or load balancer keeps them.
  const agent = new Agent({ keepAlive: true });

  beforeAll(async () => {
    database = await createTestDatabase();
    t = await createTestApp({}, { database });
  });
  afterAll(async () => {
    agent.destroy();
    if (exits.length === 0) await t.app.close();
    await database.drop();
  });

  const listen = async (app: INestApplication) => {
    await app.listen(0, '127.0.0.1');
    const { port } = (app.getHttpServer() as { address(): AddressInfo }).address();
    const base = request(`http://127.0.0.1:${port}`);
    return {
      get: (path: string) => base.get(path).agent(agent),
      post: (path: string) => base.post(path).agent(agent),
    };
  };

  it('answers /ready 503 at once, finishes the request in flight with Connection: close, then exits 0', async () => {
    const shutdown = installGracefulShutdown(t.app, { timeoutMs: 10_000, signals: [], exit: (code) => exits.push(code) });
    const http = await listen(t.app);
    expect((await http.get('/ready').expect(200)).headers.connection).toBe('keep-alive');

    // A create paused inside its transaction: it is in flight when the shutdown begins.
    const events = t.app.get(EventsRepository);
    const save = events.save.bind(events);
    const reached = gate();
    const resume = gate();
    jest.spyOn(events, 'save').mockImplementationOnce(async (record, db) => {
      reached.open();
      await resume.opened;
      return save(record, db);
    });
    const inFlight = http
      .post(EVENTS)
      .set(bearer(ADMIN_TOKEN))
      .send(eventBody({ title: 'Finished While Stopping' }))
      .then((res) => res);
    await reached.opened;

    const stopping = shutdown.begin('SIGTERM');
    const ready = await http.get('/ready');
    expectApiError(ready, 503, 'rest_unavailable');
    expect(ready.headers['retry-after']).toBe('1');
    expect(ready.headers.connection).toBe('close');
    expect(exits).toEqual([]);

    resume.open();
    const created = await inFlight;
    expect(created.status).toBe(201);
    expect(created.headers.connection).toBe('close');
    await stopping;
    expect(exits).toEqual([0]);
    // Stored before the exit: a new application on the same database finds it.
    const after = await createTestApp({}, { database });
    try {
      expect((await after.http.get(`${EVENTS}/${created.body.id as number}`).expect(200)).body.title).toBe('Finished While Stopping');
      expect((await after.http.get('/ready').expect(200)).body).toEqual({ status: 'ready' });
    } finally {
      await after.close();
    }
  });
});
