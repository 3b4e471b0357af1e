import ICAL from 'ical.js';
import { ADMIN_TOKEN, bearer, createTestApp, NS, TestApp } from './support/test-app';
import { createEvent, EVENTS, listEvents } from './support/events-fixtures';

/** Series in calendar feeds: one VEVENT with its rule and its exceptions, or one per occurrence with expand=true. */
describe('events: series in iCalendar feeds', () => {
  let t: TestApp;
  let seriesId: number;
  let listed: Array<{ id: number; utc_start_date: string; title: string }>;

  beforeAll(async () => {
    t = await createTestApp();
    const series = await createEvent(t, {
      title: 'Feed class',
      start_date: '2027-03-15 19:00',
      end_date: '2027-03-15 20:00',
      timezone: 'Europe/Berlin',
      recurrence: { rrule: 'FREQ=WEEKLY;BYDAY=MO;COUNT=6', exdates: ['2027-03-29 19:00'] },
    });
    seriesId = series.id;
    const query = { recurring_event: seriesId, start_date: '2027-01-01', end_date: '2027-12-31' };
    const first = (await listEvents(t, query).expect(200)).body.events as Array<{ id: number }>;
    await t.http
      .patch(`${EVENTS}/${first[2].id}`)
      .set(bearer(ADMIN_TOKEN))
      .send({ title: 'Moved class', start_date: '2027-04-06 18:00', end_date: '2027-04-06 19:00' })
      .expect(200);
    listed = (await listEvents(t, query).expect(200)).body.events;
  });
  afterAll(async () => t.close());

  const utc = (date: Date) => date.toISOString().slice(0, 19).replace('T', ' ');

  it('writes a series as one VEVENT with RRULE and EXDATE, an exception with RECURRENCE-ID, and a VTIMEZONE; a parser expands it to the JSON list', async () => {
    const res = await t.http.get(`${NS}/events/${seriesId}.ics`).expect(200);
    const calendar = new ICAL.Component(ICAL.parse(res.text));
    const zones = calendar.getAllSubcomponents('vtimezone');
    expect(zones.map((zone) => zone.getFirstPropertyValue('tzid'))).toEqual(['Europe/Berlin']);
    for (const zone of zones) ICAL.TimezoneService.register(new ICAL.Timezone(zone));
    const vevents = calendar.getAllSubcomponents('vevent');
    expect(vevents).toHaveLength(2);
    const master = vevents.find((vevent) => !vevent.hasProperty('recurrence-id')) as ICAL.Component;
    const exception = vevents.find((vevent) => vevent.hasProperty('recurrence-id')) as ICAL.Component;
    expect(String(master.getFirstPropertyValue('rrule'))).toContain('FREQ=WEEKLY');
    expect(res.text).toContain('EXDATE;TZID=Europe/Berlin:20270329T190000');
    expect(exception.getFirstPropertyValue('uid')).toBe(master.getFirstPropertyValue('uid'));
    expect(res.text).toContain('RECURRENCE-ID;TZID=Europe/Berlin:20270405T190000');

    const event = new ICAL.Event(master);
    event.relateException(new ICAL.Event(exception));
    const iterator = event.iterator();
    const expanded: Array<[string, string]> = [];
    for (let next = iterator.next(); next && expanded.length < 20; next = iterator.next()) {
      const details = event.getOccurrenceDetails(next);
      expanded.push([utc(details.startDate.toJSDate()), details.item.summary]);
    }
    expect(expanded).toEqual(listed.map((occurrence) => [occurrence.utc_start_date, occurrence.title]));
  });

  it('a list feed holds the series once; expand=true gives one VEVENT per occurrence with UIDs that stay', async () => {
    const query = { start_date: '2027-03-01', end_date: '2027-05-31', search: 'class' };
    const collapsed = await t.http.get(`${NS}/events.ics`).query(query).expect(200);
    expect(collapsed.text.match(/^RRULE:/gm)).toHaveLength(1);
    const uidsOf = (text: string) => text.match(/^UID:.*$/gm) ?? [];
    const expanded = await t.http
      .get(`${NS}/events.ics`)
      .query({ ...query, expand: true })
      .expect(200);
    expect(expanded.text).not.toMatch(/^RRULE:/m);
    expect(uidsOf(expanded.text)).toHaveLength(listed.length);
    expect(new Set(uidsOf(expanded.text)).size).toBe(listed.length);
    const again = await t.http
      .get(`${NS}/events.ics`)
      .query({ ...query, expand: true })
      .expect(200);
    expect(uidsOf(again.text)).toEqual(uidsOf(expanded.text));
  });
});
