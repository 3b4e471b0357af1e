import type { Response } from 'supertest';
import { expectApiError, expectInvalidParams } from './support/posts-assertions';
import { listen } from './support/posts-fixtures';
import {
  Body,
  countRows,
  createEvent,
  createOrganizer,
  createVenue,
  EVENTS,
  ORGANIZERS,
  patchEvent,
  VENUES,
} from './support/events-fixtures';
import { bearer, createTestApp, TestApp } from './support/test-app';

const SOON = { start_date: 'tomorrow 8pm', end_date: 'tomorrow 11pm' };
const MISSING_ID = 999_999;

type Image = Body & { id: number; url: string };
type Record = Body & { id: number };

/**
 * `image` names an image by ID or by URL. An image is linkable by the user who recorded it and by
 * whoever may open a record that shows it; any other answers exactly like a missing ID, so that
 * walking IDs reveals nothing of drafts, private, scheduled, protected or trashed records.
 * Contributors link images but do not add them by URL (as in WordPress, where they may not
 * upload), and a URL already recorded is that same image.
 */
describe('security: images', () => {
  let t: TestApp;
  let author: string;
  let otherAuthor: string;
  let contributor: string;
  let editor: string;
  /** One event of each caller's own, to update. */
  const ownEvent: { [token: string]: Record } = {};

  beforeAll(async () => {
    t = await createTestApp();
    [author, otherAuthor, contributor, editor] = await Promise.all([
      t.tokenFor('author'),
      t.tokenFor('author'),
      t.tokenFor('contributor'),
      t.tokenFor('editor'),
    ]);
    for (const token of [author, otherAuthor, contributor, editor])
      ownEvent[token] = await createEvent(t, { title: 'My Own', ...SOON }, token);
  });
  afterAll(async () => t.close());

  const imageOf = (record: Body): Image => record.image as Image;
  const form = (fields: { [name: string]: unknown }) =>
    new URLSearchParams(Object.entries(fields).map(([name, value]) => [name, String(value)])).toString();
  let names = 0;
  /** A name no other record has: duplicate avoidance must not answer with an existing venue or organizer. */
  const fresh = (label: string) => `${label} ${++names}`;

  /** Every write that takes `image`, in JSON and as a form. */
  const WRITES: Array<[string, (token: string, image: unknown) => Promise<Response>]> = [
    [
      'creating an event',
      (token, image) =>
        t.http
          .post(EVENTS)
          .set(bearer(token))
          .send({ title: 'Mine', image, ...SOON }),
    ],
    [
      'creating an event from a form',
      (token, image) =>
        t.http
          .post(EVENTS)
          .set(bearer(token))
          .type('form')
          .send(form({ title: 'Mine', image, ...SOON })),
    ],
    ['updating an event', (token, image) => patchEvent(t, ownEvent[token].id, { image }, token)],
    [
      'updating an event from a form',
      (token, image) => t.http.post(`${EVENTS}/${ownEvent[token].id}`).set(bearer(token)).type('form').send(form({ image })),
    ],
    [
      'creating a venue',
      (token, image) =>
        t.http
          .post(VENUES)
          .set(bearer(token))
          .send({ venue: fresh('Hall'), image }),
    ],
    [
      'creating a venue from a form',
      (token, image) =>
        t.http
          .post(VENUES)
          .set(bearer(token))
          .type('form')
          .send(form({ venue: fresh('Hall'), image })),
    ],
    [
      'creating an organizer',
      (token, image) =>
        t.http
          .post(ORGANIZERS)
          .set(bearer(token))
          .send({ organizer: fresh('Club'), image }),
    ],
    [
      'creating an organizer from a form',
      (token, image) =>
        t.http
          .post(ORGANIZERS)
          .set(bearer(token))
          .type('form')
          .send(form({ organizer: fresh('Club'), image })),
    ],
    [
      'an inline venue in an event',
      (token, image) =>
        t.http
          .post(EVENTS)
          .set(bearer(token))
          .send({ title: 'Mine', venue: { venue: fresh('Hall'), image }, ...SOON }),
    ],
  ];

  /** The parameter an error names for `image`: `venue[image]` for an inline venue's. */
  const imageParam = (res: Response): string => (res.body.data?.params?.['venue[image]'] === undefined ? 'image' : 'venue[image]');

  /** The image a write linked: the record's, or for an event with an inline venue the venue's. */
  const linkedImage = (res: Response): Image => {
    const venue = res.body.venue as unknown;
    const inline = typeof venue === 'object' && venue !== null && !Array.isArray(venue);
    return imageOf(inline ? (venue as Body) : res.body);
  };

  describe('by ID', () => {
    /** Images shown only by records that the author and the contributor may not open. */
    const hidden: { [what: string]: Image } = {};
    let published: Image;
    let protectedOne: Image;
    let draft: Image;
    let orphan: Image;
    let trashed: Image;

    beforeAll(async () => {
      const event = async (fields: Body, token = otherAuthor) => imageOf(await createEvent(t, { ...SOON, ...fields }, token));
      draft = await event({ title: 'Draft', status: 'draft', image: 'https://img.example/draft.png' });
      protectedOne = await event({ title: 'Members only', password: 'sesame', image: 'https://img.example/members.png' });
      hidden['a draft event'] = draft;
      hidden['a protected event'] = protectedOne;
      hidden['a pending event'] = await event({ title: 'Pending', status: 'pending', image: 'https://img.example/pending.png' }, editor);
      hidden['a private event'] = await event({ title: 'Private', status: 'private', image: 'https://img.example/private.png' }, editor);
      hidden['a scheduled event'] = await event(
        { title: 'Scheduled', status: 'future', date: '2099-01-01 00:00:00', image: 'https://img.example/scheduled.png' },
        editor,
      );
      const venue = await createVenue(t, { venue: 'Draft Hall', status: 'draft', image: 'https://img.example/hall.png' }, editor);
      hidden['a draft venue'] = imageOf(venue);
      const organizer = await createOrganizer(
        t,
        { organizer: 'Secret Club', password: 'sesame', image: 'https://img.example/club.png' },
        otherAuthor,
      );
      hidden['a protected organizer'] = imageOf(organizer);
      const toTrash = await createEvent(t, { title: 'Gone', image: 'https://img.example/gone.png', ...SOON }, otherAuthor);
      await t.http.delete(`${EVENTS}/${toTrash.id}`).set(bearer(otherAuthor)).expect(200);
      trashed = imageOf(toTrash);
      hidden['a trashed event'] = trashed;
      const unlinked = await createEvent(t, { title: 'Poster removed', image: 'https://img.example/removed.png', ...SOON }, otherAuthor);
      orphan = imageOf(unlinked);
      await patchEvent(t, unlinked.id, { image: '' }, otherAuthor).expect(200);
      hidden['no record (recorded by someone else)'] = orphan;
      published = await event({ title: 'Public', image: 'https://img.example/public.png' });
    });

    it.each(WRITES)('%s: an image that only hidden records show answers exactly like a missing ID', async (_write, write) => {
      for (const token of [author, contributor]) {
        const missing = await write(token, MISSING_ID);
        expectInvalidParams(missing, [imageParam(missing)]);
        for (const [what, image] of Object.entries(hidden)) {
          const res = await write(token, image.id);
          expect({ what, status: res.status, body: res.body }).toEqual({ what, status: missing.status, body: missing.body });
        }
      }
    });

    it.each(WRITES)('%s: an image of a published record links, for contributors too', async (_write, write) => {
      for (const token of [author, contributor, editor]) {
        const res = await write(token, published.id);
        expect(res.status).toBeLessThan(300);
        expect(linkedImage(res)).toEqual(published);
      }
    });

    // The records written below are drafts: a published one would show the image to everybody.
    it('links an image for whoever may open a record that shows it: its owner and editors', async () => {
      for (const image of [draft, protectedOne]) {
        for (const token of [otherAuthor, editor]) {
          expect(imageOf(await createEvent(t, { title: 'Reuse', status: 'draft', image: image.id, ...SOON }, token))).toEqual(image);
        }
      }
    });

    it('links an image for the user who recorded it, when no record they may open shows it', async () => {
      // Editors open every live record, but these images are shown by none (or by one in trash).
      for (const image of [orphan, trashed]) {
        const res = await t.http
          .post(EVENTS)
          .set(bearer(editor))
          .send({ title: 'Not mine', image: image.id, ...SOON });
        expectInvalidParams(res, ['image']);
      }
      for (const image of [orphan, trashed]) {
        expect(imageOf(await createEvent(t, { title: 'Mine again', status: 'draft', image: image.id, ...SOON }, otherAuthor))).toEqual(
          image,
        );
      }
    });

    it('answers an ID beyond any integer like a missing one', async () => {
      const missing = await t.http
        .post(EVENTS)
        .set(bearer(author))
        .send({ title: 'Huge', image: MISSING_ID, ...SOON });
      for (const image of ['9'.repeat(400), '9007199254740993', 2 ** 53 + 2]) {
        const res = await t.http
          .post(EVENTS)
          .set(bearer(author))
          .send({ title: 'Huge', image, ...SOON });
        expect({ status: res.status, body: res.body }).toEqual({ status: missing.status, body: missing.body });
      }
    });

    it('keeps an image the record already shows when its owner sends it back', async () => {
      const event = await createEvent(t, { title: 'Round trip', image: published.id, ...SOON }, contributor);
      const res = await patchEvent(t, event.id, { title: 'Round trip, renamed', image: published.id }, contributor).expect(200);
      expect(imageOf(res.body)).toEqual(published);
    });
  });

  describe('by URL', () => {
    it.each(WRITES)('%s: contributors may not add an image (400 naming image), and nothing is recorded', async (_write, write) => {
      const before = await countRows(t, 'images');
      const res = await write(contributor, `https://img.example/new-${++names}.png`);
      expectInvalidParams(res, [imageParam(res)]);
      expect(res.body.data.params[imageParam(res)]).toMatch(/contributors/);
      expect(await countRows(t, 'images')).toBe(before);
    });

    it.each(WRITES)('%s: authors and editors may, and get the image recorded', async (_write, write) => {
      for (const token of [author, editor]) {
        const url = `https://img.example/added-${++names}.jpg`;
        const res = await write(token, url);
        expect(res.status).toBeLessThan(300);
        expect(linkedImage(res)).toMatchObject({ url, extension: 'jpg' });
      }
    });

    it('answers a contributor in German too', async () => {
      const res = await t.http
        .post(EVENTS)
        .set({ ...bearer(contributor), 'Accept-Language': 'de' })
        .send({ title: 'Meins', image: 'https://img.example/de.png', ...SOON });
      expectApiError(res, 400, 'rest_invalid_param');
      expect(res.body.data.params.image).toMatch(/Mitwirkende/);
    });

    it.each(WRITES)('%s: a URL already recorded is that same image, no second record', async (_write, write) => {
      const url = `https://img.example/again-${++names}.png`;
      const first = imageOf(await createEvent(t, { title: 'First', image: url, ...SOON }, otherAuthor));
      const before = await countRows(t, 'images');
      // Its owner, anyone who may open a record that shows it, and a contributor, who may link it.
      for (const token of [otherAuthor, author, editor, contributor]) {
        const res = await write(token, url);
        expect(res.status).toBeLessThan(300);
        expect(linkedImage(res)).toEqual(first);
      }
      expect(await countRows(t, 'images')).toBe(before);
    });

    it('records one image when a writer sends a new URL in concurrent requests', async () => {
      const url = 'https://img.example/race.png';
      await listen(t);
      const before = await countRows(t, 'images');
      const answers = await Promise.all(
        [1, 2, 3, 4, 5, 6].map((n) =>
          t.http
            .post(EVENTS)
            .set(bearer(author))
            .send({ title: `Race ${n}`, image: url, ...SOON }),
        ),
      );
      expect(answers.map((res) => res.status)).toEqual([201, 201, 201, 201, 201, 201]);
      expect(new Set(answers.map((res) => imageOf(res.body).id)).size).toBe(1);
      expect(await countRows(t, 'images')).toBe(before + 1);
    });

    it('records a URL anew for a caller who may not link the image already recorded with it', async () => {
      const url = 'https://img.example/draft-poster.png';
      const hidden = imageOf(await createEvent(t, { title: 'Draft poster', status: 'draft', image: url, ...SOON }, otherAuthor));
      // An editor opens the draft: same image (in a draft of theirs, which keeps it hidden from others).
      expect(imageOf(await createEvent(t, { title: 'Editor', status: 'draft', image: url, ...SOON }, editor))).toEqual(hidden);
      // A contributor may not link it: the answer is the one for a URL never seen.
      const never = await t.http
        .post(EVENTS)
        .set(bearer(contributor))
        .send({ title: 'C', image: 'https://img.example/never-seen.png', ...SOON });
      const known = await t.http
        .post(EVENTS)
        .set(bearer(contributor))
        .send({ title: 'C', image: url, ...SOON });
      expect({ status: known.status, body: known.body }).toEqual({ status: never.status, body: never.body });
      // Another author gets an image of their own, the same one each time; the draft's stays hidden.
      const own = imageOf(await createEvent(t, { title: 'Own poster', status: 'draft', image: url, ...SOON }, author));
      expect(own).toMatchObject({ url });
      expect(own.id).not.toBe(hidden.id);
      expect(imageOf(await createEvent(t, { title: 'Own poster again', image: url, ...SOON }, author))).toEqual(own);
      expect(imageOf(await createEvent(t, { title: 'By ID', image: own.id, ...SOON }, author))).toEqual(own);
    });
  });
});
