import { expectInvalidParams } from './support/events-assertions';
import {
  Body,
  countRows,
  createEvent,
  createOrganizer,
  createVenue,
  listEvents,
  ORGANIZERS,
  patchEvent,
  postEvent,
  VENUES,
} from './support/events-fixtures';
import { utcWall } from './support/events-zones';
import { ADMIN_TOKEN, bearer, createTestApp, TestApp } from './support/test-app';

/*
 * A date followed by a 12-hour time (`2018-01-01 4pm`, `2018-01-01 4:30 pm`), as the plugin reads
 * it, in every date field: event start and end in the event's zone, publication dates in the
 * site's zone (`date`) or UTC (`date_utc`), on create and update, and the list filters.
 */

const SITE_ZONE = 'Australia/Darwin';

describe('dates with a 12-hour time', () => {
  let t: TestApp;
  beforeAll(async () => {
    // A site zone unlike every event zone below: a time read in the wrong zone shows.
    t = await createTestApp({ SITE_TIMEZONE: SITE_ZONE });
  });
  afterAll(async () => t.close());

  const schedule = (event: Body) => [event.timezone, event.start_date, event.end_date, event.utc_start_date, event.utc_end_date];

  it.each([
    ['2018-01-01 4pm', '2018-01-01 5pm', 'Asia/Hong_Kong', '2018-01-01 16:00:00', '2018-01-01 17:00:00'],
    ['2018-01-01 4:30 pm', '2018-01-01 11:45 PM', 'Europe/Rome', '2018-01-01 16:30:00', '2018-01-01 23:45:00'],
    ['2031-07-01 12am', '2031-07-01 12pm', 'America/New_York', '2031-07-01 00:00:00', '2031-07-01 12:00:00'],
    ['2031-07-01 9 a.m.', '2031-07-01 4:05:30pm', 'UTC', '2031-07-01 09:00:00', '2031-07-01 16:05:30'],
  ])('creates an event from %p to %p in %s', async (start, end, zone, startWall, endWall) => {
    const event = await createEvent(t, { start_date: start, end_date: end, timezone: zone });
    expect(schedule(event)).toEqual([zone, startWall, endWall, utcWall(startWall, zone), utcWall(endWall, zone)]);
  });

  it('reads an update in the zone the event already has', async () => {
    const event = await createEvent(t, { start_date: '2031-03-01 10:00', end_date: '2031-03-01 11:00', timezone: 'Asia/Tokyo' });
    const res = await patchEvent(t, event.id, { start_date: '2031-03-02 4pm', end_date: '2031-03-02 6:15 pm' }).expect(200);
    expect(schedule(res.body)).toEqual([
      'Asia/Tokyo',
      '2031-03-02 16:00:00',
      '2031-03-02 18:15:00',
      utcWall('2031-03-02 16:00:00', 'Asia/Tokyo'),
      utcWall('2031-03-02 18:15:00', 'Asia/Tokyo'),
    ]);
  });

  it('reads an update in the zone the same request names', async () => {
    const event = await createEvent(t, { start_date: '2031-03-01 10:00', end_date: '2031-03-01 11:00', timezone: 'Asia/Tokyo' });
    const res = await patchEvent(t, event.id, { timezone: 'Europe/Berlin', start_date: '2031-03-02 8pm', end_date: '2031-03-02 10pm' });
    expect(schedule(res.body)).toEqual([
      'Europe/Berlin',
      '2031-03-02 20:00:00',
      '2031-03-02 22:00:00',
      '2031-03-02 19:00:00',
      '2031-03-02 21:00:00',
    ]);
  });

  it('reads the publication date in the site zone and date_utc in UTC, on events, venues and organizers', async () => {
    const inSite = await createEvent(t, { date: '2020-05-01 4pm' });
    expect([inSite.date, inSite.date_utc]).toEqual(['2020-05-01 16:00:00', utcWall('2020-05-01 16:00:00', SITE_ZONE)]);
    const inUtc = await createEvent(t, { date_utc: '2020-05-01 4:30 pm' });
    expect(inUtc.date_utc).toBe('2020-05-01 16:30:00');

    const venue = await createVenue(t, { venue: 'Twelve-hour Hall', date: '2020-05-01 9am' });
    expect(venue.date).toBe('2020-05-01 09:00:00');
    const organizer = await createOrganizer(t, { organizer: 'Twelve-hour Society', date_utc: '2020-05-01 9pm' });
    expect(organizer.date_utc).toBe('2020-05-01 21:00:00');
    const updated = await t.http.patch(`${VENUES}/${venue.id}`).set(bearer(ADMIN_TOKEN)).send({ date: '2020-05-02 12pm' }).expect(200);
    expect(updated.body.date).toBe('2020-05-02 12:00:00');
    const form = await t.http
      .patch(`${ORGANIZERS}/${organizer.id}`)
      .set(bearer(ADMIN_TOKEN))
      .type('form')
      .send('date_utc=2020-05-03%2011%3A15%20pm')
      .expect(200);
    expect(form.body.date_utc).toBe('2020-05-03 23:15:00');
  });

  it('takes the form in list filters', async () => {
    const early = await createEvent(t, {
      title: 'Filter early',
      start_date: '2032-02-01 9am',
      end_date: '2032-02-01 10am',
      timezone: SITE_ZONE,
    });
    const late = await createEvent(t, {
      title: 'Filter late',
      start_date: '2032-02-01 5pm',
      end_date: '2032-02-01 6pm',
      timezone: SITE_ZONE,
    });
    const res = await listEvents(t, { starts_after: '2032-02-01 12pm', starts_before: '2032-02-02 12am', strict_dates: true }).expect(200);
    const ids = (res.body.events as Body[]).map((event) => event.id);
    expect(ids).toContain(late.id);
    expect(ids).not.toContain(early.id);
  });

  it.each(['2018-01-01 13pm', '2018-01-01 0am', '2018-01-01 4:75pm', '2018-02-30 4pm', '2018-01-01 4 pmx'])(
    'refuses %p, naming the field, and writes nothing',
    async (value) => {
      const before = await countRows(t, 'events');
      expectInvalidParams(await postEvent(t, { start_date: value, end_date: '2031-01-01' }), ['start_date']);
      expectInvalidParams(await postEvent(t, { end_date: value }), ['end_date']);
      expectInvalidParams(await postEvent(t, { date: value }), ['date']);
      expect(await countRows(t, 'events')).toBe(before);
    },
  );
});
