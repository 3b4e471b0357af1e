import { ADMIN_TOKEN, bearer, createTestApp, TestApp } from './support/test-app';
import { EVENTS, getEvent } from './support/events-fixtures';
import { occurrencesOf, weeklySeries } from './support/series-fixtures';
import { declaredEntries, fieldExamples, isHandled } from '@app/posts';
import { EVENT_FIELDS } from '../apps/api/src/events/event.fields';

/** A value for every writable declared event field other than a new event's: flags turned over, the rest their examples. */
const CHANGED_FIELDS = Object.fromEntries(
  declaredEntries(EVENT_FIELDS).flatMap(([name, field]) =>
    isHandled(field) || !field.writable ? [] : [[name, field.type === 'flag' ? !field.initial : fieldExamples(EVENT_FIELDS)[name]]],
  ),
);

/** Recurring events: rule changes, scope=following and scope=all, and DELETE on occurrences. */
describe('events: changing a series, splitting it, cancelling occurrences', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ RECURRENCE_MAX_OCCURRENCES: '400' });
  });
  afterAll(async () => t.close());

  it('keeps the IDs of occurrences that still occur when the rule changes, and drops the others', async () => {
    const { series, listed } = await weeklySeries(t, 'Rule change');
    await t.http
      .patch(`${EVENTS}/${series.id}`)
      .set(bearer(ADMIN_TOKEN))
      .send({ recurrence: { rrule: 'FREQ=WEEKLY;BYDAY=MO,TH;COUNT=5' } })
      .expect(200);
    const after = (await occurrencesOf(t, series.id)).body.events as Array<{ id: number; start_date: string }>;
    expect(after.map((event) => event.start_date)).toEqual([
      '2027-09-06 18:00:00',
      '2027-09-09 18:00:00',
      '2027-09-13 18:00:00',
      '2027-09-16 18:00:00',
      '2027-09-20 18:00:00',
    ]);
    const byStart = new Map(after.map((event) => [event.start_date, event.id]));
    for (const before of listed.slice(0, 3)) expect(byStart.get(before.start_date)).toBe(before.id);
    expect(after.map((event) => event.id)).not.toContain(listed[3].id);
    await getEvent(t, listed[3].id).expect(404);
  });

  it('scope=following splits the series: a new series from this occurrence on takes the change, the later IDs and exceptions', async () => {
    const { series, listed } = await weeklySeries(t, 'Split series');
    await t.http.patch(`${EVENTS}/${listed[3].id}`).set(bearer(ADMIN_TOKEN)).send({ cost: '7' }).expect(200);
    const res = await t.http
      .patch(`${EVENTS}/${listed[2].id}`)
      .set(bearer(ADMIN_TOKEN))
      .send({ scope: 'following', title: 'New term' })
      .expect(201);
    const created = res.body as { id: number; recurrence: { rrule: string }; start_date: string; title: string };
    expect(created.id).not.toBe(series.id);
    expect(res.headers.location).toMatch(new RegExp(`/events/${created.id}$`));
    expect(created).toMatchObject({ title: 'New term', start_date: '2027-09-20 18:00:00' });
    expect(created.recurrence.rrule).toBe('FREQ=WEEKLY;COUNT=2;BYDAY=MO');
    const old = (await getEvent(t, series.id).expect(200)).body as { recurrence: { rrule: string } };
    expect(old.recurrence.rrule).toBe('FREQ=WEEKLY;COUNT=2;BYDAY=MO');
    const before = (await occurrencesOf(t, series.id)).body.events as Array<{ id: number; title: string }>;
    expect(before.map((event) => [event.id, event.title])).toEqual([
      [listed[0].id, 'Split series'],
      [listed[1].id, 'Split series'],
    ]);
    const later = (await occurrencesOf(t, created.id)).body.events as Array<{ id: number; title: string; cost: string }>;
    expect(later.map((event) => [event.id, event.title, event.cost])).toEqual([
      [listed[2].id, 'New term', ''],
      [listed[3].id, 'New term', '7'],
    ]);
  });

  it('scope=following copies every declared field of the series to the new one', async () => {
    const { series } = await weeklySeries(t, 'Split fields');
    // The occurrences are listed once all_day has moved their starts (new IDs), before they are hidden from lists.
    const { hide_from_listings: hidden, ...listable } = CHANGED_FIELDS;
    await t.http.patch(`${EVENTS}/${series.id}`).set(bearer(ADMIN_TOKEN)).send(listable).expect(200);
    const listed = (await occurrencesOf(t, series.id)).body.events as Array<{ id: number }>;
    await t.http.patch(`${EVENTS}/${series.id}`).set(bearer(ADMIN_TOKEN)).send({ hide_from_listings: hidden }).expect(200);
    const res = await t.http
      .patch(`${EVENTS}/${listed[2].id}`)
      .set(bearer(ADMIN_TOKEN))
      .send({ scope: 'following', title: 'Split fields, later' })
      .expect(201);
    expect(Object.keys(CHANGED_FIELDS)).toContain('website');
    expect(res.body).toMatchObject(CHANGED_FIELDS);
  });

  it('scope=all on an occurrence edits the series', async () => {
    const { series, listed } = await weeklySeries(t, 'Scope all');
    const res = await t.http
      .put(`${EVENTS}/${listed[2].id}`)
      .set(bearer(ADMIN_TOKEN))
      .send({ scope: 'all', title: 'All of them' })
      .expect(200);
    expect(res.body.id).toBe(series.id);
    const after = (await occurrencesOf(t, series.id)).body.events as Array<{ title: string }>;
    expect(after.map((event) => event.title)).toEqual(['All of them', 'All of them', 'All of them', 'All of them']);
  });

  it('DELETE on an occurrence cancels it: its original start joins exdates', async () => {
    const { series, listed } = await weeklySeries(t, 'Cancel one');
    const res = await t.http.delete(`${EVENTS}/${listed[1].id}`).set(bearer(ADMIN_TOKEN)).expect(200);
    expect(res.body).toMatchObject({ id: listed[1].id, status: 'trash', recurrence_id: '2027-09-13 18:00:00' });
    const own = await getEvent(t, series.id).expect(200);
    expect(own.body.recurrence.exdates).toEqual(['2027-09-13 18:00:00']);
    const after = (await occurrencesOf(t, series.id)).body.events as Array<{ id: number }>;
    expect(after.map((event) => event.id)).toEqual([listed[0].id, listed[2].id, listed[3].id]);
    expect((await occurrencesOf(t, series.id)).headers['x-tec-total']).toBe('3');
  });

  it('DELETE with scope=following ends the series before that occurrence; at the first one the series goes', async () => {
    const { series, listed } = await weeklySeries(t, 'Ending series');
    const res = await t.http.delete(`${EVENTS}/${listed[2].id}`).query({ scope: 'following' }).set(bearer(ADMIN_TOKEN)).expect(200);
    expect(res.body).toMatchObject({ id: listed[2].id, status: 'trash', recurring_event_id: series.id });
    const own = (await getEvent(t, series.id).expect(200)).body as { recurrence: { rrule: string } };
    expect(own.recurrence.rrule).toBe('FREQ=WEEKLY;COUNT=2;BYDAY=MO');
    const left = (await occurrencesOf(t, series.id)).body.events as Array<{ id: number }>;
    expect(left.map((event) => event.id)).toEqual([listed[0].id, listed[1].id]);
    await getEvent(t, listed[3].id).expect(404);
    const bad = await t.http.delete(`${EVENTS}/${listed[1].id}`).query({ scope: 'some' }).set(bearer(ADMIN_TOKEN)).expect(400);
    expect(Object.keys(bad.body.data.params)).toEqual(['scope']);
    const first = await t.http.delete(`${EVENTS}/${listed[0].id}`).query({ scope: 'following' }).set(bearer(ADMIN_TOKEN));
    expect([first.status, first.body.status]).toEqual([200, 'trash']);
    const gone = await t.dataSource.query('SELECT status FROM events WHERE id = ?', [series.id]);
    expect(gone[0].status).toBe('trash');
    const rows = await t.dataSource.query('SELECT DISTINCT status FROM events WHERE recurring_event_id = ?', [series.id]);
    expect(rows.map((row: { status: string }) => row.status)).toEqual(['trash']);
  });

  it('two concurrent splits of one series both succeed, the later occurrence joining whichever series holds it then', async () => {
    for (let round = 0; round < 5; round++) {
      const { series, listed } = await weeklySeries(t, `Split race ${round}`);
      const answers = await Promise.all(
        [1, 2].map((i) =>
          t.http
            .patch(`${EVENTS}/${listed[i].id}`)
            .query({ scope: 'following' })
            .set(bearer(ADMIN_TOKEN))
            .send({ title: `Part from ${i}` }),
        ),
      );
      expect(answers.map((res) => res.status)).toEqual([201, 201]);
      const ids = [series.id, ...answers.map((res) => res.body.id as number)];
      const rows = await t.dataSource.query(
        `SELECT id FROM events WHERE recurring_event_id IN (${ids.join(',')}) ORDER BY recurrence_id_utc`,
      );
      expect(rows.map((row: { id: number | string }) => Number(row.id))).toEqual(listed.map((event) => event.id));
    }
  });
});
