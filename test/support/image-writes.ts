import type { Response } from 'supertest';
import { Body, createEvent, EVENTS, ORGANIZERS, patchEvent, VENUES } from './events-fixtures';
import { bearer, suiteTestApp, TestApp } from './test-app';

// The writes that take an image and the callers the image tests write as (security-images*.e2e-spec.ts).

export const SOON = { start_date: 'tomorrow 8pm', end_date: 'tomorrow 11pm' };
export const MISSING_ID = 999_999;

export type Image = Body & { id: number; url: string };
type Record = Body & { id: number };
type ImageWrite = (token: string, image: unknown) => Promise<Response>;

export const imageOf = (record: Body): Image => record.image as Image;
const form = (fields: { [name: string]: unknown }) =>
  new URLSearchParams(Object.entries(fields).map(([name, value]) => [name, String(value)])).toString();

interface ImageCallers {
  author: string;
  /** A second author, whose records are others' records to `author`. */
  otherAuthor: string;
  contributor: string;
  editor: string;
}

/**
 * An app for the enclosing describe with two authors, a contributor and an editor (`tokens`), each with an
 * event of their own to update, and every write that takes an image (`writes`); filled in when the suite
 * starts (suiteTestApp). `nextNumber` keeps the names and URLs that a test makes up apart.
 */
export function imageSession() {
  const t = suiteTestApp();
  const tokens = {} as ImageCallers;
  const ownEvent: { [token: string]: Record } = {};
  beforeAll(async () => {
    const [author, otherAuthor, contributor, editor] = await Promise.all([
      t.tokenFor('author'),
      t.tokenFor('author'),
      t.tokenFor('contributor'),
      t.tokenFor('editor'),
    ]);
    Object.assign(tokens, { author, otherAuthor, contributor, editor });
    for (const token of [author, otherAuthor, contributor, editor])
      ownEvent[token] = await createEvent(t, { title: 'My Own', ...SOON }, token);
  });

  let numbers = 0;
  const nextNumber = () => ++numbers;
  /** A name no other record has: duplicate avoidance must not answer with an existing venue or organizer. */
  const fresh = (label: string) => `${label} ${nextNumber()}`;
  return { t, tokens, writes: imageWrites(() => t, ownEvent, fresh), nextNumber };
}

/**
 * Every write that takes `image`, in JSON and as a form, as each caller (updates change the caller's
 * own event). `fresh` names new venues and organizers, so duplicate avoidance never answers with an existing one.
 */
function imageWrites(
  app: () => TestApp,
  ownEvent: { [token: string]: Record },
  fresh: (label: string) => string,
): Array<[string, ImageWrite]> {
  return [
    [
      'creating an event',
      (token, image) =>
        app()
          .http.post(EVENTS)
          .set(bearer(token))
          .send({ title: 'Mine', image, ...SOON }),
    ],
    [
      'creating an event from a form',
      (token, image) =>
        app()
          .http.post(EVENTS)
          .set(bearer(token))
          .type('form')
          .send(form({ title: 'Mine', image, ...SOON })),
    ],
    ['updating an event', (token, image) => patchEvent(app(), ownEvent[token].id, { image }, token)],
    [
      'updating an event from a form',
      (token, image) => app().http.post(`${EVENTS}/${ownEvent[token].id}`).set(bearer(token)).type('form').send(form({ image })),
    ],
    [
      'creating a venue',
      (token, image) =>
        app()
          .http.post(VENUES)
          .set(bearer(token))
          .send({ venue: fresh('Hall'), image }),
    ],
    [
      'creating a venue from a form',
      (token, image) =>
        app()
          .http.post(VENUES)
          .set(bearer(token))
          .type('form')
          .send(form({ venue: fresh('Hall'), image })),
    ],
    [
      'creating an organizer',
      (token, image) =>
        app()
          .http.post(ORGANIZERS)
          .set(bearer(token))
          .send({ organizer: fresh('Club'), image }),
    ],
    [
      'creating an organizer from a form',
      (token, image) =>
        app()
          .http.post(ORGANIZERS)
          .set(bearer(token))
          .type('form')
          .send(form({ organizer: fresh('Club'), image })),
    ],
    [
      'an inline venue in an event',
      (token, image) =>
        app()
          .http.post(EVENTS)
          .set(bearer(token))
          .send({ title: 'Mine', venue: { venue: fresh('Hall'), image }, ...SOON }),
    ],
  ];
}

/** The parameter an error names for `image`: `venue[image]` for an inline venue's. */
export const imageParam = (res: Response): string => (res.body.data?.params?.['venue[image]'] === undefined ? 'image' : 'venue[image]');

/** The image a write linked: the record's, or for an event with an inline venue the venue's. */
export const linkedImage = (res: Response): Image => {
  const venue = res.body.venue as unknown;
  const inline = typeof venue === 'object' && venue !== null && !Array.isArray(venue);
  return imageOf(inline ? (venue as Body) : res.body);
};
