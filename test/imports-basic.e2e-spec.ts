import { ADMIN_TOKEN, bearer, createTestApp, NS, TestApp } from './support/test-app';
import { calendar, IMPORTS, importedEvents, rerun, upload, vevent } from './support/imports';

const FEED = calendar([
  vevent(
    'concert-1@venue.example',
    'Jazz night',
    ';TZID=Europe/Berlin:20270305T200000',
    ';TZID=Europe/Berlin:20270305T230000',
    'LOCATION:Club Tresor',
    'ORGANIZER;CN=Jazz e.V.:mailto:jazz@example.org',
    'CATEGORIES:Music,Jazz',
    'URL:https://jazz.example.org/night',
  ),
  vevent('fair-2@venue.example', 'Book fair', ';VALUE=DATE:20270410', ';VALUE=DATE:20270412', 'LOCATION:Messehalle'),
]);

/** Uploading a calendar creates its events once; running it again unchanged writes nothing. */
describe('imports: upload and re-run', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('creates the events of an upload and answers the source with its report', async () => {
    const res = await upload(t, FEED, { categories: 'Imported' }).expect(201);
    expect(res.headers.location).toMatch(new RegExp(`${IMPORTS}/${res.body.id}$`));
    expect(res.body).toMatchObject({
      url: null,
      name: 'Test feed',
      status: 'publish',
      on_removed: 'trash',
      refresh: null,
      last_error: null,
    });
    expect(res.body.last_report).toEqual({ created: 2, updated: 0, unchanged: 0, removed: 0, skipped: [], overridden: [], kept: [] });
    const events = await importedEvents(t);
    const jazz = events.find((event) => event.title === 'Jazz night');
    expect(jazz).toMatchObject({
      start_date: '2027-03-05 20:00:00',
      timezone: 'Europe/Berlin',
      website: 'https://jazz.example.org/night',
      venue: { venue: 'Club Tresor' },
      import: { id: res.body.id, uid: 'concert-1@venue.example' },
    });
    expect(jazz?.organizer).toMatchObject([{ organizer: 'Jazz e.V.', email: 'jazz@example.org' }]);
    expect(jazz?.categories.map((term: { name: string }) => term.name).sort()).toEqual(['Imported', 'Jazz', 'Music']);
    expect(events.find((event) => event.title === 'Book fair')).toMatchObject({
      all_day: true,
      start_date: '2027-04-10 00:00:00',
      end_date: '2027-04-11 23:59:59',
    });
  });

  it('writes nothing when the same calendar runs again', async () => {
    const { body: list } = await t.http.get(IMPORTS).set(bearer(ADMIN_TOKEN)).expect(200);
    const id = list.imports[0].id as number;
    const before = await importedEvents(t);
    const version = await t.dataSource.query('SELECT SUM(version) AS v FROM data_versions');
    const res = await rerun(t, id, FEED).expect(200);
    expect(res.body.last_report).toMatchObject({ created: 0, updated: 0, unchanged: 2, removed: 0 });
    expect(await t.dataSource.query('SELECT SUM(version) AS v FROM data_versions')).toEqual(version);
    expect((await importedEvents(t)).map((event) => event.modified_utc)).toEqual(before.map((event) => event.modified_utc));
  });

  it('refuses a malformed file naming calendar and the line, and keeps no source', async () => {
    const res = await upload(t, 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:x\r\n').expect(400);
    expect(res.body.code).toBe('rest_invalid_param');
    expect(res.body.data.params.calendar).toMatch(/Line 3/);
    const { body } = await t.http.get(IMPORTS).set(bearer(ADMIN_TOKEN)).expect(200);
    expect(body.total).toBe(1);
  });

  it('imports the good events of a file with bad ones and reports each bad one with its line', async () => {
    const mixed = calendar([
      vevent('good@example.org', 'Good one', ':20270601T100000Z', ':20270601T110000Z'),
      ['UID:no-start@example.org', 'SUMMARY:No start'],
      vevent('hourly@example.org', 'Hourly', ':20270601T100000Z', ':20270601T110000Z', 'RRULE:FREQ=HOURLY;COUNT=3'),
      vevent('orphan@example.org', 'Orphan', ':20270601T100000Z', ':20270601T110000Z', 'RECURRENCE-ID:20270601T100000Z'),
      vevent('weekly@example.org', 'Weekly', ':20270601T100000Z', ':20270601T110000Z', 'RRULE:FREQ=WEEKLY;COUNT=2'),
      vevent('weekly@example.org', 'Not there', ':20270602T100000Z', ':20270602T110000Z', 'RECURRENCE-ID:20270602T100000Z'),
    ]);
    const res = await upload(t, mixed, {}, await t.tokenFor('editor')).expect(201);
    const { created, skipped } = res.body.last_report;
    expect(created).toBe(2);
    expect(skipped.map((entry: { uid: string; reason: string }) => [entry.uid, entry.reason])).toEqual([
      ['no-start@example.org', 'event_missing_start'],
      ['hourly@example.org', 'event_rejected'],
      ['orphan@example.org', 'event_orphan_exception'],
      ['weekly@example.org', 'event_not_an_occurrence'],
    ]);
    expect(skipped[1]).toMatchObject({
      fields: { recurrence: expect.any(Object) },
      message: expect.stringMatching(/^Line 16: .*recurrence/),
    });
  });

  it('hides the import link on the locked view of a password-protected event', async () => {
    const [event] = (await importedEvents(t)).filter((candidate) => candidate.title === 'Good one');
    await t.http.patch(`${NS}/events/${event.id}`).set(bearer(ADMIN_TOKEN)).send({ password: 'secret' }).expect(200);
    const anonymous = await t.http
      .get(`${NS}/events`)
      .query({ include: String(event.id) })
      .expect(200);
    expect(anonymous.body.events[0].import).toBeNull();
    expect((await t.http.get(`${NS}/events/${event.id}`).set(bearer(ADMIN_TOKEN)).expect(200)).body.import).toMatchObject({
      uid: 'good@example.org',
    });
  });

  it('is for editors and administrators', async () => {
    await upload(t, FEED, {}, await t.tokenFor('author')).expect(403);
    await t.http.get(IMPORTS).expect(401);
    await t.http.get(`${NS}/imports/999`).set(bearer(ADMIN_TOKEN)).expect(404);
  });
});
