import { ADMIN_TOKEN, bearer, createTestApp, TestApp } from './support/test-app';
import { createEvent, EVENTS, getEvent, patchEvent, postEvent } from './support/events-fixtures';
import { occurrencesOf, weeklySeries } from './support/series-fixtures';

type Listed = { id: number; start_date: string; end_date: string; utc_start_date: string; title: string };

/** Recurring events: how rules are read (RRULE:, UNTIL, RDATE, DST, all-day), a rule removed or changed, and an occurrence's rights. */
describe('events: series rules and rights', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ RECURRENCE_MAX_OCCURRENCES: '400' });
  });
  afterAll(async () => t.close());

  const listed = async (id: number) => (await occurrencesOf(t, id)).body.events as Listed[];

  it('accepts a leading RRULE:, extra starts (rdates) and cancelled ones (exdates) in any accepted date format', async () => {
    const series = await createEvent(t, {
      title: 'Rule forms',
      start_date: '2027-06-07 10:00',
      end_date: '2027-06-07 11:00',
      timezone: 'Europe/Berlin',
      recurrence: { rrule: 'RRULE:FREQ=WEEKLY;COUNT=3', rdates: ['2027-06-10 10:00'], exdates: ['2027-06-14T10:00'] },
    });
    expect(series.recurrence).toMatchObject({
      rrule: 'FREQ=WEEKLY;COUNT=3',
      rdates: ['2027-06-10 10:00:00'],
      exdates: ['2027-06-14 10:00:00'],
    });
    expect((await listed(series.id)).map((event) => event.start_date)).toEqual([
      '2027-06-07 10:00:00',
      '2027-06-10 10:00:00',
      '2027-06-21 10:00:00',
    ]);
  });

  it.each([
    ['a date (the end of that day in the zone)', 'FREQ=DAILY;UNTIL=20270305', 'UNTIL=20270305T225959Z', '2027-03-05 19:00:00'],
    ['a local date-time', 'FREQ=DAILY;UNTIL=20270304T190000', 'UNTIL=20270304T180000Z', '2027-03-04 19:00:00'],
    ['UTC', 'FREQ=DAILY;UNTIL=20270303T180000Z', 'UNTIL=20270303T180000Z', '2027-03-03 19:00:00'],
  ])('reads UNTIL given as %s in the event zone and returns it in UTC', async (_how, rrule, stored, last) => {
    const series = await createEvent(t, {
      title: 'Until forms',
      start_date: '2027-03-01 19:00',
      end_date: '2027-03-01 20:00',
      timezone: 'Europe/Berlin',
      recurrence: { rrule },
    });
    expect((series.recurrence as { rrule: string }).rrule).toContain(stored);
    const starts = (await listed(series.id)).map((event) => event.start_date);
    expect(starts[0]).toBe('2027-03-01 19:00:00');
    expect(starts[starts.length - 1]).toBe(last);
  });

  it('moves a start inside a DST gap forward by the gap and takes the earlier instant of an ambiguous one (Europe/Berlin)', async () => {
    const spring = await createEvent(t, {
      title: 'Night shift spring',
      start_date: '2027-03-27 02:30',
      end_date: '2027-03-27 02:45',
      timezone: 'Europe/Berlin',
      recurrence: { rrule: 'FREQ=DAILY;COUNT=3' },
    });
    expect((await listed(spring.id)).map((event) => [event.start_date, event.utc_start_date])).toEqual([
      ['2027-03-27 02:30:00', '2027-03-27 01:30:00'],
      ['2027-03-28 03:30:00', '2027-03-28 01:30:00'],
      ['2027-03-29 02:30:00', '2027-03-29 00:30:00'],
    ]);
    const autumn = await createEvent(t, {
      title: 'Night shift autumn',
      start_date: '2027-10-30 02:30',
      end_date: '2027-10-30 02:45',
      timezone: 'Europe/Berlin',
      recurrence: { rrule: 'FREQ=DAILY;COUNT=3' },
    });
    expect((await listed(autumn.id)).map((event) => event.utc_start_date)).toEqual([
      '2027-10-30 00:30:00',
      '2027-10-31 00:30:00',
      '2027-11-01 01:30:00',
    ]);
  });

  it('recurs an all-day series by date', async () => {
    const series = await createEvent(t, {
      title: 'Market day',
      start_date: '2027-06-01',
      end_date: '2027-06-01',
      all_day: true,
      timezone: 'America/New_York',
      recurrence: { rrule: 'FREQ=WEEKLY;COUNT=3' },
    });
    expect((await listed(series.id)).map((event) => [event.start_date, event.end_date])).toEqual([
      ['2027-06-01 00:00:00', '2027-06-01 23:59:59'],
      ['2027-06-08 00:00:00', '2027-06-08 23:59:59'],
      ['2027-06-15 00:00:00', '2027-06-15 23:59:59'],
    ]);
  });

  it('recurrence: null makes a series a single event at its first occurrence', async () => {
    const { series } = await weeklySeries(t, 'No longer a series');
    const res = await patchEvent(t, series.id, { recurrence: null }).expect(200);
    expect(res.body).toMatchObject({ id: series.id, recurrence: null, start_date: '2027-09-06 18:00:00', end_date: '2027-09-06 19:00:00' });
    const rows = await t.dataSource.query('SELECT COUNT(*) AS n FROM events WHERE recurring_event_id = ?', [series.id]);
    expect(Number(rows[0].n)).toBe(0);
    const single = await t.http
      .get(EVENTS)
      .query({ search: 'No longer a series', start_date: '2027-01-01', end_date: '2027-12-31' })
      .expect(200);
    expect(single.body.events.map((event: { id: number }) => event.id)).toEqual([series.id]);
  });

  it('a rule change keeps the exceptions whose original start still occurs and drops the others', async () => {
    const { series, listed: before } = await weeklySeries(t, 'Exceptions through a rule change');
    await patchEvent(t, before[1].id, { title: 'Kept exception' }).expect(200);
    await patchEvent(t, before[3].id, { title: 'Dropped exception' }).expect(200);
    await patchEvent(t, series.id, { recurrence: { rrule: 'FREQ=WEEKLY;BYDAY=MO;COUNT=3' } }).expect(200);
    const after = await listed(series.id);
    expect(after.map((event) => [event.id, event.title])).toEqual([
      [before[0].id, 'Exceptions through a rule change'],
      [before[1].id, 'Kept exception'],
      [before[2].id, 'Exceptions through a rule change'],
    ]);
    await getEvent(t, before[3].id).expect(404);
  });

  it("an occurrence has its series' rights, status and password", async () => {
    const owner = await t.tokenFor('author');
    const other = await t.tokenFor('author');
    const { body: own } = await postEvent(t, { title: 'Author series', recurrence: { rrule: 'FREQ=WEEKLY;COUNT=2' } }, owner).expect(201);
    const [first] = await listed(own.id);
    await patchEvent(t, first.id, { title: 'Not yours' }, other).expect(403);
    await patchEvent(t, first.id, { title: 'Mine' }, owner).expect(200);

    const draft = await createEvent(t, { title: 'Draft series', status: 'draft', recurrence: { rrule: 'FREQ=WEEKLY;COUNT=2' } });
    const rows = await t.dataSource.query('SELECT id FROM events WHERE recurring_event_id = ? ORDER BY recurrence_id_utc', [draft.id]);
    const draftOccurrence = Number(rows[0].id);
    expect((await getEvent(t, draftOccurrence).expect(403)).body.code).toBe('event-not-accessible');
    expect((await getEvent(t, draftOccurrence, ADMIN_TOKEN).expect(200)).body.status).toBe('draft');

    const locked = await createEvent(t, { title: 'Locked series', password: 'secret', recurrence: { rrule: 'FREQ=WEEKLY;COUNT=2' } });
    const [lockedOccurrence] = await listed(locked.id);
    expect((await getEvent(t, lockedOccurrence.id).expect(403)).body.code).toBe('event-password-protected');
    await getEvent(t, lockedOccurrence.id, null, { password: 'secret' }).expect(200);
    await t.http.get(`${EVENTS}/${lockedOccurrence.id}`).set(bearer(ADMIN_TOKEN)).expect(200);
  });
});
