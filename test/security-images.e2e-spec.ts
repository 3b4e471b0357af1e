import { expectInvalidParams } from './support/posts-assertions';
import { Body, createEvent, createOrganizer, createVenue, patchEvent, EVENTS } from './support/events-fixtures';
import { Image, imageOf, imageParam, imageSession, linkedImage, MISSING_ID, SOON } from './support/image-writes';
import { bearer } from './support/test-app';

/**
 * `image` names an image by ID or by URL. An image is linkable by the user who recorded it and by
 * whoever may open a record that shows it; any other answers exactly like a missing ID, so that
 * walking IDs reveals nothing of drafts, private, scheduled, protected or trashed records.
 * Contributors link images but do not add them by URL (as in WordPress, where they may not
 * upload), and a URL already recorded is that same image.
 */
describe('security: images by ID', () => {
  const { t, tokens, writes } = imageSession();

  describe('by ID', () => {
    /** Images shown only by records that the author and the contributor may not open. */
    const hidden: { [what: string]: Image } = {};
    let published: Image;
    let protectedOne: Image;
    let draft: Image;
    let orphan: Image;
    let trashed: Image;

    beforeAll(async () => {
      const event = async (fields: Body, token = tokens.otherAuthor) => imageOf(await createEvent(t, { ...SOON, ...fields }, token));
      draft = await event({ title: 'Draft', status: 'draft', image: 'https://img.example/draft.png' });
      protectedOne = await event({ title: 'Members only', password: 'sesame', image: 'https://img.example/members.png' });
      hidden['a draft event'] = draft;
      hidden['a protected event'] = protectedOne;
      hidden['a pending event'] = await event(
        { title: 'Pending', status: 'pending', image: 'https://img.example/pending.png' },
        tokens.editor,
      );
      hidden['a private event'] = await event(
        { title: 'Private', status: 'private', image: 'https://img.example/private.png' },
        tokens.editor,
      );
      hidden['a scheduled event'] = await event(
        { title: 'Scheduled', status: 'future', date: '2099-01-01 00:00:00', image: 'https://img.example/scheduled.png' },
        tokens.editor,
      );
      const venue = await createVenue(t, { venue: 'Draft Hall', status: 'draft', image: 'https://img.example/hall.png' }, tokens.editor);
      hidden['a draft venue'] = imageOf(venue);
      const organizer = await createOrganizer(
        t,
        { organizer: 'Secret Club', password: 'sesame', image: 'https://img.example/club.png' },
        tokens.otherAuthor,
      );
      hidden['a protected organizer'] = imageOf(organizer);
      const toTrash = await createEvent(t, { title: 'Gone', image: 'https://img.example/gone.png', ...SOON }, tokens.otherAuthor);
      await t.http.delete(`${EVENTS}/${toTrash.id}`).set(bearer(tokens.otherAuthor)).expect(200);
      trashed = imageOf(toTrash);
      hidden['a trashed event'] = trashed;
      const unlinked = await createEvent(
        t,
        { title: 'Poster removed', image: 'https://img.example/removed.png', ...SOON },
        tokens.otherAuthor,
      );
      orphan = imageOf(unlinked);
      await patchEvent(t, unlinked.id, { image: '' }, tokens.otherAuthor).expect(200);
      hidden['no record (recorded by someone else)'] = orphan;
      published = await event({ title: 'Public', image: 'https://img.example/public.png' });
    });

    it.each(writes)('%s: an image that only hidden records show answers exactly like a missing ID', async (_write, write) => {
      for (const token of [tokens.author, tokens.contributor]) {
        const missing = await write(token, MISSING_ID);
        expectInvalidParams(missing, [imageParam(missing)]);
        for (const [what, image] of Object.entries(hidden)) {
          const res = await write(token, image.id);
          expect({ what, status: res.status, body: res.body }).toEqual({ what, status: missing.status, body: missing.body });
        }
      }
    });

    it.each(writes)('%s: an image of a published record links, for contributors too', async (_write, write) => {
      for (const token of [tokens.author, tokens.contributor, tokens.editor]) {
        const res = await write(token, published.id);
        expect(res.status).toBeLessThan(300);
        expect(linkedImage(res)).toEqual(published);
      }
    });

    // The records written below are drafts: a published one would show the image to everybody.
    it('links an image for whoever may open a record that shows it: its owner and editors', async () => {
      for (const image of [draft, protectedOne]) {
        for (const token of [tokens.otherAuthor, tokens.editor]) {
          expect(imageOf(await createEvent(t, { title: 'Reuse', status: 'draft', image: image.id, ...SOON }, token))).toEqual(image);
        }
      }
    });

    it('links an image for the user who recorded it, when no record they may open shows it', async () => {
      // Editors open every live record, but these images are shown by none (or by one in trash).
      for (const image of [orphan, trashed]) {
        const res = await t.http
          .post(EVENTS)
          .set(bearer(tokens.editor))
          .send({ title: 'Not mine', image: image.id, ...SOON });
        expectInvalidParams(res, ['image']);
      }
      for (const image of [orphan, trashed]) {
        expect(
          imageOf(await createEvent(t, { title: 'Mine again', status: 'draft', image: image.id, ...SOON }, tokens.otherAuthor)),
        ).toEqual(image);
      }
    });

    it('answers an ID beyond any integer like a missing one', async () => {
      const missing = await t.http
        .post(EVENTS)
        .set(bearer(tokens.author))
        .send({ title: 'Huge', image: MISSING_ID, ...SOON });
      for (const image of ['9'.repeat(400), '9007199254740993', 2 ** 53 + 2]) {
        const res = await t.http
          .post(EVENTS)
          .set(bearer(tokens.author))
          .send({ title: 'Huge', image, ...SOON });
        expect({ status: res.status, body: res.body }).toEqual({ status: missing.status, body: missing.body });
      }
    });

    it('keeps an image the record already shows when its owner sends it back', async () => {
      const event = await createEvent(t, { title: 'Round trip', image: published.id, ...SOON }, tokens.contributor);
      const res = await patchEvent(t, event.id, { title: 'Round trip, renamed', image: published.id }, tokens.contributor).expect(200);
      expect(imageOf(res.body)).toEqual(published);
    });
  });
});
