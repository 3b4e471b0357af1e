import ICAL from 'ical.js';
import { createEvent, createTerm, EVENTS } from './support/events-fixtures';
import { parseFeed } from './support/ical';
import { createTestApp, TestApp } from './support/test-app';

/*
 * Nothing a user types forges a calendar entry: titles, names, descriptions, addresses, terms and
 * search strings full of line breaks, quotes and control characters reach the feeds escaped, and an
 * independent parser (ical.js) finds exactly the events and properties the service meant to write.
 */

type Json = Record<string, unknown>;
const FEED = `${EVENTS}.ics`;
const WINDOW = { start_date: '2030-01-01', end_date: '2030-12-31' };

/** A VEVENT (and a property) smuggled in as text, in every line-break style. */
const INJECTION = [
  'END:VEVENT\r\nBEGIN:VEVENT\r\nUID:forged-1\r\nDTSTART:20300101T000000Z\r\nEND:VEVENT\r\nBEGIN:VEVENT',
  'END:VEVENT\nBEGIN:VEVENT\nUID:forged-2',
  'END:VEVENT\rBEGIN:VEVENT\rUID:forged-3',
  '\u0000\u0007\u000b\u000c\u001b\u007f\u0085\u2028\u2029;,\\"',
].join(' ');

/** What a one-line text must read like in a feed: control characters and line breaks as spaces. */
// eslint-disable-next-line no-control-regex -- control characters are what the feed must not carry
const CONTROL = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u2028\u2029]/g;
// eslint-disable-next-line no-control-regex -- as above; tab, LF and CR stay for the checks that allow them
const RAW_CONTROL = /[\u0000-\u0008\v\f\u000e-\u001f\u007f]/;
const asLine = (text: string) => text.replace(CONTROL, ' ');

// The calendar's name and description are TEXT (RFC 7986 NAME, and the X-WR- names clients read).
for (const name of ['name', 'x-wr-calname', 'x-wr-caldesc']) ICAL.design.icalendar.property[name] = { defaultType: 'text' };

function vevents(body: string): ICAL.Component[] {
  return new ICAL.Component(ICAL.parse(body)).getAllSubcomponents('vevent');
}

const propertyNames = (component: ICAL.Component) => component.getAllProperties().map((property) => property.name.toUpperCase());

