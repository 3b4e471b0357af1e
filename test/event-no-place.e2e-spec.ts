import { expectMissingParams } from './support/events-assertions';
import {
  Body,
  countAll,
  createEvent,
  createOrganizer,
  createVenue,
  EVENTS,
  getEvent,
  patchEvent,
  postEvent,
} from './support/events-fixtures';
import { ADMIN_TOKEN, bearer, createTestApp, TestApp } from './support/test-app';

/*
 * `venue: 0` and `organizer: 0` (or `[0]`, or `0` in a form) mean none, on create and update, as
 * `[]` does: the plugin removes the venue where this service used to answer "does not exist".
 */

const idsOf = (value: unknown): number[] => (Array.isArray(value) ? value : [value]).map((item: Body) => item.id as number);

describe('event links: 0 means none', () => {
  let t: TestApp;
  let hall: number;
  let society: number;
  let club: number;
  beforeAll(async () => {
    t = await createTestApp();
    hall = (await createVenue(t, { venue: 'Zero Hall' })).id;
    society = (await createOrganizer(t, { organizer: 'Zero Society' })).id;
    club = (await createOrganizer(t, { organizer: 'Zero Club' })).id;
  });
  afterAll(async () => t.close());

  const linked = () => createEvent(t, { venue: hall, organizer: [society, club] });
  const form = (id: number, body: string) => t.http.post(`${EVENTS}/${id}`).set(bearer(ADMIN_TOKEN)).type('form').send(body);

  it.each<[string, unknown]>([
    ['0', 0],
    ['"0"', '0'],
    ['[0]', [0]],
    ['["0"]', ['0']],
  ])('%s removes the venue and the organizers on update, and writes no record', async (_label, none) => {
    const event = await linked();
    const before = await countAll(t);
    const res = await patchEvent(t, event.id, { venue: none, organizer: none }).expect(200);
    expect([res.body.venue, res.body.organizer]).toEqual([[], []]);
    expect((await getEvent(t, event.id).expect(200)).body).toMatchObject({ venue: [], organizer: [] });
    expect(await countAll(t)).toEqual({ ...before, event_venues: before.event_venues - 1, event_organizers: before.event_organizers - 2 });
  });

  it.each(['venue=0&organizer=0', 'venue[]=0&organizer[]=0'])('form body %p removes them too', async (body) => {
    const event = await linked();
    const res = await form(event.id, body).expect(200);
    expect([res.body.venue, res.body.organizer]).toEqual([[], []]);
  });

  it.each<[string, unknown]>([
    ['0', 0],
    ['[0]', [0]],
  ])('%s creates an event without venue or organizer', async (_label, none) => {
    const event = await createEvent(t, { venue: none, organizer: none });
    expect([event.venue, event.organizer]).toEqual([[], []]);
  });

  it('accepts 0 in a form body on create', async () => {
    const res = await t.http
      .post(EVENTS)
      .set(bearer(ADMIN_TOKEN))
      .type('form')
      .send('title=Zero%20form&start_date=2031-01-01%2010%3A00&end_date=2031-01-01%2011%3A00&venue=0&organizer=0')
      .expect(201);
    expect([res.body.venue, res.body.organizer]).toEqual([[], []]);
  });

  it('keeps the real IDs of a list that also holds 0, in order', async () => {
    const event = await createEvent(t, { venue: [0, hall], organizer: [club, 0, society] });
    expect(idsOf(event.venue)).toEqual([hall]);
    expect(idsOf(event.organizer)).toEqual([club, society]);
    const res = await form(event.id, `organizer=0,${society}`).expect(200);
    expect(idsOf(res.body.organizer)).toEqual([society]);
  });

  it('reads {id: 0, ...} as a new record, as an object without id', async () => {
    const event = await createEvent(t, { venue: { id: 0, venue: 'Zero-id Hall' }, organizer: [{ id: '0', organizer: 'Zero-id Society' }] });
    expect((event.venue as Body).venue).toBe('Zero-id Hall');
    expect((event.venue as Body).id).not.toBe(hall);
    expect((event.organizer as Body[]).map((organizer) => organizer.organizer)).toEqual(['Zero-id Society']);
    expectMissingParams(await postEvent(t, { venue: { id: 0 } }), ['venue[venue]']);
  });
});
