import {
  ANONYMOUS,
  Body,
  createEvent,
  createOrganizer,
  createVenue,
  EVENTS,
  getEvent,
  ORGANIZERS,
  VENUES,
} from './support/events-fixtures';
import { ADMIN_TOKEN, bearer, createTestApp, TestApp } from './support/test-app';

const SECRET_VENUE = {
  venue: 'Secret Bunker',
  description: 'Door behind the third pillar',
  address: 'Tunnelweg 3',
  city: 'Zossen',
  zip: '15806',
  phone: '+49 3377 999',
  website: 'https://bunker.example',
  geo_lat: 52.2,
  geo_lng: 13.44,
  password: 'sesame',
};
const SECRET_ORGANIZER = {
  organizer: 'Night Owls',
  description: 'Ask for Ben',
  phone: '+49 30 424242',
  email: 'owls@night.example',
  website: 'https://night.example',
  password: 'sesame',
};

/**
 * Duplicate avoidance returns an existing venue or organizer instead of creating one; it must
 * never hand over a record whose hidden fields the caller cannot open (password), nor confirm a
 * guess of them by linking its ID. And it matches only when every field the body gives matches.
 */
describe('security: duplicate avoidance of venues and organizers', () => {
  let t: TestApp;
  let owner: string;
  let contributor: string;
  let otherAuthor: string;
  let venue: Body & { id: number };
  let organizer: Body & { id: number };

  beforeAll(async () => {
    t = await createTestApp();
    owner = await t.tokenFor('author');
    contributor = await t.tokenFor('contributor');
    otherAuthor = await t.tokenFor('author');
    venue = await createVenue(t, SECRET_VENUE, owner);
    organizer = await createOrganizer(t, SECRET_ORGANIZER, owner);
  });
  afterAll(async () => t.close());

  const hiddenVenueValues = Object.entries(SECRET_VENUE)
    .filter(([key]) => !['venue', 'password'].includes(key))
    .map(([, value]) => value);
  const hiddenOrganizerValues = Object.entries(SECRET_ORGANIZER)
    .filter(([key]) => !['organizer', 'password'].includes(key))
    .map(([, value]) => value);
  const disclosed = (body: unknown, values: unknown[]) => values.filter((value) => JSON.stringify(body).includes(JSON.stringify(value)));

  describe.each([
    ['a contributor', () => contributor],
    ['another author', () => otherAuthor],
  ])('for %s, who cannot open them', (_who, caller) => {
    it("POST /venues with a protected venue's name creates a new venue and discloses nothing", async () => {
      const res = await t.http.post(VENUES).set(bearer(caller())).send({ venue: 'secret bunker' }).expect(201);
      expect(res.body.id).not.toBe(venue.id);
      expect(disclosed(res.body, hiddenVenueValues)).toEqual([]);
    });

    it("POST /organizers with a protected organizer's name creates a new organizer and discloses nothing", async () => {
      const res = await t.http.post(ORGANIZERS).set(bearer(caller())).send({ organizer: 'NIGHT OWLS' }).expect(201);
      expect(res.body.id).not.toBe(organizer.id);
      expect(disclosed(res.body, hiddenOrganizerValues)).toEqual([]);
    });

    it('a right guess of hidden fields in an inline venue or organizer does not link the existing one', async () => {
      const event = await createEvent(
        t,
        {
          title: 'Guessing Game',
          start_date: 'tomorrow 8pm',
          end_date: 'tomorrow 10pm',
          venue: { venue: 'Secret Bunker', address: 'Tunnelweg 3', city: 'Zossen' },
          organizer: [{ organizer: 'Night Owls', email: 'owls@night.example' }],
        },
        caller(),
      );
      const shown = (await getEvent(t, event.id, caller()).expect(200)).body;
      expect(shown.venue.id).not.toBe(venue.id);
      expect(shown.organizer[0].id).not.toBe(organizer.id);
    });

    it('a wrong guess gives the same kind of answer as a right one (no oracle)', async () => {
      const right = await t.http.post(VENUES).set(bearer(caller())).send({ venue: 'Secret Bunker', zip: '15806' }).expect(201);
      const wrong = await t.http.post(VENUES).set(bearer(caller())).send({ venue: 'Secret Bunker', zip: '00000' }).expect(201);
      for (const res of [right, wrong]) {
        expect(res.body.id).not.toBe(venue.id);
        expect(res.body.author).not.toBe(venue.author);
      }
    });
  });

  it('the owner and editors, who can open them, still get the existing records', async () => {
    const editor = await t.tokenFor('editor');
    for (const token of [owner, editor]) {
      const same = await t.http.post(VENUES).set(bearer(token)).send({ venue: 'Secret Bunker', city: 'zossen' }).expect(201);
      expect(same.body.id).toBe(venue.id);
      const sameOrganizer = await t.http.post(ORGANIZERS).set(bearer(token)).send({ organizer: 'Night Owls' }).expect(201);
      expect(sameOrganizer.body.id).toBe(organizer.id);
    }
  });

  it('an inline venue of the owner still links the existing one', async () => {
    const event = await createEvent(
      t,
      { title: 'Owners Night', start_date: 'tomorrow 8pm', end_date: 'tomorrow 10pm', venue: { venue: 'Secret Bunker', zip: '15806' } },
      owner,
    );
    expect((await getEvent(t, event.id, owner).expect(200)).body.venue.id).toBe(venue.id);
    expect((await getEvent(t, event.id, ANONYMOUS).expect(200)).body.venue).toEqual(expect.objectContaining({ id: venue.id, address: '' }));
  });

  describe('every given field must match', () => {
    let plain: Body & { id: number };
    let image: Body & { id: number };
    beforeAll(async () => {
      plain = await createVenue(t, { venue: 'Corner Stage', city: 'Leipzig' });
      image = await createVenue(t, { venue: 'Picture Hall', city: 'Halle', image: 'https://img.example/picture-hall.jpg' });
    });

    it.each([
      ['slug', { slug: 'corner-stage-east' }],
      ['status', { status: 'draft' }],
      ['image', { image: 'https://img.example/corner.jpg' }],
      ['password', { password: 'other' }],
    ])('a different %s creates a new venue', async (_field, change) => {
      const res = await t.http
        .post(VENUES)
        .set(bearer(ADMIN_TOKEN))
        .send({ venue: 'Corner Stage', city: 'Leipzig', ...change })
        .expect(201);
      expect(res.body.id).not.toBe(plain.id);
    });

    it.each([
      ['slug', { slug: 'Corner Stage' }],
      ['status', { status: 'publish' }],
      ['no image', { image: '' }],
    ])('the same %s returns the existing venue', async (_field, same) => {
      const res = await t.http
        .post(VENUES)
        .set(bearer(ADMIN_TOKEN))
        .send({ venue: 'Corner Stage', city: 'Leipzig', ...same })
        .expect(201);
      expect(res.body.id).toBe(plain.id);
    });

    it('the same image returns the existing venue, another one creates a new venue', async () => {
      const imageId = (image.image as { id: number }).id;
      const same = await t.http.post(VENUES).set(bearer(ADMIN_TOKEN)).send({ venue: 'Picture Hall', image: imageId }).expect(201);
      expect(same.body.id).toBe(image.id);
      const none = await t.http.post(VENUES).set(bearer(ADMIN_TOKEN)).send({ venue: 'Picture Hall', image: '' }).expect(201);
      expect(none.body.id).not.toBe(image.id);
    });

    it('an organizer with another slug or status is a new organizer', async () => {
      const first = await createOrganizer(t, { organizer: 'Same Crew', email: 'crew@same.example' });
      for (const change of [{ slug: 'same-crew-two' }, { status: 'pending' }]) {
        const res = await t.http
          .post(ORGANIZERS)
          .set(bearer(ADMIN_TOKEN))
          .send({ organizer: 'Same Crew', email: 'crew@same.example', ...change })
          .expect(201);
        expect(res.body.id).not.toBe(first.id);
      }
      const same = await t.http.post(ORGANIZERS).set(bearer(ADMIN_TOKEN)).send({ organizer: 'Same Crew', slug: 'same-crew' }).expect(201);
      expect(same.body.id).toBe(first.id);
    });

    it('an inline organizer in an event with another status is not the existing one', async () => {
      const first = await createOrganizer(t, { organizer: 'Inline Crew' });
      const res = await t.http
        .post(EVENTS)
        .set(bearer(ADMIN_TOKEN))
        .send({
          title: 'Inline',
          start_date: 'tomorrow 8pm',
          end_date: 'tomorrow 9pm',
          organizer: [{ organizer: 'Inline Crew', status: 'draft' }],
        })
        .expect(201);
      expect(res.body.organizer[0].id).not.toBe(first.id);
    });
  });
});
