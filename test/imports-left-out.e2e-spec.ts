import { calendar, IMPORTS, importedEvents, upload, vevent } from './support/imports';
import { ADMIN_TOKEN, bearer, createTestApp, NS, TestApp } from './support/test-app';

/**
 * What an import does not take, reported rather than dropped in silence (README, Importing
 * calendars): a `RANGE=THISANDFUTURE` change of a series, and RRULEs after an event's first.
 */
describe('imports: what is left out is reported', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  /** Uploads the feed and expects its report to say: one event created, and this one part skipped, with a message that says why. */
  async function expectOneCreatedOneSkipped(feed: string, skipped: { uid: string; line: number; reason: string }, message: RegExp) {
    const res = await upload(t, feed).expect(201);
    expect(res.body.last_report).toMatchObject({ created: 1, skipped: [skipped] });
    expect(res.body.last_report.skipped[0].message).toMatch(message);
  }

  it('skips a THISANDFUTURE exception with its line and keeps the series as it was', async () => {
    const feed = calendar([
      vevent('club@example.org', 'Book club', ':20270104T180000Z', ':20270104T190000Z', 'RRULE:FREQ=WEEKLY;COUNT=4'),
      vevent(
        'club@example.org',
        'Book club (new room)',
        ':20270111T190000Z',
        ':20270111T200000Z',
        'RECURRENCE-ID;RANGE=THISANDFUTURE:20270111T180000Z',
      ),
    ]);
    await expectOneCreatedOneSkipped(
      feed,
      { uid: 'club@example.org', line: 13, reason: 'event_this_and_future' },
      /^Line 13: .*THISANDFUTURE/,
    );
    const [series] = await importedEvents(t);
    const { body } = await t.http
      .get(`${NS}/events`)
      .query({ start_date: '2027-01-01', end_date: '2027-02-01', expand: 'true' })
      .set(bearer(ADMIN_TOKEN))
      .expect(200);
    const occurrences = (body.events as Array<{ title: string; start_date: string }>).filter((event) =>
      event.title.startsWith('Book club'),
    );
    expect(occurrences.map((event) => [event.title, event.start_date])).toEqual([
      ['Book club', '2027-01-04 18:00:00'],
      ['Book club', '2027-01-11 18:00:00'],
      ['Book club', '2027-01-18 18:00:00'],
      ['Book club', '2027-01-25 18:00:00'],
    ]);
    expect(series.title).toBe('Book club');
  });

  it('imports an event with two RRULEs by its first and reports the rest', async () => {
    const feed = calendar([
      vevent(
        'twice@example.org',
        'Twice a week',
        ':20270301T100000Z',
        ':20270301T110000Z',
        'RRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=2',
        'RRULE:FREQ=WEEKLY;BYDAY=TH;COUNT=2',
      ),
    ]);
    await expectOneCreatedOneSkipped(feed, { uid: 'twice@example.org', line: 5, reason: 'event_extra_rrule' }, /more than one RRULE/);
    const series = (await importedEvents(t)).find((event) => event.title === 'Twice a week');
    expect(series?.recurrence).toMatchObject({ rrule: 'FREQ=WEEKLY;COUNT=2;BYDAY=MO' });
  });

  it('names only url when a URL with another scheme comes with a refresh', async () => {
    const res = await t.http
      .post(IMPORTS)
      .set(bearer(ADMIN_TOKEN))
      .send({ url: 'ftp://files.example.org/events.ics', refresh: 'PT1H' })
      .expect(400);
    expect(Object.keys(res.body.data.params)).toEqual(['url']);
  });
});
