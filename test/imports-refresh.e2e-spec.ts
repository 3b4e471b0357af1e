import { ImportRefreshScheduler } from '../apps/api/src/imports/refresh/import-refresh.scheduler';
import { FeedServer, startFeedServer } from './support/feed-server';
import { dataVersion, FeedEvent, importedRows, makeDue, feedOf } from './support/import-feeds';
import { ADMIN_TOKEN, bearer, createTestApp, NS, TestApp } from './support/test-app';
import { waitUntil } from './support/write-race';

/*
 * Scheduled refresh of subscribed calendars (README, Importing calendars): due sources are
 * fetched with conditional requests; a 304 writes no event and raises no data version; a changed
 * feed updates, creates and removes events as a manual run does.
 */

const CONCERT: FeedEvent = { uid: 'concert@stadt.example', summary: 'Konzert', start: '20270305T200000' };
const MARKET: FeedEvent = { uid: 'market@stadt.example', summary: 'Wochenmarkt', start: '20270302T080000', rrule: 'FREQ=WEEKLY;COUNT=6' };
const MARKET_MOVED: FeedEvent = {
  ...MARKET,
  rrule: undefined,
  recurrenceId: '20270309T080000',
  start: '20270310T090000',
  summary: 'Wochenmarkt (Mittwoch)',
};
const READING: FeedEvent = { uid: 'reading@stadt.example', summary: 'Lesung', start: '20270320T190000' };
const TOUR: FeedEvent = { uid: 'tour@stadt.example', summary: 'Stadtführung', start: '20270404T110000' };

