import { ADMIN_TOKEN, bearer, createTestApp, NS, TestApp } from './support/test-app';
import { createEvent, createTerm, createVenue, EVENTS, getEvent, listEvents, postEvent } from './support/events-fixtures';
import { occurrencesOf } from './support/series-fixtures';

/** Recurring events: a series, its occurrences in lists, and the fields every answer carries. */
describe('events: series and their occurrences', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ RECURRENCE_MAX_OCCURRENCES: '400' });
  });
  afterAll(async () => t.close());

  it('creates a weekly series whose occurrences keep their wall-clock time across DST, each with its own ID', async () => {
    const series = await createEvent(t, {
      title: 'Yoga by the river',
      start_date: '2027-03-22 19:00',
      end_date: '2027-03-22 20:30',
      timezone: 'Europe/Berlin',
      recurrence: { rrule: 'FREQ=WEEKLY;BYDAY=MO,WE;COUNT=6', rdates: [], exdates: ['2027-03-29 19:00'] },
    });
    expect(series.recurrence).toEqual({
      rrule: 'FREQ=WEEKLY;COUNT=6;BYDAY=MO,WE',
      rdates: [],
      exdates: ['2027-03-29 19:00:00'],
      text: expect.stringContaining('Monday and Wednesday'),
    });
    expect(series).toMatchObject({
      recurring_event_id: null,
      recurrence_id: null,
      recurrence_id_utc: null,
      start_date: '2027-03-22 19:00:00',
    });

    const res = await occurrencesOf(t, series.id);
    const starts = res.body.events.map((event: { start_date: string }) => event.start_date);
    expect(starts).toEqual([
      '2027-03-22 19:00:00',
      '2027-03-24 19:00:00',
      '2027-03-31 19:00:00',
      '2027-04-05 19:00:00',
      '2027-04-07 19:00:00',
    ]);
    expect(res.body.events.map((event: { utc_start_date: string }) => event.utc_start_date)).toEqual([
      '2027-03-22 18:00:00',
      '2027-03-24 18:00:00',
      '2027-03-31 17:00:00',
      '2027-04-05 17:00:00',
      '2027-04-07 17:00:00',
    ]);
    expect(res.headers['x-tec-total']).toBe('5');
    const ids = res.body.events.map((event: { id: number }) => event.id);
    expect(new Set(ids).size).toBe(5);
    expect(ids).not.toContain(series.id);
    const first = res.body.events[0];
    expect(first).toMatchObject({
      recurring_event_id: series.id,
      recurrence_id: '2027-03-22 19:00:00',
      recurrence_id_utc: '2027-03-22 18:00:00',
      title: 'Yoga by the river',
      slug: series.slug,
      url: expect.stringMatching(new RegExp(`/event/${series.slug}/2027-03-22/$`)),
      rest_url: expect.stringContaining(`/events/${first.id}`),
      end_date: '2027-03-22 20:30:00',
    });
    expect(first.recurrence.rrule).toBe('FREQ=WEEKLY;COUNT=6;BYDAY=MO,WE');

    const one = await getEvent(t, ids[2]).expect(200);
    expect(one.body).toMatchObject({ id: ids[2], recurring_event_id: series.id, recurrence_id: '2027-03-31 19:00:00' });
    const own = await getEvent(t, series.id).expect(200);
    expect(own.body).toMatchObject({ id: series.id, start_date: '2027-03-22 19:00:00', recurring_event_id: null });
  });

  it('describes the rule in German for a German request', async () => {
    const series = await createEvent(t, {
      title: 'Markt',
      start_date: '2027-05-01 08:00',
      end_date: '2027-05-01 13:00',
      recurrence: { rrule: 'FREQ=MONTHLY;BYDAY=1SA;COUNT=3' },
    });
    const res = await t.http.get(`/de${NS}/events/${series.id}`).expect(200);
    expect(res.body.recurrence.text).toMatch(/Jeden Monat|Monat/);
    expect(res.body.recurrence.rdates).toEqual([]);
  });

  it.each([
    [{ rrule: 'FREQ=WEEKLY;COUNT=3;UNTIL=20270101T000000Z' }, /COUNT and UNTIL/],
    [{ rrule: 'FREQ=HOURLY' }, /FREQ=HOURLY/],
    [{ rrule: 'FREQ=DAILY;FOO=1' }, /FOO/],
    [{ rrule: 'FREQ=MONTHLY;BYSETPOS=1' }, /BYSETPOS/],
    [{ rrule: 'FREQ=DAILY;UNTIL=20260101' }, /no occurrence/],
    [{ rrule: 'FREQ=DAILY' }, /more than 400/],
    ['weekly', /null or an object/],
  ])('refuses recurrence %j with a 400 naming recurrence and the reason, writing nothing', async (recurrence, reason) => {
    const before = await t.dataSource.query('SELECT COUNT(*) AS n FROM events');
    const res = await postEvent(t, {
      title: 'Bad series',
      start_date: '2027-01-05 10:00',
      end_date: '2027-01-05 11:00',
      recurrence,
    }).expect(400);
    expect(res.body.code).toBe('rest_invalid_param');
    expect(Object.keys(res.body.data.params)).toEqual(['recurrence']);
    expect(res.body.data.params.recurrence).toMatch(reason);
    const after = await t.dataSource.query('SELECT COUNT(*) AS n FROM events');
    expect(Number(after[0].n)).toBe(Number(before[0].n));
  });

  it('lists occurrences in the default list with exact totals, filters by term and venue, and expand=false lists the series once', async () => {
    const category = await createTerm(t, 'categories', { name: 'Series Cat' });
    const venue = await createVenue(t, { venue: 'Series Hall' });
    const soon = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const series = await createEvent(t, {
      title: 'Daily soon',
      start_date: `${soon} 12:00`,
      end_date: `${soon} 13:00`,
      recurrence: { rrule: 'FREQ=DAILY;COUNT=4' },
      categories: [category.id],
      venue: venue.id,
    });
    const single = await createEvent(t, {
      title: 'Single soon',
      start_date: `${soon} 15:00`,
      end_date: `${soon} 16:00`,
      categories: [category.id],
    });

    const byCategory = await listEvents(t, { categories: category.id }).expect(200);
    expect(byCategory.headers['x-tec-total']).toBe('5');
    expect(byCategory.body.events.filter((event: { recurring_event_id: number }) => event.recurring_event_id === series.id)).toHaveLength(
      4,
    );
    const byVenue = await listEvents(t, { venue: venue.id }).expect(200);
    expect(byVenue.headers['x-tec-total']).toBe('4');

    const collapsed = await listEvents(t, { categories: category.id, expand: false }).expect(200);
    expect(collapsed.headers['x-tec-total']).toBe('2');
    expect(collapsed.body.events.map((event: { id: number }) => event.id)).toEqual([series.id, single.id]);
    expect(collapsed.body.rest_url).toContain('expand=false');

    const byParent = await listEvents(t, { post_parent: series.id }).expect(200);
    expect(byParent.headers['x-tec-total']).toBe('4');

    const term = await t.http.get(`${NS}/categories/${category.id}`).expect(200);
    expect(term.body.count).toBe(2);
  });

  it('refuses recurring_event naming an event that is not a series', async () => {
    const single = await createEvent(t, { title: 'Not a series', start_date: '2027-06-01 10:00', end_date: '2027-06-01 11:00' });
    const res = await listEvents(t, { recurring_event: single.id }).expect(400);
    expect(Object.keys(res.body.data.params)).toEqual(['recurring_event']);
  });

  it('trashes and deletes a series with its occurrences', async () => {
    const series = await createEvent(t, {
      title: 'Short lived',
      start_date: '2027-08-01 10:00',
      end_date: '2027-08-01 11:00',
      recurrence: { rrule: 'FREQ=DAILY;COUNT=3' },
    });
    await t.http.delete(`${EVENTS}/${series.id}`).set(bearer(ADMIN_TOKEN)).expect(200);
    const listed = await listEvents(t, { start_date: '2027-08-01', end_date: '2027-08-05', search: 'Short lived' }, ADMIN_TOKEN).expect(
      200,
    );
    expect(listed.headers['x-tec-total']).toBe('0');
    const trashed = await listEvents(t, { start_date: '2027-08-01', end_date: '2027-08-05', status: 'trash' }, ADMIN_TOKEN).expect(200);
    expect(trashed.body.events.map((event: { recurring_event_id: number }) => event.recurring_event_id)).toEqual([
      series.id,
      series.id,
      series.id,
    ]);
    await t.http.delete(`${EVENTS}/${series.id}`).query({ force: true }).set(bearer(ADMIN_TOKEN)).expect(200);
    const rows = await t.dataSource.query('SELECT COUNT(*) AS n FROM events WHERE recurring_event_id = ?', [series.id]);
    expect(Number(rows[0].n)).toBe(0);
  });
  it('a venue of a series whose first occurrence has ended still has upcoming events (its occurrences count)', async () => {
    const venue = await createVenue(t, { venue: 'Series only venue' });
    const lastWeek = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);
    await createEvent(t, {
      title: 'Running series',
      start_date: `${lastWeek} 10:00`,
      end_date: `${lastWeek} 11:00`,
      venue: venue.id,
      recurrence: { rrule: 'FREQ=WEEKLY;COUNT=5' },
    });
    const upcoming = await t.http.get(`${NS}/venues`).query({ only_with_upcoming: true, search: 'Series only venue' }).expect(200);
    expect(upcoming.body.venues.map((v: { id: number }) => v.id)).toEqual([venue.id]);
    const linked = await t.http.get(`${NS}/venues`).query({ has_events: true, search: 'Series only venue' }).expect(200);
    expect(linked.body.venues.map((v: { id: number }) => v.id)).toEqual([venue.id]);
  });
});
