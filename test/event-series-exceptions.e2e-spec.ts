import { ADMIN_TOKEN, bearer, createTestApp, TestApp } from './support/test-app';
import { createEvent, createOrganizer, createTerm, createVenue, EVENTS, getEvent } from './support/events-fixtures';
import { occurrencesOf, weeklySeries } from './support/series-fixtures';

/** Recurring events: exceptions of one occurrence, their ETags, and writes racing on one series. */
describe('events: one occurrence changed on its own (scope=this)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ RECURRENCE_MAX_OCCURRENCES: '400' });
  });
  afterAll(async () => t.close());

  it('scope=this keeps the change on one occurrence only, also through later series edits; other fields are refused', async () => {
    const { series, listed } = await weeklySeries(t, 'Exception series');
    const moved = await t.http
      .patch(`${EVENTS}/${listed[1].id}`)
      .set(bearer(ADMIN_TOKEN))
      .send({ title: 'Moved session', start_date: '2027-09-14 10:00', end_date: '2027-09-14 11:00' })
      .expect(200);
    expect(moved.body).toMatchObject({
      id: listed[1].id,
      title: 'Moved session',
      start_date: '2027-09-14 10:00:00',
      recurrence_id: '2027-09-13 18:00:00',
    });
    const refused = await t.http
      .patch(`${EVENTS}/${listed[2].id}`)
      .set(bearer(ADMIN_TOKEN))
      .send({ status: 'draft', title: 'x' })
      .expect(400);
    expect(Object.keys(refused.body.data.params)).toEqual(['status']);

    await t.http.patch(`${EVENTS}/${series.id}`).set(bearer(ADMIN_TOKEN)).send({ title: 'Renamed series', cost: '12' }).expect(200);
    const after = (await occurrencesOf(t, series.id)).body.events as Array<{ id: number; title: string; cost: string; start_date: string }>;
    expect(after.map((event) => [event.id, event.title, event.start_date])).toEqual([
      [listed[0].id, 'Renamed series', '2027-09-06 18:00:00'],
      [listed[1].id, 'Moved session', '2027-09-14 10:00:00'],
      [listed[2].id, 'Renamed series', '2027-09-20 18:00:00'],
      [listed[3].id, 'Renamed series', '2027-09-27 18:00:00'],
    ]);
    expect(after.every((event) => event.cost === '12')).toBe(true);
  });

  it('accepts a PUT of the whole GET body of an occurrence and keeps only the fields that differ as its exception', async () => {
    const category = await createTerm(t, 'categories', { name: 'Round trip cat' });
    const venue = await createVenue(t, { venue: 'Round trip hall' });
    const otherVenue = await createVenue(t, { venue: 'Round trip annex' });
    const organizer = await createOrganizer(t, { organizer: 'Round trip org' });
    const series = await createEvent(t, {
      title: 'Round trip series',
      description: '<p>Bring a mat</p>',
      start_date: '2027-11-01 18:00',
      end_date: '2027-11-01 19:00',
      timezone: 'Europe/Berlin',
      categories: [category.id],
      tags: ['round-trip'],
      venue: venue.id,
      organizer: [organizer.id],
      cost: '$5 - 10',
      image: 'https://example.org/round-trip.png',
      website: 'https://example.org/yoga',
      recurrence: { rrule: 'FREQ=WEEKLY;COUNT=4', exdates: ['2027-11-22 18:00'] },
    });
    const listed = (await occurrencesOf(t, series.id)).body.events as Array<{ id: number }>;
    const path = `${EVENTS}/${listed[1].id}`;
    const headers = { ...bearer(ADMIN_TOKEN), Host: 'localhost' };
    const shown = (await t.http.get(path).set(headers).expect(200)).body as Record<string, unknown>;

    const same = await t.http.put(path).set(headers).send(shown).expect(200);
    expect(same.body).toMatchObject({ id: listed[1].id, title: 'Round trip series', start_date: shown.start_date });
    const [untouched] = await t.dataSource.query('SELECT own_fields AS own FROM events WHERE id = ?', [listed[1].id]);
    expect(untouched.own).toBeNull();

    const renamed = await t.http
      .put(path)
      .set(headers)
      .send({ ...shown, title: 'Round trip, own title' })
      .expect(200);
    expect(renamed.body.title).toBe('Round trip, own title');
    const [own] = await t.dataSource.query('SELECT own_fields AS own FROM events WHERE id = ?', [listed[1].id]);
    expect(own.own).toBe('title');

    // Fields the PUT sent unchanged follow later series edits: they were not kept as the exception's.
    await t.http
      .patch(`${EVENTS}/${series.id}`)
      .set(bearer(ADMIN_TOKEN))
      .send({ cost: '12', venue: otherVenue.id, description: 'New text' })
      .expect(200);
    const after = (await getEvent(t, listed[1].id).expect(200)).body;
    expect(after).toMatchObject({ title: 'Round trip, own title', cost: '12', description: '<p>New text</p>' });
    expect(after.venue.id).toBe(otherVenue.id);

    const refused = await t.http
      .put(path)
      .set(headers)
      .send({ ...shown, status: 'draft', all_day: true })
      .expect(400);
    expect(Object.keys(refused.body.data.params).sort()).toEqual(['all_day', 'status']);
  });

  it('takes scope from the query string as well', async () => {
    const { series, listed } = await weeklySeries(t, 'Scope in query');
    const res = await t.http
      .patch(`${EVENTS}/${listed[1].id}`)
      .query({ scope: 'all' })
      .set(bearer(ADMIN_TOKEN))
      .send({ title: 'Via query' })
      .expect(200);
    expect(res.body.id).toBe(series.id);
    const bad = await t.http
      .patch(`${EVENTS}/${listed[1].id}`)
      .query({ scope: 'some' })
      .set(bearer(ADMIN_TOKEN))
      .send({ title: 'x' })
      .expect(400);
    expect(Object.keys(bad.body.data.params)).toEqual(['scope']);
  });

  it('answers an occurrence with an ETag and honours If-Match on its writes', async () => {
    const { listed } = await weeklySeries(t, 'Occurrence etags');
    // One Host for every request: the links, and so the ETags, name the host a request came to.
    const headers = { ...bearer(ADMIN_TOKEN), Host: 'localhost' };
    const path = `${EVENTS}/${listed[1].id}`;
    const etag = (await t.http.get(path).set(headers).expect(200)).headers.etag as string;
    expect(etag).toMatch(/^"/);
    await t.http
      .get(path)
      .set({ ...headers, 'If-None-Match': etag })
      .expect(304);
    await t.http
      .patch(path)
      .set({ ...headers, 'If-Match': '"stale"' })
      .send({ title: 'No' })
      .expect(412);
    await t.http
      .patch(path)
      .set({ ...headers, 'If-Match': etag })
      .send({ title: 'Yes' })
      .expect(200);
    await t.http
      .patch(path)
      .set({ ...headers, 'If-Match': etag })
      .send({ title: 'Again' })
      .expect(412);
    expect((await t.http.get(path).set(headers).expect(200)).body.title).toBe('Yes');
  });

  it('reaches an occurrence by its ID only: by slug, its internal slug is not found and the series slug finds the series', async () => {
    const { series, listed } = await weeklySeries(t, 'Slug of a series');
    const [row] = await t.dataSource.query('SELECT slug FROM events WHERE id = ?', [listed[1].id]);
    const internal = encodeURIComponent(row.slug as string);
    await t.http.get(`${EVENTS}/by-slug/${internal}`).expect(404);
    await t.http.patch(`${EVENTS}/by-slug/${internal}`).set(bearer(ADMIN_TOKEN)).send({ title: 'By slug' }).expect(404);
    await t.http.delete(`${EVENTS}/by-slug/${internal}`).set(bearer(ADMIN_TOKEN)).expect(404);
    expect((await getEvent(t, listed[1].id).expect(200)).body.title).toBe('Slug of a series');
    expect((await t.http.get(`${EVENTS}/by-slug/${series.slug}`).expect(200)).body.id).toBe(series.id);
  });

  it('keeps both of two concurrent scope=this edits of one series', async () => {
    const { series, listed } = await weeklySeries(t, 'Concurrent exceptions');
    await Promise.all([
      t.http.patch(`${EVENTS}/${listed[0].id}`).set(bearer(ADMIN_TOKEN)).send({ title: 'First changed' }).expect(200),
      t.http.patch(`${EVENTS}/${listed[3].id}`).set(bearer(ADMIN_TOKEN)).send({ cost: '99' }).expect(200),
    ]);
    await t.http.patch(`${EVENTS}/${series.id}`).set(bearer(ADMIN_TOKEN)).send({ title: 'Series title', cost: '5' }).expect(200);
    const after = (await occurrencesOf(t, series.id)).body.events as Array<{ title: string; cost: string }>;
    expect(after.map((event) => [event.title, event.cost])).toEqual([
      ['First changed', '5'],
      ['Series title', '5'],
      ['Series title', '5'],
      ['Series title', '99'],
    ]);
  });

  it('keeps an exception written while the series is rewritten at the same moment', async () => {
    const series = await createEvent(t, {
      title: 'Rewritten series',
      start_date: '2027-10-04 18:00',
      end_date: '2027-10-04 19:00',
      timezone: 'Europe/Berlin',
      recurrence: { rrule: 'FREQ=WEEKLY;BYDAY=MO;COUNT=4' },
    });
    const listed = (await occurrencesOf(t, series.id)).body.events as Array<{ id: number }>;
    for (let round = 0; round < 20; round++) {
      const rule = `FREQ=WEEKLY;BYDAY=MO;COUNT=${round % 2 === 0 ? 5 : 4}`;
      await Promise.all([
        t.http
          .patch(`${EVENTS}/${series.id}`)
          .set(bearer(ADMIN_TOKEN))
          .send({ recurrence: { rrule: rule } })
          .expect(200),
        t.http
          .patch(`${EVENTS}/${listed[1].id}`)
          .set(bearer(ADMIN_TOKEN))
          .send({ title: `Own title ${round}` })
          .expect(200),
      ]);
      const occurrence = await getEvent(t, listed[1].id).expect(200);
      expect(occurrence.body.title).toBe(`Own title ${round}`);
    }
  });
});
