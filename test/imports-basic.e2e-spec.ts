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

  it('is for editors and administrators', async () => {
    await upload(t, FEED, {}, await t.tokenFor('author')).expect(403);
    await t.http.get(IMPORTS).expect(401);
    await t.http.get(`${NS}/imports/999`).set(bearer(ADMIN_TOKEN)).expect(404);
  });
});