describe('scheduled refresh of import sources', () => {
  let feeds: FeedServer;
  let app: TestApp;
  let scheduler: ImportRefreshScheduler;
  let sourceId: number;

  const source = async () => (await app.http.get(`${NS}/imports/${sourceId}`).set(bearer(ADMIN_TOKEN))).body;

  beforeAll(async () => {
    feeds = await startFeedServer();
    feeds.publish('/programme.ics', feedOf([CONCERT, MARKET, MARKET_MOVED, READING]));
    app = await createTestApp({ IMPORT_ALLOWED_HOSTS: `127.0.0.1:${feeds.port}` });
    scheduler = app.app.get(ImportRefreshScheduler);
    const created = await app.http
      .post(`${NS}/imports`)
      .set(bearer(ADMIN_TOKEN))
      .send({ url: feeds.url('/programme.ics'), refresh: 'PT15M' });
    expect(created.status).toBe(201);
    expect(created.body.last_report).toEqual(expect.objectContaining({ created: 3, updated: 0, removed: 0, skipped: [] }));
    sourceId = created.body.id;
  });

  afterAll(async () => {
    await app?.close();
    await feeds?.close();
  });

  it('a source that is not due yet is left alone, and a look that finds nothing due writes nothing (not even the lease)', async () => {
    const before = feeds.requests.length;
    const version = await dataVersion(app);
    expect(await scheduler.check()).toEqual({ leaseHeld: false, ran: [], failed: [] });
    expect(feeds.requests.length).toBe(before);
    expect(await dataVersion(app)).toBe(version);
    expect(await app.dataSource.query('SELECT name FROM leases')).toEqual([]);
  });

  it('an unchanged feed answers 304 to the conditional request: no event written, no new data version, next run moved ahead', async () => {
    const version = await dataVersion(app);
    const rows = await importedRows(app, sourceId);
    const firstEtag = feeds.requests[feeds.requests.length - 1];
    expect(firstEtag.ifNoneMatch).toBeUndefined();
    await makeDue(app);

    expect(await scheduler.check()).toEqual({ leaseHeld: true, ran: [sourceId], failed: [] });
    const refresh = feeds.requests[feeds.requests.length - 1];
    expect(refresh.path).toBe('/programme.ics');
    expect(refresh.ifNoneMatch).toMatch(/^"[0-9a-f]{16}"$/);
    expect(refresh.ifModifiedSince).toBeDefined();
    expect(await dataVersion(app)).toBe(version);
    expect(await importedRows(app, sourceId)).toEqual(rows);

    const after = await source();
    expect(after.last_error).toBeNull();
    expect(after.last_report).toEqual(expect.objectContaining({ created: 0, updated: 0, unchanged: 3, removed: 0 }));
    expect(Date.parse(`${after.next_run_utc}Z`)).toBeGreaterThan(Date.now() + 14 * 60_000);
    expect(await scheduler.check()).toEqual({ leaseHeld: false, ran: [], failed: [] });
  });

  it('a feed changed between refreshes: changed events updated, new ones created, vanished ones trashed', async () => {
    const retitled = { ...CONCERT, summary: 'Konzert (verlegt)', sequence: 1 };
    const movedAgain = { ...MARKET_MOVED, summary: 'Wochenmarkt (Donnerstag)', start: '20270311T090000', sequence: 1 };
    feeds.publish('/programme.ics', feedOf([retitled, MARKET, movedAgain, TOUR]));
    const version = await dataVersion(app);
    await makeDue(app);

    expect((await scheduler.check()).ran).toEqual([sourceId]);
    expect(feeds.requests[feeds.requests.length - 1].ifNoneMatch).toBeDefined();
    expect((await source()).last_report).toEqual(expect.objectContaining({ created: 1, updated: 2, unchanged: 0, removed: 1 }));
    expect(await dataVersion(app)).toBeGreaterThan(version);

    const rows = await importedRows(app, sourceId);
    expect(rows.get(CONCERT.uid)).toEqual(expect.objectContaining({ title: 'Konzert (verlegt)', status: 'publish' }));
    expect(rows.get(READING.uid)).toEqual(expect.objectContaining({ status: 'trash' }));
    expect(rows.get(TOUR.uid)).toEqual(expect.objectContaining({ title: 'Stadtführung', status: 'publish' }));
    const titles = [...rows.values()].map((row) => row.title);
    expect(titles).toContain('Wochenmarkt (Donnerstag)');
    expect(titles).not.toContain('Wochenmarkt (Mittwoch)');

    const listed = await app.http.get(`${NS}/events`).query({ start_date: '2027-03-01', end_date: '2027-04-30', per_page: 50 });
    const listedTitles = listed.body.events.map((event: { title: string }) => event.title);
    expect(listedTitles).toEqual(expect.arrayContaining(['Konzert (verlegt)', 'Stadtführung', 'Wochenmarkt (Donnerstag)']));
    expect(listedTitles).not.toContain('Lesung');
  });

  it('a feed that fails is reported on the source and retried in its next period, not at once', async () => {
    feeds.redirect('/programme.ics', 'http://10.0.0.1/programme.ics');
    await makeDue(app);
    const check = await scheduler.check();
    expect(check.ran.length + check.failed.length).toBe(1);
    expect((await source()).last_error).toEqual(expect.objectContaining({ code: 'fetch_address_refused' }));
    const requests = feeds.count('/programme.ics');
    expect(await scheduler.check()).toEqual({ leaseHeld: false, ran: [], failed: [] });
    expect(feeds.count('/programme.ics')).toBe(requests);
  });

  it('with IMPORT_REFRESH_CHECK_SECONDS set, an instance refreshes due sources by itself, and closes without waiting for its timer', async () => {
    feeds.publish('/timer.ics', feedOf([TOUR]));
    const timed = await createTestApp({ IMPORT_ALLOWED_HOSTS: `127.0.0.1:${feeds.port}`, IMPORT_REFRESH_CHECK_SECONDS: '1' });
    try {
      const created = await timed.http
        .post(`${NS}/imports`)
        .set(bearer(ADMIN_TOKEN))
        .send({ url: feeds.url('/timer.ics'), refresh: 'PT15M' });
      expect(created.status).toBe(201);
      await makeDue(timed);
      await waitUntil(() => feeds.count('/timer.ics') === 2, 'the timer fetched the feed');
      // The fetch comes before the run is recorded on the source: read until it is.
      let refreshed = created.body;
      for (let read = 0; read < 100 && refreshed.last_report.unchanged !== 1; read++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        refreshed = (await timed.http.get(`${NS}/imports/${created.body.id}`).set(bearer(ADMIN_TOKEN))).body;
      }
      expect(refreshed.last_report).toEqual(expect.objectContaining({ created: 0, unchanged: 1 }));
    } finally {
      await timed.close();
    }
  });
});
