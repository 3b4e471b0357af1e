import { ADMIN_TOKEN, bearer, createTestApp, NS, TestApp } from './support/test-app';
import { EventAnswer, importedEvents, upload } from './support/imports';

/** What a round trip must keep of an event (README, Importing calendars). */
function essentials(event: EventAnswer) {
  const venue = event.venue as { venue: string } | [];
  return {
    title: event.title,
    start: event.utc_start_date,
    end: event.utc_end_date,
    wall: [event.start_date, event.end_date],
    all_day: event.all_day,
    timezone: event.timezone,
    recurrence:
      event.recurrence === null ? null : (({ rrule, rdates, exdates }) => ({ rrule, rdates, exdates }))(event.recurrence as never),
    venue: Array.isArray(venue) ? null : venue.venue,
    organizers: (event.organizer as Array<{ organizer: string; email: string }>).map(({ organizer, email }) => [organizer, email]),
    categories: event.categories.map((term) => term.name).sort(),
  };
}

async function everything(t: TestApp) {
  const series = await importedEvents(t, { expand: 'true' });
  return series.map(essentials).sort((a, b) => `${a.start}${a.title}`.localeCompare(`${b.start}${b.title}`));
}

/** This service's own feed, imported into a fresh instance, gives the same events. */
describe('imports: round trip through the iCalendar feed', () => {
  let origin: TestApp;
  let copy: TestApp;
  beforeAll(async () => {
    origin = await createTestApp({ SITE_TIMEZONE: 'Europe/Berlin' });
    copy = await createTestApp();
    const create = async (body: Record<string, unknown>) =>
      (await origin.http.post(`${NS}/events`).set(bearer(ADMIN_TOKEN)).send(body).expect(201)).body as { id: number };
    const hall = { venue: 'Hall A', address: 'Main Street 1', city: 'Berlin', zip: '10115' };
    const society = { organizer: 'Jazz Society', email: 'jazz@example.org' };
    await create({
      title: 'Jazz night',
      start_date: '2027-05-01 20:00',
      end_date: '2027-05-01 23:30',
      timezone: 'Europe/Berlin',
      venue: hall,
      organizer: [society],
      categories: ['Music', 'Jazz'],
    });
    await create({
      title: 'Summer fair',
      start_date: '2027-07-10',
      end_date: '2027-07-12',
      all_day: true,
      timezone: 'Europe/Berlin',
      venue: { venue: 'Park', geo_lat: 52.51, geo_lng: 13.37 },
      categories: ['Fairs'],
    });
    await create({ title: 'Call in UTC', start_date: '2027-06-01 08:00', end_date: '2027-06-01 09:00', timezone: 'UTC' });
    await create({ title: 'Tokyo talk', start_date: '2027-06-02 18:00', end_date: '2027-06-02 19:00', timezone: 'Asia/Tokyo' });
    const series = await create({
      title: 'Yoga',
      start_date: '2027-03-01 19:00',
      end_date: '2027-03-01 20:30',
      timezone: 'Europe/Berlin',
      venue: hall,
      organizer: [society],
      categories: ['Sports'],
      recurrence: { rrule: 'FREQ=WEEKLY;BYDAY=MO,WE;COUNT=8', exdates: ['2027-03-10 19:00'] },
    });
    const listed = await importedEvents(origin, { expand: 'true', recurring_event: String(series.id) });
    await origin.http
      .patch(`${NS}/events/${listed[1].id}`)
      .set(bearer(ADMIN_TOKEN))
      .send({ title: 'Yoga outdoors', start_date: '2027-03-03 18:00', end_date: '2027-03-03 19:00' })
      .expect(200);
    await origin.http.delete(`${NS}/events/${listed[3].id}`).set(bearer(ADMIN_TOKEN)).expect(200);
  });
  afterAll(async () => {
    await origin.close();
    await copy.close();
  });

  it('keeps titles, instants, all-day, zones, series with their exceptions, venues, organizers and categories', async () => {
    const feed = await origin.http.get(`${NS}/events.ics`).query({ start_date: '2027-01-01', end_date: '2028-01-01' }).expect(200);
    // All-day days carry no zone in iCalendar: the source's `timezone` names the one they were written in.
    const res = await upload(copy, feed.text, { timezone: 'Europe/Berlin' }).expect(201);
    expect(res.body.last_report).toMatchObject({ created: 5, skipped: [] });
    expect(await everything(copy)).toEqual(await everything(origin));
  });

  it('imports the same feed again without a write', async () => {
    const feed = await origin.http.get(`${NS}/events.ics`).query({ start_date: '2027-01-01', end_date: '2028-01-01' }).expect(200);
    const { body } = await copy.http.get(`${NS}/imports`).set(bearer(ADMIN_TOKEN)).expect(200);
    const again = await copy.http
      .post(`${NS}/imports/${body.imports[0].id}/run`)
      .set(bearer(ADMIN_TOKEN))
      .set('Content-Type', 'text/calendar')
      .send(feed.text)
      .expect(200);
    expect(again.body.last_report).toMatchObject({ created: 0, updated: 0, unchanged: 5 });
  });
});
