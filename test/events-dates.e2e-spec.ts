import { detailsOf, expectInvalidParams } from './support/events-assertions';
import { countAll, createEvent, getEvent, patchEvent, postEvent, updateEvent } from './support/events-fixtures';
import { offsetOf, utcWall } from './support/events-zones';
import { createTestApp, TestApp } from './support/test-app';

/*
 * Event dates and time zones: the forms a date is written in, the zone it is read in, the site zone.
 */

describe('events: dates and time zones', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const berlinStart = (start_date: unknown) =>
    createEvent(t, { start_date, end_date: '2031-01-06 00:00:00', timezone: 'Europe/Berlin' }).then((e) => [
      e.start_date,
      e.utc_start_date,
    ]);

  it.each([
    ['YYYY-MM-DD HH:MM', '2031-01-05 20:15', '2031-01-05 20:15:00', '2031-01-05 19:15:00'],
    ['YYYY-MM-DD HH:MM:SS', '2031-01-05 20:15:30', '2031-01-05 20:15:30', '2031-01-05 19:15:30'],
    ['YYYY-MM-DD', '2031-01-05', '2031-01-05 00:00:00', '2031-01-04 23:00:00'],
    ['ISO without offset', '2031-01-05T20:15:30', '2031-01-05 20:15:30', '2031-01-05 19:15:30'],
    ['ISO with Z', '2031-01-05T20:15:30Z', '2031-01-05 21:15:30', '2031-01-05 20:15:30'],
    ['ISO with offset', '2031-01-05T20:15:30+05:00', '2031-01-05 16:15:30', '2031-01-05 15:15:30'],
    ['Unix timestamp', Date.UTC(2031, 0, 5, 19, 15, 30) / 1000, '2031-01-05 20:15:30', '2031-01-05 19:15:30'],
    ['Unix timestamp string', String(Date.UTC(2031, 0, 5, 19, 15, 30) / 1000), '2031-01-05 20:15:30', '2031-01-05 19:15:30'],
  ])('reads %s in the request zone (instants are converted to it)', async (_form, input, wall, utc) => {
    expect(await berlinStart(input)).toEqual([wall, utc]);
  });

  it.each(['banana', '2031-02-30 10:00', '2031-13-01', '25:00'])('rejects the start date %p', async (input) => {
    expectInvalidParams(await postEvent(t, { start_date: input, end_date: '2031-01-06' }), ['start_date']);
  });

  it('rejects an unreadable end date and non-string dates', async () => {
    expectInvalidParams(await postEvent(t, { start_date: '2031-01-05', end_date: 'soonish' }), ['end_date']);
    expectInvalidParams(await postEvent(t, { start_date: { at: 1 }, end_date: '2031-01-06' }), ['start_date']);
  });

  it('reads wall times in the request zone, else the record zone', async () => {
    const event = await createEvent(t, { start_date: '2031-01-05 10:00', end_date: '2031-01-05 12:00', timezone: 'Asia/Tokyo' });
    expect([event.utc_start_date, event.utc_end_date]).toEqual(['2031-01-05 01:00:00', '2031-01-05 03:00:00']);
    const recordZone = await updateEvent(t, event.id, { start_date: '2031-01-05 11:00' });
    expect(recordZone).toMatchObject({ timezone: 'Asia/Tokyo', start_date: '2031-01-05 11:00:00', utc_start_date: '2031-01-05 02:00:00' });
    const requestZone = await updateEvent(t, event.id, {
      timezone: 'Europe/Berlin',
      start_date: '2031-01-05 09:00',
      end_date: '2031-01-05 10:00',
    });
    expect(requestZone).toMatchObject({
      timezone: 'Europe/Berlin',
      start_date: '2031-01-05 09:00:00',
      utc_start_date: '2031-01-05 08:00:00',
      utc_end_date: '2031-01-05 09:00:00',
    });
  });

  it.each([
    ['UTC', 'UTC', '2031-07-10 20:00:00'],
    ['UTC+2', 'UTC+2', '2031-07-10 18:00:00'],
    ['UTC-5', 'UTC-5', '2031-07-11 01:00:00'],
    ['Europe/Berlin', 'Europe/Berlin', '2031-07-10 18:00:00'],
    ['America/New_York', 'America/New_York', '2031-07-11 00:00:00'],
    ['Asia/Tokyo', 'Asia/Tokyo', '2031-07-10 11:00:00'],
    ['utc', 'UTC', '2031-07-10 20:00:00'],
    ['UTC+0', 'UTC', '2031-07-10 20:00:00'],
    ['UTC+05:30', 'UTC+5:30', '2031-07-10 14:30:00'],
    ['europe/berlin', 'Europe/Berlin', '2031-07-10 18:00:00'],
  ])('takes the zone %s (summer)', async (input, zone, utc) => {
    const event = await createEvent(t, { start_date: '2031-07-10 20:00', end_date: '2031-07-10 23:00', timezone: input });
    expect([event.timezone, event.start_date, event.utc_start_date]).toEqual([zone, '2031-07-10 20:00:00', utc]);
  });

  it('follows daylight saving time per date', async () => {
    const winter = await createEvent(t, { start_date: '2031-01-10 20:00', end_date: '2031-07-10 20:00', timezone: 'America/New_York' });
    expect([winter.utc_start_date, winter.utc_end_date]).toEqual(['2031-01-11 01:00:00', '2031-07-11 00:00:00']);
    const tokyo = await createEvent(t, { start_date: '2031-01-05 08:00', end_date: '2031-01-05 09:00', timezone: 'Asia/Tokyo' });
    expect(tokyo.utc_start_date_details).toEqual(detailsOf('2031-01-04 23:00:00'));
  });

  it.each(['Mars/Olympus', 'UTC+15', 'not a zone', 'Berlin'])('rejects the zone %p and writes nothing', async (zone) => {
    const before = await countAll(t);
    expectInvalidParams(await postEvent(t, { timezone: zone }), ['timezone']);
    expect(await countAll(t)).toEqual(before);
  });

  it('rejects an invalid zone on update and keeps the event', async () => {
    const event = await createEvent(t, { timezone: 'Europe/Berlin' });
    expectInvalidParams(await patchEvent(t, event.id, { timezone: 'Nowhere/Land', title: 'Changed' }), ['timezone']);
    expect((await getEvent(t, event.id)).body).toMatchObject({ timezone: 'Europe/Berlin', title: event.title });
  });

  it('moves all-day events to whole days, on create and on update', async () => {
    const allDay = await createEvent(t, {
      start_date: '2031-05-01 14:00',
      end_date: '2031-05-02 10:00',
      all_day: true,
      timezone: 'Europe/Berlin',
    });
    expect(allDay).toMatchObject({
      all_day: true,
      start_date: '2031-05-01 00:00:00',
      end_date: '2031-05-02 23:59:59',
      utc_start_date: '2031-04-30 22:00:00',
      utc_end_date: '2031-05-02 21:59:59',
    });
    const timed = await createEvent(t, { start_date: '2031-05-03 14:00', end_date: '2031-05-03 16:00' });
    const updated = await updateEvent(t, timed.id, { all_day: 'true' });
    expect(updated).toMatchObject({ all_day: true, start_date: '2031-05-03 00:00:00', end_date: '2031-05-03 23:59:59' });
  });

  it('rejects an end before the start naming end_date, on create and update', async () => {
    expectInvalidParams(await postEvent(t, { start_date: '2031-05-01 14:00', end_date: '2031-05-01 13:59:59' }), ['end_date']);
    const event = await createEvent(t, { start_date: '2031-05-01 14:00', end_date: '2031-05-01 16:00' });
    expectInvalidParams(await patchEvent(t, event.id, { end_date: '2031-05-01 13:00' }), ['end_date']);
    expectInvalidParams(await patchEvent(t, event.id, { start_date: '2031-05-01 17:00' }), ['end_date']);
    const same = await createEvent(t, { start_date: '2031-05-01 14:00', end_date: '2031-05-01 14:00' });
    expect(same.end_date).toBe('2031-05-01 14:00:00');
    expect((await getEvent(t, event.id)).body).toMatchObject({ start_date: '2031-05-01 14:00:00', end_date: '2031-05-01 16:00:00' });
  });

  it('keeps wall times and moves the UTC instants when only the zone changes', async () => {
    const event = await createEvent(t, { start_date: '2031-01-10 20:00', end_date: '2031-01-10 22:00', timezone: 'Europe/Berlin' });
    const moved = await updateEvent(t, event.id, { timezone: 'America/New_York' });
    expect(moved).toMatchObject({
      timezone: 'America/New_York',
      start_date: '2031-01-10 20:00:00',
      end_date: '2031-01-10 22:00:00',
      utc_start_date: '2031-01-11 01:00:00',
      utc_end_date: '2031-01-11 03:00:00',
    });
    const both = await updateEvent(t, event.id, { timezone: 'Asia/Tokyo', start_date: '2031-01-10 21:00' });
    expect(both).toMatchObject({
      start_date: '2031-01-10 21:00:00',
      end_date: '2031-01-10 22:00:00',
      utc_start_date: '2031-01-10 12:00:00',
      utc_end_date: '2031-01-10 13:00:00',
    });
  });
});

describe('events: site time zone', () => {
  const SITE = 'America/New_York';
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SITE_TIMEZONE: SITE });
  });
  afterAll(async () => t.close());

  it('reads start and end in SITE_TIMEZONE when neither request nor record names a zone', async () => {
    const event = await createEvent(t, { start_date: '2031-01-10 20:00', end_date: '2031-07-10 20:00' });
    expect(event).toMatchObject({
      timezone: SITE,
      start_date: '2031-01-10 20:00:00',
      utc_start_date: utcWall('2031-01-10 20:00:00', SITE),
      utc_end_date: utcWall('2031-07-10 20:00:00', SITE),
    });
    expect(offsetOf('2031-01-10 20:00:00', SITE)).toBe('-05:00');
  });

  it('reads the publication date in SITE_TIMEZONE and date_utc in UTC', async () => {
    const local = await createEvent(t, { date: '2026-01-15 10:00:00' });
    expect([local.date, local.date_utc]).toEqual(['2026-01-15 10:00:00', '2026-01-15 15:00:00']);
    const utc = await createEvent(t, { date_utc: '2026-01-15 10:00:00' });
    expect([utc.date, utc.date_utc]).toEqual(['2026-01-15 05:00:00', '2026-01-15 10:00:00']);
  });
});
