import { createEvent, EVENTS, updateEvent } from './support/events-fixtures';
import { parseFeed, ParsedEvent } from './support/ical';
import { ADMIN_TOKEN, bearer, createTestApp, NS, TestApp } from './support/test-app';

/*
 * Calendar feeds (README, Calendar subscriptions): `events.ics` with every filter of the event list, single events as
 * `.ics`, read back by an independent parser (ical.js) and compared field by field with the JSON
 * of the same events.
 */

type Json = Record<string, unknown>;
const FEED = `${EVENTS}.ics`;
const WINDOW = { start_date: '2030-01-01', end_date: '2030-12-31' };

/** The text a reader sees of an HTML field: tags gone, white space folded. */
const readable = (html: string) =>
  html
    .replace(/<[^<>]*>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
const folded = (value: string | null) => (value ?? '').replace(/\s+/g, ' ').trim();
const utc = (wall: string) => new Date(`${wall.replace(' ', 'T')}Z`);
const dayAfter = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

function expectSameEvent(parsed: ParsedEvent, json: Json): void {
  const venue = (Array.isArray(json.venue) ? json.venue[0] : json.venue) as Json | undefined;
  const organizers = json.organizer as Json[];
  const terms = [...(json.categories as Json[]), ...(json.tags as Json[])].map((term) => term.name);
  expect(parsed).toMatchObject({
    uid: json.global_id,
    summary: json.title,
    url: json.url,
    status: 'CONFIRMED',
    categories: terms,
    lastModified: utc(json.modified_utc as string),
  });
  expect(folded(parsed.description)).toBe(readable(json.description as string));
  if (json.all_day) {
    expect(parsed).toMatchObject({ allDay: true, zone: null });
    expect(parsed.start).toBe((json.start_date as string).slice(0, 10));
    expect(parsed.end).toBe(dayAfter((json.end_date as string).slice(0, 10)));
  } else {
    expect(parsed).toMatchObject({ allDay: false, start: json.start_date, end: json.end_date });
    // A fixed offset's TZID drops the colon (`UTC+530`), which a parameter value would need quoted.
    expect(parsed.zone).toBe(json.timezone === 'UTC' ? null : (json.timezone as string).replace(':', ''));
    expect(parsed.startUtc).toEqual(utc(json.utc_start_date as string));
    expect(parsed.endUtc).toEqual(utc(json.utc_end_date as string));
  }
  if (venue) {
    expect(parsed.location).toContain(venue.venue as string);
    if (venue.address) expect(parsed.location).toContain(venue.address as string);
    expect(parsed.geo).toEqual(venue.geo_lat === null ? null : [venue.geo_lat, venue.geo_lng]);
  } else {
    expect(parsed.location).toBeNull();
  }
  const withEmail = organizers.find((organizer) => organizer.email !== '');
  expect(parsed.organizer).toEqual(withEmail ? { name: withEmail.organizer, address: `mailto:${withEmail.email as string}` } : null);
}

describe('calendar feeds', () => {
  let t: TestApp;
  let author: string;
  const events: Record<string, Json & { id: number }> = {};

  beforeAll(async () => {
    t = await createTestApp();
    author = await t.tokenFor('author');
    events.concert = await createEvent(t, {
      title: 'Jazz 🎷 Nacht über Köln',
      description: '<p>Große Bühne, süße Töne &amp; mehr</p><p>Zweiter Absatz 🎶</p>',
      start_date: '2030-02-01 20:00',
      end_date: '2030-02-01 23:30',
      timezone: 'Europe/Berlin',
      venue: {
        venue: 'Kölner Philharmonie',
        address: 'Bischofsgartenstraße 1',
        city: 'Köln',
        zip: '50667',
        country: 'Deutschland',
        geo_lat: 50.9412,
        geo_lng: 6.9602,
      },
      organizer: [{ organizer: 'Jazz e.V.', email: 'info@jazz.example' }, { organizer: 'Stadt Köln' }],
      categories: ['Musik'],
      tags: ['Jazz', 'Live'],
    });
    events.allDay = await createEvent(t, { title: 'Stadtfest', all_day: true, start_date: '2030-03-01', end_date: '2030-03-02' });
    events.newYork = await createEvent(t, {
      title: 'Across the DST change',
      timezone: 'America/New_York',
      start_date: '2030-03-09 20:00',
      end_date: '2030-03-10 12:00',
      organizer: [{ organizer: 'No Mail Org' }],
    });
    events.locked = await createEvent(t, {
      title: 'Geheime Probe',
      description: 'Nur mit Passwort',
      password: 'geheim',
      start_date: '2030-04-01 18:00',
      end_date: '2030-04-01 19:00',
      venue: { venue: 'Geheimer Keller', address: 'Hinterhof 3' },
      categories: ['Musik'],
    });
    events.draft = await createEvent(
      t,
      { title: 'Entwurf', status: 'draft', start_date: '2030-05-01 10:00', end_date: '2030-05-01 11:00' },
      author,
    );
  });
  afterAll(async () => t.close());

  const feed = (path: string, query: Json = {}, token?: string) =>
    t.http
      .get(path)
      .query(query)
      .set(token ? bearer(token) : {});

  it('holds the events of the list, in list order, field by field as the JSON shows them', async () => {
    const json = await t.http
      .get(EVENTS)
      .query({ ...WINDOW, per_page: 50 })
      .expect(200);
    const res = await feed(FEED, WINDOW).expect(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const parsed = parseFeed(res.text);
    const listed = json.body.events as Json[];
    expect(parsed.events.map((event) => event.uid)).toEqual(listed.map((event) => event.global_id));
    listed.forEach((event, i) => expectSameEvent(parsed.events[i], event));
    expect(res.headers['x-tec-total']).toBe(String(json.body.total));
  });

  it('keeps the wall times and zone of an event across a DST change, and its instants', async () => {
    const parsed = parseFeed((await feed(`${EVENTS}/${events.newYork.id}.ics`).expect(200)).text);
    expect(parsed.zones).toEqual(['America/New_York']);
    expect(parsed.events[0]).toMatchObject({ zone: 'America/New_York', start: '2030-03-09 20:00:00', end: '2030-03-10 12:00:00' });
    // 20:00 EST is 01:00 UTC; noon EDT (after the change) is 16:00 UTC.
    expect(parsed.events[0].startUtc.toISOString()).toBe('2030-03-10T01:00:00.000Z');
    expect(parsed.events[0].endUtc.toISOString()).toBe('2030-03-10T16:00:00.000Z');
    expect(parsed.events[0].organizer).toBeNull();
  });

  it('gives a fixed-offset zone (UTC+5:30) its own VTIMEZONE, so the instants stay right', async () => {
    const event = await createEvent(t, {
      title: 'Offset',
      timezone: 'UTC+5:30',
      start_date: '2031-01-10 09:00',
      end_date: '2031-01-10 10:00',
    });
    const parsed = parseFeed((await feed(`${EVENTS}/${event.id}.ics`).expect(200)).text);
    expect(parsed.zones).toEqual(['UTC+530']);
    expect(parsed.events[0]).toMatchObject({ zone: 'UTC+530', start: '2031-01-10 09:00:00' });
    expect(parsed.events[0].startUtc.toISOString()).toBe('2031-01-10T03:30:00.000Z');
    expectSameEvent(parsed.events[0], (await t.http.get(`${EVENTS}/${event.id}`)).body);
  });

  it('writes an all-day event as dates with the exclusive end', async () => {
    const res = await feed(`${EVENTS}/${events.allDay.id}.ics`).expect(200);
    expect(res.text).toContain('DTSTART;VALUE=DATE:20300301\r\n');
    expect(res.text).toContain('DTEND;VALUE=DATE:20300303\r\n');
    expectSameEvent(parseFeed(res.text).events[0], (await t.http.get(`${EVENTS}/${events.allDay.id}`)).body);
  });

  it('adds a VTIMEZONE for every zone used, and none for UTC', async () => {
    const parsed = parseFeed((await feed(FEED, WINDOW).expect(200)).text);
    expect([...parsed.zones].sort()).toEqual(['America/New_York', 'Europe/Berlin']);
  });

  it('empties a password-protected event as the JSON list does; its own feed needs the password', async () => {
    const parsed = parseFeed((await feed(FEED, WINDOW).expect(200)).text).events.find((event) => event.summary === 'Geheime Probe');
    expect(parsed).toMatchObject({ description: null, location: null, organizer: null, categories: [] });
    const refused = await feed(`${EVENTS}/${events.locked.id}.ics`).expect(403);
    expect(refused.body).toMatchObject({ code: 'event-password-protected' });
    const opened = parseFeed((await feed(`${EVENTS}/${events.locked.id}.ics`, { password: 'geheim' }).expect(200)).text).events[0];
    expect(opened.description).toBe('Nur mit Passwort');
    expect(opened.location).toContain('Geheimer Keller');
  });

  it('shows a draft to its author and to nobody anonymous', async () => {
    const anonymous = parseFeed((await feed(FEED, WINDOW).expect(200)).text).events.map((event) => event.summary);
    const own = parseFeed((await feed(FEED, WINDOW, author).expect(200)).text).events.map((event) => event.summary);
    expect(anonymous).not.toContain('Entwurf');
    expect(own).toContain('Entwurf');
    await feed(`${EVENTS}/${events.draft.id}.ics`).expect(403);
    await feed(`${EVENTS}/${events.draft.id}.ics`, {}, author).expect(200);
  });

  it('serves one event by ID and by slug alike', async () => {
    const byId = await feed(`${EVENTS}/${events.concert.id}.ics`).expect(200);
    const bySlug = await feed(`${EVENTS}/by-slug/${events.concert.slug as string}.ics`).expect(200);
    expect(parseFeed(bySlug.text).events).toEqual(parseFeed(byId.text).events.map((event) => expect.objectContaining({ ...event })));
    expectSameEvent(parseFeed(byId.text).events[0], (await t.http.get(`${EVENTS}/${events.concert.id}`)).body);
    await feed(`${EVENTS}/999999.ics`).expect(404);
  });

  it('raises SEQUENCE with every change of the event', async () => {
    const before = parseFeed((await feed(`${EVENTS}/${events.newYork.id}.ics`)).text).events[0].sequence;
    await updateEvent(t, events.newYork.id, { excerpt: 'now with an excerpt' });
    const after = parseFeed((await feed(`${EVENTS}/${events.newYork.id}.ics`)).text).events[0].sequence;
    expect(after).toBeGreaterThan(before);
  });

  it('is RFC 5545 text: CRLF line ends, lines folded at 75 octets, umlauts and emoji intact', async () => {
    const { text } = await feed(FEED, WINDOW).expect(200);
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    const concert = parseFeed(text).events.find((event) => event.uid === events.concert.global_id);
    expect(concert?.summary).toBe('Jazz 🎷 Nacht über Köln');
    expect(concert?.description).toContain('süße Töne & mehr');
    expect(concert?.location).toContain('Bischofsgartenstraße 1');
  });

  it('describes itself in the request language and asks to be refreshed hourly', async () => {
    const de = parseFeed((await feed(`/de${FEED}`, { ...WINDOW, categories: 'musik' }).expect(200)).text);
    expect(de.properties['X-WR-CALNAME']).toContain('Veranstaltungen');
    expect(de.properties['X-WR-CALNAME']).toContain('musik');
    expect(de.properties['X-WR-CALDESC']).toContain('Kalenderabonnement');
    const en = parseFeed((await feed(FEED).expect(200)).text);
    expect(en.properties['X-WR-CALNAME']).toBe('Events');
    expect(en.properties).toMatchObject({ 'REFRESH-INTERVAL': 'PT1H', 'X-PUBLISHED-TTL': 'PT1H' });
    expect(en.properties.PRODID).toContain('Calendar API');
  });

  it('takes every filter of the list, with the same errors as JSON', async () => {
    const filtered = parseFeed((await feed(FEED, { ...WINDOW, tags: 'jazz' }).expect(200)).text);
    expect(filtered.events.map((event) => event.uid)).toEqual([events.concert.global_id]);
    for (const query of [{ start_date: 'not a date' }, { categories: 'no-such-category' }, { per_page: '0' }, { status: 'draft' }]) {
      const res = await feed(FEED, query).expect(400);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.body).toMatchObject({ code: 'rest_invalid_param', data: { status: 400 } });
    }
  });

  it('answers GET /events with Accept: text/calendar as the feed of the same filters', async () => {
    const res = await t.http.get(EVENTS).query(WINDOW).set('Accept', 'text/calendar').expect(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers.vary).toMatch(/Accept\b/);
    expect(parseFeed(res.text).events.length).toBe(4);
    const json = await t.http.get(EVENTS).query(WINDOW).set('Accept', 'application/json, text/calendar;q=0.5').expect(200);
    expect(json.body.events.length).toBe(4);
  });

  it('points each JSON list at its feed with Link rel="alternate"', async () => {
    const res = await t.http
      .get(`/de${EVENTS}`)
      .query({ ...WINDOW, tags: 'jazz', per_page: 1 })
      .expect(200);
    const alternate = /<([^<>]+)>; rel="alternate"; type="text\/calendar"/.exec(res.headers.link)?.[1];
    const url = new URL(alternate as string);
    expect(url.pathname).toBe(`/de${FEED}`);
    expect(Object.fromEntries(url.searchParams)).toEqual({ ...WINDOW, tags: 'jazz' });
    const followed = await t.http.get(`${url.pathname}${url.search}`).expect(200);
    expect(parseFeed(followed.text).events.map((event) => event.uid)).toEqual([events.concert.global_id]);
  });

  it('is listed in the root index and in /doc in both languages', async () => {
    for (const language of ['en', 'de']) {
      const doc = (await t.http.get(`/${language}${NS}/doc`).expect(200)).body as { paths: Record<string, { get?: Json }> };
      for (const path of ['/events.ics', '/events/{id}.ics', '/events/by-slug/{slug}.ics']) {
        expect(doc.paths[path]?.get).toMatchObject({ responses: { '200': { content: { 'text/calendar': expect.any(Object) } } } });
      }
      const index = (await t.http.get(`/${language}${NS}`).expect(200)).body as { routes: Record<string, unknown> };
      expect(Object.keys(index.routes)).toEqual(expect.arrayContaining([`${NS}/events.ics`, `${NS}/events/(?P<id>\\d+).ics`]));
    }
  });
});

describe('calendar feeds: the ICS_MAX_EVENTS cap', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ICS_MAX_EVENTS: '3' });
    for (let day = 1; day <= 5; day++) {
      await createEvent(t, { title: `Day ${day}`, start_date: `2030-06-0${day} 10:00`, end_date: `2030-06-0${day} 11:00` }, ADMIN_TOKEN);
    }
  });
  afterAll(async () => t.close());

  it('cuts an unpaged feed at the cap and says so, the total staying the full count', async () => {
    const res = await t.http.get(FEED).query({ start_date: '2030-06-01', end_date: '2030-06-30' }).expect(200);
    expect(parseFeed(res.text).events.map((event) => event.summary)).toEqual(['Day 1', 'Day 2', 'Day 3']);
    expect(res.headers).toMatchObject({ 'x-tec-total': '5', 'x-ics-limit': '3', 'x-ics-truncated': 'true' });
    expect(res.headers.link).toContain(`${FEED}?start_date=`);
  });

  it('still pages when page or per_page is given', async () => {
    const res = await t.http.get(FEED).query({ start_date: '2030-06-01', end_date: '2030-06-30', per_page: 2, page: 2 }).expect(200);
    expect(parseFeed(res.text).events.map((event) => event.summary)).toEqual(['Day 3', 'Day 4']);
    expect(res.headers['x-ics-truncated']).toBe('false');
  });
});
