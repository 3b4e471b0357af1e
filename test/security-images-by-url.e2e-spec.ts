import { expectApiError, expectInvalidParams } from './support/posts-assertions';
import { listen } from './support/posts-fixtures';
import { countRows, createEvent, EVENTS } from './support/events-fixtures';
import { imageOf, imageParam, imageSession, linkedImage, SOON } from './support/image-writes';
import { bearer } from './support/test-app';

/**
 * `image` names an image by ID or by URL. An image is linkable by the user who recorded it and by
 * whoever may open a record that shows it; any other answers exactly like a missing ID, so that
 * walking IDs reveals nothing of drafts, private, scheduled, protected or trashed records.
 * Contributors link images but do not add them by URL (as in WordPress, where they may not
 * upload), and a URL already recorded is that same image.
 */
describe('security: images by URL', () => {
  const { t, tokens, writes, nextNumber } = imageSession();

  describe('by URL', () => {
    it.each(writes)('%s: contributors may not add an image (400 naming image), and nothing is recorded', async (_write, write) => {
      const before = await countRows(t, 'images');
      const res = await write(tokens.contributor, `https://img.example/new-${nextNumber()}.png`);
      expectInvalidParams(res, [imageParam(res)]);
      expect(res.body.data.params[imageParam(res)]).toMatch(/contributors/);
      expect(await countRows(t, 'images')).toBe(before);
    });

    it.each(writes)('%s: authors and editors may, and get the image recorded', async (_write, write) => {
      for (const token of [tokens.author, tokens.editor]) {
        const url = `https://img.example/added-${nextNumber()}.jpg`;
        const res = await write(token, url);
        expect(res.status).toBeLessThan(300);
        expect(linkedImage(res)).toMatchObject({ url, extension: 'jpg' });
      }
    });

    it('answers a contributor in German too', async () => {
      const res = await t.http
        .post(EVENTS)
        .set({ ...bearer(tokens.contributor), 'Accept-Language': 'de' })
        .send({ title: 'Meins', image: 'https://img.example/de.png', ...SOON });
      expectApiError(res, 400, 'rest_invalid_param');
      expect(res.body.data.params.image).toMatch(/Mitwirkende/);
    });

    it.each(writes)('%s: a URL already recorded is that same image, no second record', async (_write, write) => {
      const url = `https://img.example/again-${nextNumber()}.png`;
      const first = imageOf(await createEvent(t, { title: 'First', image: url, ...SOON }, tokens.otherAuthor));
      const before = await countRows(t, 'images');
      // Its owner, anyone who may open a record that shows it, and a contributor, who may link it.
      for (const token of [tokens.otherAuthor, tokens.author, tokens.editor, tokens.contributor]) {
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
            .set(bearer(tokens.author))
            .send({ title: `Race ${n}`, image: url, ...SOON }),
        ),
      );
      expect(answers.map((res) => res.status)).toEqual([201, 201, 201, 201, 201, 201]);
      expect(new Set(answers.map((res) => imageOf(res.body).id)).size).toBe(1);
      expect(await countRows(t, 'images')).toBe(before + 1);
    });

    it('records a URL anew for a caller who may not link the image already recorded with it', async () => {
      const url = 'https://img.example/draft-poster.png';
      const hidden = imageOf(await createEvent(t, { title: 'Draft poster', status: 'draft', image: url, ...SOON }, tokens.otherAuthor));
      // An editor opens the draft: same image (in a draft of theirs, which keeps it hidden from others).
      expect(imageOf(await createEvent(t, { title: 'Editor', status: 'draft', image: url, ...SOON }, tokens.editor))).toEqual(hidden);
      // A contributor may not link it: the answer is the one for a URL never seen.
      const never = await t.http
        .post(EVENTS)
        .set(bearer(tokens.contributor))
        .send({ title: 'C', image: 'https://img.example/never-seen.png', ...SOON });
      const known = await t.http
        .post(EVENTS)
        .set(bearer(tokens.contributor))
        .send({ title: 'C', image: url, ...SOON });
      expect({ status: known.status, body: known.body }).toEqual({ status: never.status, body: never.body });
      // Another author gets an image of their own, the same one each time; the draft's stays hidden.
      const own = imageOf(await createEvent(t, { title: 'Own poster', status: 'draft', image: url, ...SOON }, tokens.author));
      expect(own).toMatchObject({ url });
      expect(own.id).not.toBe(hidden.id);
      expect(imageOf(await createEvent(t, { title: 'Own poster again', image: url, ...SOON }, tokens.author))).toEqual(own);
      expect(imageOf(await createEvent(t, { title: 'By ID', image: own.id, ...SOON }, tokens.author))).toEqual(own);
    });
  });
});
