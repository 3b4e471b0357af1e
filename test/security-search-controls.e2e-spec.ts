import { createEvent, createTerm, createVenue, EVENTS, ORGANIZERS, VENUES } from './support/events-fixtures';
import { createTestApp, NS, TestApp } from './support/test-app';

/*
 * A control character in `search` (a NUL, a line break) is a 400 naming `search` on every list,
 * anonymous or not, on both databases: never a 500 from the database engine's text matcher.
 */

const LISTS = [EVENTS, `${EVENTS}.ics`, VENUES, ORGANIZERS, `${NS}/categories`, `${NS}/tags`];
const SEARCHES = ['jazz\u0000', '\u0000', 'ja\u0000zz night', 'a\r\nb', 'tab\there', '\u001b[2J', 'del\u007f', 'c1\u0085'];

describe('control characters in search', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    await createEvent(t, { title: 'Jazz night', venue: { venue: 'Jazz hall' }, organizer: [{ organizer: 'Jazz club' }] });
    await createVenue(t, { venue: 'Jazz cellar' });
    await createTerm(t, 'categories', { name: 'Jazz' });
  });
  afterAll(async () => t.close());

  it.each(LISTS)('%s answers 400 rest_invalid_param naming search', async (path) => {
    for (const search of SEARCHES) {
      const res = await t.http.get(path).query({ search });
      expect({ search, status: res.status }).toEqual({ search, status: 400 });
      expect(res.body).toMatchObject({ code: 'rest_invalid_param', data: { status: 400, params: { search: expect.any(String) } } });
    }
  });

  it('says why in both languages', async () => {
    const en = await t.http.get(EVENTS).query({ search: 'a\u0000' }).expect(400);
    const de = await t.http.get(`/de${EVENTS}`).query({ search: 'a\u0000' }).expect(400);
    expect(en.body.data.params.search).toMatch(/control characters/);
    expect(de.body.data.params.search).toMatch(/Steuerzeichen/);
  });

  it('searches without control characters still find what they name', async () => {
    const res = await t.http.get(EVENTS).query({ search: 'jazz night', start_date: '2030-01-01', end_date: '2030-12-31' }).expect(200);
    expect(res.body.events.map((event: { title: string }) => event.title)).toEqual(['Jazz night']);
  });
});