describe('iCalendar feeds never let input forge entries', () => {
  let t: TestApp;
  let hostile: Json & { id: number };
  let plain: Json & { id: number };

  beforeAll(async () => {
    t = await createTestApp();
    const category = await createTerm(t, 'categories', { name: `Kat, ${INJECTION}` });
    hostile = await createEvent(t, {
      title: `Evil ${INJECTION}`,
      description: `<p>Line one ${INJECTION}</p><p>&#13;&#10;END:VEVENT&#13;&#10;BEGIN:VEVENT&#13;&#10;UID:forged-4&#7;&#11;</p>`,
      website: 'https://example.org/a,b;c?d="e"&f=\\g',
      start_date: '2030-02-01 20:00',
      end_date: '2030-02-01 23:00',
      timezone: 'Europe/Berlin',
      venue: { venue: `Hall ${INJECTION}`, address: `Street 1 ${INJECTION}`, city: 'Köln;,' },
      organizer: [
        { organizer: 'Eve" ;SENT-BY="mailto:ceo@bank.example":mailto:ceo@bank.example\r\nATTENDEE:mailto:x@y', email: 'eve@example.org' },
      ],
      categories: [category.id],
    });
    plain = await createEvent(t, { title: 'Plain', start_date: '2030-03-01 10:00', end_date: '2030-03-01 11:00' });
  });
  afterAll(async () => t.close());

  function expectTheHostileEvent(event: ICAL.Component, json: Json): void {
    expect(propertyNames(event).sort()).toEqual(
      [
        'CATEGORIES',
        'DESCRIPTION',
        'DTEND',
        'DTSTAMP',
        'DTSTART',
        'LAST-MODIFIED',
        'LOCATION',
        'ORGANIZER',
        'SEQUENCE',
        'STATUS',
        'SUMMARY',
        'UID',
        'URL',
      ].sort(),
    );
    const parsed = parseFeed(`BEGIN:VCALENDAR\r\n${event.toString()}\r\nEND:VCALENDAR\r\n`).events[0];
    expect(parsed.uid).toBe(json.global_id);
    expect(parsed.summary).toBe(asLine(json.title as string));
    expect(parsed.url).toBe(json.url);
    expect(parsed.categories).toEqual([asLine(`Kat, ${INJECTION}`)]);
    expect(parsed.organizer).toEqual({
      name: asLine((json.organizer as Json[])[0].organizer as string).replace(/"/g, "'"),
      address: 'mailto:eve@example.org',
    });
    expect(parsed.location).toContain(asLine((json.venue as Json).venue as string));
    expect(parsed.location).toContain(asLine((json.venue as Json).address as string));
    expect(parsed.description).toContain('Line one');
    expect(parsed.description).toContain('UID:forged-4');
    expect(parsed.description).not.toMatch(RAW_CONTROL);
  }

  it('the list feed holds exactly the two events, each with exactly its own properties', async () => {
    const res = await t.http.get(FEED).query(WINDOW).expect(200);
    const events = vevents(res.text);
    expect(events.map((event) => event.getFirstPropertyValue('uid'))).toEqual([hostile.global_id, plain.global_id]);
    expectTheHostileEvent(events[0], hostile);
    expect(res.text).not.toMatch(RAW_CONTROL);
    // Every raw line break is a CRLF ending a content line.
    expect(res.text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });

  it('the single-event feed, named after the hostile title, holds exactly that event', async () => {
    const res = await t.http.get(`${EVENTS}/${hostile.id}.ics`).expect(200);
    const events = vevents(res.text);
    expect(events).toHaveLength(1);
    expectTheHostileEvent(events[0], hostile);
    const named = (await t.http.get(`${EVENTS}/${plain.id}.ics`).expect(200)).text;
    const plainName = parseFeed(named).properties['X-WR-CALNAME'];
    const { properties } = parseFeed(res.text);
    expect(properties['X-WR-CALNAME']).toBe(plainName.replace('Plain', asLine(hostile.title as string)));
    expect(properties.NAME).toBe(properties['X-WR-CALNAME']);
    expect(Object.keys(properties).sort()).toEqual(Object.keys(parseFeed(named).properties).sort());
  });

  it('a search string with quotes, escapes and separators names the feed and forges nothing', async () => {
    const reference = parseFeed(
      (
        await t.http
          .get(FEED)
          .query({ ...WINDOW, search: 'zzz' })
          .expect(200)
      ).text,
    ).properties;
    for (const search of ['Evil END:VEVENT', ';,\\" \u2028\u2029 X-WR-CALNAME:forged', 'a\\nMETHOD:REQUEST;"x"']) {
      const res = await t.http
        .get(FEED)
        .query({ ...WINDOW, search })
        .expect(200);
      const { properties } = parseFeed(res.text);
      expect(Object.keys(properties).sort()).toEqual(Object.keys(reference).sort());
      expect(properties['X-WR-CALNAME']).toBe(reference['X-WR-CALNAME'].replace('zzz', asLine(search)));
      expect(properties.NAME).toBe(properties['X-WR-CALNAME']);
      expect(properties['X-WR-CALDESC']).toBe(reference['X-WR-CALDESC'].replace('zzz', asLine(search)));
      const uids = vevents(res.text).map((event) => event.getFirstPropertyValue('uid'));
      expect(uids).toEqual(search.startsWith('Evil') ? [hostile.global_id] : []);
    }
  });

  it('a search string with line breaks never reaches a feed: it is a 400', async () => {
    const res = await t.http
      .get(FEED)
      .query({ ...WINDOW, search: 'x\r\nEND:VCALENDAR' })
      .expect(400);
    expect(res.body).toMatchObject({ code: 'rest_invalid_param', data: { params: { search: expect.any(String) } } });
  });
});
