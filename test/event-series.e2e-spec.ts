import { ADMIN_TOKEN, bearer, createTestApp, NS, TestApp } from './support/test-app';
import { createEvent, createTerm, createVenue, EVENTS, getEvent, listEvents, postEvent } from './support/events-fixtures';

/** Recurring events: a series, its occurrences in lists, and the fields every answer carries. */
describe('events: series and their occurrences', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ RECURRENCE_MAX_OCCURRENCES: '400' });
  });
  afterAll(async () => t.close());

  /** Every occurrence of a series an anonymous list shows, in order. */
  async function occurrencesOf(seriesId: number, query: Record<string, unknown> = {}) {
    const res = await listEvents(t, {
      recurring_event: seriesId,
      per_page: 50,
      start_date: '2020-01-01',
      end_date: '2030-12-31',
      ...query,
    }).expect(200);
    return res;
  }

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

    const res = await occurrencesOf(series.id);
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

  it('materializes an endless series up to the horizon only', async () => {
    const now = new Date();
    const start = `${now.getUTCFullYear() + 1}-01-04 09:00`;
    const series = await createEvent(t, {
      title: 'Endless weekly',
      start_date: start,
      end_date: `${now.getUTCFullYear() + 1}-01-04 10:00`,
      recurrence: { rrule: 'FREQ=WEEKLY' },
    });
    const rows = await t.dataSource.query('SELECT MAX(start_utc) AS last, COUNT(*) AS n FROM events WHERE recurring_event_id = ?', [
      series.id,
    ]);
    const last = new Date(
      `${String(rows[0].last instanceof Date ? rows[0].last.toISOString() : rows[0].last)
        .replace(' ', 'T')
        .replace(/Z?$/, 'Z')}`,
    );
    const horizon = new Date(now);
    horizon.setUTCMonth(horizon.getUTCMonth() + 24);
    expect(last.getTime()).toBeLessThanOrEqual(horizon.getTime());
    expect(last.getTime()).toBeGreaterThan(horizon.getTime() - 8 * 86_400_000);
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

  describe('changing a series and one occurrence', () => {
    async function weekly(title: string) {
      const series = await createEvent(t, {
        title,
        start_date: '2027-09-06 18:00',
        end_date: '2027-09-06 19:00',
        timezone: 'Europe/Berlin',
        recurrence: { rrule: 'FREQ=WEEKLY;BYDAY=MO;COUNT=4' },
      });
      const listed = (await occurrencesOf(series.id)).body.events as Array<{ id: number; start_date: string; title: string }>;
      return { series, listed };
    }

    it('keeps the IDs of occurrences that still occur when the rule changes, and drops the others', async () => {
      const { series, listed } = await weekly('Rule change');
      await t.http
        .patch(`${EVENTS}/${series.id}`)
        .set(bearer(ADMIN_TOKEN))
        .send({ recurrence: { rrule: 'FREQ=WEEKLY;BYDAY=MO,TH;COUNT=5' } })
        .expect(200);
      const after = (await occurrencesOf(series.id)).body.events as Array<{ id: number; start_date: string }>;
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

    it('scope=this keeps the change on one occurrence only, also through later series edits; other fields are refused', async () => {
      const { series, listed } = await weekly('Exception series');
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
      const after = (await occurrencesOf(series.id)).body.events as Array<{ id: number; title: string; cost: string; start_date: string }>;
      expect(after.map((event) => [event.id, event.title, event.start_date])).toEqual([
        [listed[0].id, 'Renamed series', '2027-09-06 18:00:00'],
        [listed[1].id, 'Moved session', '2027-09-14 10:00:00'],
        [listed[2].id, 'Renamed series', '2027-09-20 18:00:00'],
        [listed[3].id, 'Renamed series', '2027-09-27 18:00:00'],
      ]);
      expect(after.every((event) => event.cost === '12')).toBe(true);
    });

    it('scope=following splits the series: a new series from this occurrence on takes the change, the later IDs and exceptions', async () => {
      const { series, listed } = await weekly('Split series');
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
      const before = (await occurrencesOf(series.id)).body.events as Array<{ id: number; title: string }>;
      expect(before.map((event) => [event.id, event.title])).toEqual([
        [listed[0].id, 'Split series'],
        [listed[1].id, 'Split series'],
      ]);
      const later = (await occurrencesOf(created.id)).body.events as Array<{ id: number; title: string; cost: string }>;
      expect(later.map((event) => [event.id, event.title, event.cost])).toEqual([
        [listed[2].id, 'New term', ''],
        [listed[3].id, 'New term', '7'],
      ]);
    });

    it('takes scope from the query string as well', async () => {
      const { series, listed } = await weekly('Scope in query');
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
      const { listed } = await weekly('Occurrence etags');
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

    it('scope=all on an occurrence edits the series', async () => {
      const { series, listed } = await weekly('Scope all');
      const res = await t.http
        .put(`${EVENTS}/${listed[2].id}`)
        .set(bearer(ADMIN_TOKEN))
        .send({ scope: 'all', title: 'All of them' })
        .expect(200);
      expect(res.body.id).toBe(series.id);
      const after = (await occurrencesOf(series.id)).body.events as Array<{ title: string }>;
      expect(after.map((event) => event.title)).toEqual(['All of them', 'All of them', 'All of them', 'All of them']);
    });

    it('DELETE on an occurrence cancels it: its original start joins exdates', async () => {
      const { series, listed } = await weekly('Cancel one');
      const res = await t.http.delete(`${EVENTS}/${listed[1].id}`).set(bearer(ADMIN_TOKEN)).expect(200);
      expect(res.body).toMatchObject({ id: listed[1].id, status: 'trash', recurrence_id: '2027-09-13 18:00:00' });
      const own = await getEvent(t, series.id).expect(200);
      expect(own.body.recurrence.exdates).toEqual(['2027-09-13 18:00:00']);
      const after = (await occurrencesOf(series.id)).body.events as Array<{ id: number }>;
      expect(after.map((event) => event.id)).toEqual([listed[0].id, listed[2].id, listed[3].id]);
      expect((await occurrencesOf(series.id)).headers['x-tec-total']).toBe('3');
    });

    it('DELETE with scope=following ends the series before that occurrence; at the first one the series goes', async () => {
      const { series, listed } = await weekly('Ending series');
      const res = await t.http.delete(`${EVENTS}/${listed[2].id}`).query({ scope: 'following' }).set(bearer(ADMIN_TOKEN)).expect(200);
      expect(res.body).toMatchObject({ id: listed[2].id, status: 'trash', recurring_event_id: series.id });
      const own = (await getEvent(t, series.id).expect(200)).body as { recurrence: { rrule: string } };
      expect(own.recurrence.rrule).toBe('FREQ=WEEKLY;COUNT=2;BYDAY=MO');
      const left = (await occurrencesOf(series.id)).body.events as Array<{ id: number }>;
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

    it('reaches an occurrence by its ID only: by slug, its internal slug is not found and the series slug finds the series', async () => {
      const { series, listed } = await weekly('Slug of a series');
      const [row] = await t.dataSource.query('SELECT slug FROM events WHERE id = ?', [listed[1].id]);
      const internal = encodeURIComponent(row.slug as string);
      await t.http.get(`${EVENTS}/by-slug/${internal}`).expect(404);
      await t.http.patch(`${EVENTS}/by-slug/${internal}`).set(bearer(ADMIN_TOKEN)).send({ title: 'By slug' }).expect(404);
      await t.http.delete(`${EVENTS}/by-slug/${internal}`).set(bearer(ADMIN_TOKEN)).expect(404);
      expect((await getEvent(t, listed[1].id).expect(200)).body.title).toBe('Slug of a series');
      expect((await t.http.get(`${EVENTS}/by-slug/${series.slug}`).expect(200)).body.id).toBe(series.id);
    });

    it('keeps both of two concurrent scope=this edits of one series', async () => {
      const { series, listed } = await weekly('Concurrent exceptions');
      await Promise.all([
        t.http.patch(`${EVENTS}/${listed[0].id}`).set(bearer(ADMIN_TOKEN)).send({ title: 'First changed' }).expect(200),
        t.http.patch(`${EVENTS}/${listed[3].id}`).set(bearer(ADMIN_TOKEN)).send({ cost: '99' }).expect(200),
      ]);
      await t.http.patch(`${EVENTS}/${series.id}`).set(bearer(ADMIN_TOKEN)).send({ title: 'Series title', cost: '5' }).expect(200);
      const after = (await occurrencesOf(series.id)).body.events as Array<{ title: string; cost: string }>;
      expect(after.map((event) => [event.title, event.cost])).toEqual([
        ['First changed', '5'],
        ['Series title', '5'],
        ['Series title', '5'],
        ['Series title', '99'],
      ]);
    });
  });

  it('keeps an exception written while the series is rewritten at the same moment', async () => {
    const series = await createEvent(t, {
      title: 'Rewritten series',
      start_date: '2027-10-04 18:00',
      end_date: '2027-10-04 19:00',
      timezone: 'Europe/Berlin',
      recurrence: { rrule: 'FREQ=WEEKLY;BYDAY=MO;COUNT=4' },
    });
    const listed = (await occurrencesOf(series.id)).body.events as Array<{ id: number }>;
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

  it('grows an endless series as the horizon moves, with no job, keeping the IDs it had (fake clock)', async () => {
    const nextYear = new Date().getUTCFullYear() + 1;
    const series = await createEvent(t, {
      title: 'Endless growing',
      start_date: `${nextYear}-02-01 09:00`,
      end_date: `${nextYear}-02-01 10:00`,
      recurrence: { rrule: 'FREQ=WEEKLY' },
    });
    const wide = { start_date: `${nextYear}-01-01`, end_date: `${nextYear + 5}-12-31` };
    const before = (await occurrencesOf(series.id, { ...wide, per_page: 50 })).headers['x-tec-total'];
    const beforeIds = (await occurrencesOf(series.id, { ...wide, per_page: 5 })).body.events.map((event: { id: number }) => event.id);
    // Only Date is faked: the HTTP stack's timers keep running.
    jest.useFakeTimers({
      doNotFake: [
        'hrtime',
        'nextTick',
        'performance',
        'queueMicrotask',
        'setImmediate',
        'clearImmediate',
        'setInterval',
        'clearInterval',
        'setTimeout',
        'clearTimeout',
      ],
    });
    try {
      jest.setSystemTime(new Date(Date.now() + 70 * 86_400_000));
      const after = await occurrencesOf(series.id, { ...wide, per_page: 5 });
      expect(Number(after.headers['x-tec-total']) - Number(before)).toBeGreaterThanOrEqual(9);
      expect(Number(after.headers['x-tec-total']) - Number(before)).toBeLessThanOrEqual(11);
      expect(after.body.events.map((event: { id: number }) => event.id)).toEqual(beforeIds);
      // A second read finds nothing more to add.
      expect((await occurrencesOf(series.id, { ...wide, per_page: 5 })).headers['x-tec-total']).toBe(after.headers['x-tec-total']);
      const rows = await t.dataSource.query(
        'SELECT COUNT(*) AS n, COUNT(DISTINCT recurrence_id_utc) AS d FROM events WHERE recurring_event_id = ?',
        [series.id],
      );
      expect(Number(rows[0].n)).toBe(Number(rows[0].d));
    } finally {
      jest.useRealTimers();
    }
  });
});
