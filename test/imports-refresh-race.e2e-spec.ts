import { ImportRefreshScheduler, IMPORT_REFRESH_LEASE } from '../apps/api/src/imports/refresh/import-refresh.scheduler';
import { FeedServer, startFeedServer } from './support/feed-server';
import { FeedEvent, makeDue, feedOf } from './support/import-feeds';
import { ADMIN_TOKEN, bearer, createTestApp, NS, TestApp } from './support/test-app';
import { createTestDatabase, TestDatabase } from './support/test-database';

/*
 * Several instances on one database (README, Importing calendars): each looks for due sources on
 * its own timer, and exactly one of them runs a due source, whatever the number of instances and
 * however their looks coincide.
 */

const event = (n: number): FeedEvent => ({
  uid: `event-${n}@race.example`,
  summary: `Veranstaltung ${n}`,
  start: `202705${String(n + 1).padStart(2, '0')}T180000`,
});

describe('two instances racing for one due source', () => {
  let feeds: FeedServer;
  let database: TestDatabase;
  let instances: TestApp[];
  let schedulers: ImportRefreshScheduler[];
  let sourceId: number;

  beforeAll(async () => {
    feeds = await startFeedServer();
    feeds.publish('/race.ics', feedOf([event(1), event(2)]));
    database = await createTestDatabase();
    const env = { IMPORT_ALLOWED_HOSTS: `127.0.0.1:${feeds.port}` };
    instances = [await createTestApp(env, { database }), await createTestApp(env, { database })];
    schedulers = instances.map((instance) => instance.app.get(ImportRefreshScheduler));
    const created = await instances[0].http
      .post(`${NS}/imports`)
      .set(bearer(ADMIN_TOKEN))
      .send({ url: feeds.url('/race.ics'), refresh: 'PT1H' });
    expect(created.status).toBe(201);
    sourceId = created.body.id;
  });

  afterAll(async () => {
    for (const instance of instances ?? []) await instance.close();
    await database?.drop();
    await feeds?.close();
  });

  it('both look at once, round after round: each round the source runs once, fetched once', async () => {
    for (let round = 1; round <= 6; round++) {
      if (round % 2 === 0) feeds.publish('/race.ics', feedOf([event(1), event(2), event(round + 2)]));
      await makeDue(instances[0]);
      const before = feeds.count('/race.ics');
      const checks = await Promise.all([schedulers[0].check(), schedulers[1].check(), schedulers[1].check(), schedulers[0].check()]);
      const runs = checks.flatMap((check) => check.ran);
      // A scheduler asked twice at once shares one check, so the same run can appear twice in `checks`.
      expect(new Set(runs)).toEqual(new Set([sourceId]));
      expect(feeds.count('/race.ics') - before).toBe(1);
    }
  });

  it('a lease held by an instance that stopped renewing is taken over after its expiry, and the source still runs once', async () => {
    await instances[0].dataSource.query('INSERT INTO leases (name, holder, expires_at) VALUES (?, ?, ?)', [
      IMPORT_REFRESH_LEASE,
      'killed-instance',
      '2000-01-01 00:00:00.000',
    ]);
    await makeDue(instances[0]);
    const before = feeds.count('/race.ics');
    const checks = await Promise.all(schedulers.map((scheduler) => scheduler.check()));
    expect(checks.flatMap((check) => check.ran)).toEqual([sourceId]);
    expect(feeds.count('/race.ics') - before).toBe(1);
  });

  it('while another instance holds the lease, a look finds nothing to do', async () => {
    await instances[0].dataSource.query('DELETE FROM leases WHERE name = ?', [IMPORT_REFRESH_LEASE]);
    await instances[0].dataSource.query('INSERT INTO leases (name, holder, expires_at) VALUES (?, ?, ?)', [
      IMPORT_REFRESH_LEASE,
      'busy-instance',
      '2999-01-01 00:00:00.000',
    ]);
    await makeDue(instances[0]);
    const before = feeds.count('/race.ics');
    expect(await Promise.all(schedulers.map((scheduler) => scheduler.check()))).toEqual([
      { leaseHeld: false, ran: [], failed: [] },
      { leaseHeld: false, ran: [], failed: [] },
    ]);
    expect(feeds.count('/race.ics')).toBe(before);
    await instances[0].dataSource.query('DELETE FROM leases WHERE name = ?', [IMPORT_REFRESH_LEASE]);
  });
});
