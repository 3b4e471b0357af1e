import { FieldMap, hiddenFieldNames } from '@app/posts';
import { ORGANIZER_FIELDS as ORGANIZER_FIELDS_DECLARED } from '../apps/api/src/organizers/organizer.fields';
import { VENUE_FIELDS as VENUE_FIELDS_DECLARED } from '../apps/api/src/venues/venue.fields';
import { expectApiError } from './support/posts-assertions';
import {
  ANONYMOUS,
  Body,
  Caller,
  createEvent,
  createOrganizer,
  createVenue,
  EVENTS,
  getEvent,
  listEvents,
  ORGANIZERS,
  VENUES,
} from './support/events-fixtures';
import { ADMIN_TOKEN, bearer, createTestApp, TestApp } from './support/test-app';

/** A hidden declared field as a caller who cannot open the record sees it: "" for texts, false for flags, null for numbers. */
const BLANK_BY_TYPE: Record<string, unknown> = { flag: false, number: null, integer: null };
const blankOf = (fields: FieldMap) =>
  Object.fromEntries(
    hiddenFieldNames(fields).map((name) => [name, fields[name].type in BLANK_BY_TYPE ? BLANK_BY_TYPE[fields[name].type] : '']),
  );
/** Blank content of a protected venue or organizer as a caller who cannot open it sees it (README, Security). */
const BLANK_VENUE = { description: '', excerpt: '', image: false, ...blankOf(VENUE_FIELDS_DECLARED) };
const BLANK_ORGANIZER = { description: '', excerpt: '', image: false, ...blankOf(ORGANIZER_FIELDS_DECLARED) };

const VENUE_FIELDS = {
  venue: 'Hidden Hall',
  description: 'Backstage entrance behind the bakery',
  address: 'Geheimweg 7',
  city: 'Potsdam',
  country: 'Germany',
  zip: '14467',
  phone: '+49 331 000000',
  website: 'https://hidden-hall.example',
  geo_lat: 52.4,
  geo_lng: 13.06,
  image: 'https://img.example/hall.jpg',
  password: 'sesame',
};
const ORGANIZER_FIELDS = {
  organizer: 'Quiet Crew',
  description: 'Reachable through the side door',
  phone: '+49 30 111111',
  email: 'crew@quiet.example',
  website: 'https://quiet.example',
  password: 'sesame',
};

/**
 * Password-protected venues and organizers everywhere they appear: their lists, searches, events
 * embedding them, `json_ld` and the geo filters show their name but none of their content to a
 * caller who cannot open them (anonymous, or another author), as events do; the owner, editors
 * and the right password still see everything.
 */
describe('security: password-protected venues and organizers', () => {
  let t: TestApp;
  let venue: Body & { id: number };
  let organizer: Body & { id: number };
  let event: Body & { id: number };
  let owner: string;
  let otherAuthor: string;
  let editor: string;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await t.tokenFor('author');
    otherAuthor = await t.tokenFor('author');
    editor = await t.tokenFor('editor');
    venue = await createVenue(t, VENUE_FIELDS, owner);
    organizer = await createOrganizer(t, ORGANIZER_FIELDS, owner);
    event = await createEvent(
      t,
      { title: 'Open Concert', start_date: 'tomorrow 8pm', end_date: 'tomorrow 11pm', venue: venue.id, organizer: [organizer.id] },
      owner,
    );
  });
  afterAll(async () => t.close());

  const listed = async (path: string, key: string, token: Caller, query: Record<string, unknown> = {}) => {
    const res = await t.http
      .get(path)
      .query(query)
      .set(token ? bearer(token) : {})
      .expect(200);
    return res.body[key] as Body[];
  };

  describe.each([
    ['anonymous', () => ANONYMOUS],
    ['another author', () => otherAuthor],
  ])('for %s', (_who, caller) => {
    it('lists them with their name and without their content', async () => {
      const [shownVenue] = (await listed(VENUES, 'venues', caller())).filter((item) => item.id === venue.id);
      expect(shownVenue).toEqual(expect.objectContaining({ venue: 'Hidden Hall', ...BLANK_VENUE, show_map: true }));
      const [shownOrganizer] = (await listed(ORGANIZERS, 'organizers', caller())).filter((item) => item.id === organizer.id);
      expect(shownOrganizer).toEqual(expect.objectContaining({ organizer: 'Quiet Crew', ...BLANK_ORGANIZER }));
    });

    it.each([
      [VENUES, 'Geheimweg', 'venues'],
      [VENUES, 'bakery', 'venues'],
      [VENUES, '000000', 'venues'],
      [ORGANIZERS, 'quiet.example', 'organizers'],
      [ORGANIZERS, 'side door', 'organizers'],
      [ORGANIZERS, '111111', 'organizers'],
    ])('%s?search matches by name only, not by "%s"', async (path, hidden, key) => {
      expect(await listed(path, key, caller(), { search: hidden })).toEqual([]);
    });

    it.each([
      [VENUES, 'venues', 'hidden hall'],
      [ORGANIZERS, 'organizers', 'quiet'],
    ])('%s?search still finds them by name', async (path, key, name) => {
      expect((await listed(path, key, caller(), { search: name })).map((item) => item.id)).toHaveLength(1);
    });

    it('shows them inside events without their content, in the list and the single event', async () => {
      const [inList] = (await listed(EVENTS, 'events', caller())).filter((item) => item.id === event.id);
      const single = (await getEvent(t, event.id, caller()).expect(200)).body;
      for (const shown of [inList, single]) {
        expect(shown.venue).toEqual(expect.objectContaining({ id: venue.id, venue: 'Hidden Hall', ...BLANK_VENUE }));
        expect(shown.organizer).toEqual([expect.objectContaining({ id: organizer.id, organizer: 'Quiet Crew', ...BLANK_ORGANIZER })]);
      }
      expect(JSON.stringify(single)).not.toMatch(/Geheimweg|Potsdam|14467|000000|quiet\.example|111111|hall\.jpg|52\.4|bakery|side door/);
    });

    it('keeps their content out of the event json_ld', async () => {
      const { json_ld: jsonLd } = (await getEvent(t, event.id, caller()).expect(200)).body;
      expect(jsonLd.location).toEqual(expect.objectContaining({ '@type': 'Place', name: 'Hidden Hall' }));
      expect(jsonLd.location).not.toHaveProperty('geo');
      expect(jsonLd.organizer).toEqual([expect.objectContaining({ '@type': 'Organization', name: 'Quiet Crew', email: '' })]);
      expect(JSON.stringify(jsonLd)).not.toMatch(/Geheimweg|Potsdam|14467|000000|quiet\.example|111111|hall\.jpg|bakery|side door/);
    });

    it('does not let the geo filters locate the event through their hidden coordinates', async () => {
      const ids = async (query: Record<string, unknown>) =>
        (await listEvents(t, query, caller()).expect(200)).body.events.map((e: Body) => e.id);
      expect(await ids({ geoloc_lat: 52.4, geoloc_lng: 13.06, geoloc_radius: 1 })).not.toContain(event.id);
      expect(await ids({ geoloc: true })).not.toContain(event.id);
      expect(await ids({ geoloc: false })).toContain(event.id);
    });

    it('still answers 403 <kind>-password-protected for the single record', async () => {
      expectApiError(
        await t.http.get(`${VENUES}/${venue.id}`).set(caller() ? bearer(caller() as string) : {}),
        403,
        'venue-password-protected',
      );
      expectApiError(
        await t.http.get(`${ORGANIZERS}/${organizer.id}`).set(caller() ? bearer(caller() as string) : {}),
        403,
        'organizer-password-protected',
      );
    });
  });

  describe.each([
    ['the owner', () => owner],
    ['an editor', () => editor],
    ['the administrator', () => ADMIN_TOKEN],
  ])('for %s', (_who, caller) => {
    it('lists, embeds and searches them with their content', async () => {
      const [shownVenue] = (await listed(VENUES, 'venues', caller())).filter((item) => item.id === venue.id);
      expect(shownVenue).toEqual(expect.objectContaining({ address: 'Geheimweg 7', phone: '+49 331 000000', geo_lat: 52.4 }));
      const [shownOrganizer] = (await listed(ORGANIZERS, 'organizers', caller())).filter((item) => item.id === organizer.id);
      expect(shownOrganizer).toEqual(expect.objectContaining({ email: 'crew@quiet.example' }));
      expect(await listed(VENUES, 'venues', caller(), { search: 'Geheimweg' })).toHaveLength(1);
      const single = (await getEvent(t, event.id, caller()).expect(200)).body;
      expect(single.venue.address).toBe('Geheimweg 7');
      expect(single.json_ld.location.address.streetAddress).toBe('Geheimweg 7');
      const near = await listEvents(t, { geoloc_lat: 52.4, geoloc_lng: 13.06, geoloc_radius: 1 }, caller()).expect(200);
      expect(near.body.events.map((e: Body) => e.id)).toContain(event.id);
    });
  });

  it('opens the single record with the right password', async () => {
    const read = await t.http.get(`${VENUES}/${venue.id}`).query({ password: 'sesame' }).expect(200);
    expect(read.body).toEqual(expect.objectContaining({ address: 'Geheimweg 7', geo_lat: 52.4 }));
    expect(read.body.json_ld.address.streetAddress).toBe('Geheimweg 7');
  });
});
