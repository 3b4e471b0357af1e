import type { Response } from 'supertest';
import { expectApiError } from './support/posts-assertions';
import {
  ANONYMOUS,
  Body,
  Caller,
  createEvent,
  createEventLinks,
  createOrganizer,
  createTerm,
  createVenue,
  EVENTS,
  listEvents,
  ORGANIZERS,
  VENUES,
} from './support/events-fixtures';
import { ADMIN_TOKEN, bearer, createTestApp, NS, TestApp } from './support/test-app';

const SOON = { start_date: 'tomorrow 8pm', end_date: 'tomorrow 11pm' };
const MISSING_ID = 999_999;

/**
 * Filters and searches must not become oracles on records the caller may not read (README,
 * Security): a filter naming a draft, private, trashed (or, for an event's links, locked) record
 * answers exactly like one naming a missing ID, and a search matches a protected event by its
 * title only.
 */
describe('security: no oracle on hidden records', () => {
  let t: TestApp;
  let author: string;
  let otherAuthor: string;
  let editor: string;

  beforeAll(async () => {
    t = await createTestApp();
    author = await t.tokenFor('author');
    otherAuthor = await t.tokenFor('author');
    editor = await t.tokenFor('editor');
  });
  afterAll(async () => t.close());

  const get = (path: string, query: Record<string, unknown>, token: Caller) =>
    t.http
      .get(path)
      .query(query)
      .set(token ? bearer(token) : {});
  const ids = (res: Response, key: string) => (res.body[key] as Body[]).map((item) => item.id);

  /** The filter answers like it does for an ID that does not exist: same status, code, message and params. */
  async function expectAnswersLikeMissing(path: string, name: string, hiddenId: number, token: Caller): Promise<void> {
    const hidden = await get(path, { [name]: hiddenId }, token);
    const missing = await get(path, { [name]: MISSING_ID }, token);
    expectApiError(missing, 400, 'rest_invalid_param');
    expect({ status: hidden.status, body: hidden.body }).toEqual({ status: missing.status, body: missing.body });
  }

  describe('a protected event found by search', () => {
    let event: Body & { id: number };
    beforeAll(async () => {
      event = await createEvent(
        t,
        { title: 'Members Evening', description: 'The door code is 4711', excerpt: 'Bring the blue ticket', password: 'sesame', ...SOON },
        author,
      );
    });

    it.each([
      ['anonymous', () => ANONYMOUS],
      ['another author', () => otherAuthor],
    ])('matches %s by its title only', async (_who, caller) => {
      for (const guess of ['door code is 4711', '4711', 'blue ticket']) {
        const res = await listEvents(t, { search: guess }, caller()).expect(200);
        expect([res.body.total, ids(res, 'events')]).toEqual([0, []]);
      }
      const byTitle = await listEvents(t, { search: 'members evening' }, caller()).expect(200);
      expect(ids(byTitle, 'events')).toEqual([event.id]);
      expect(byTitle.body.events[0].description).toBe('');
    });

    it.each([
      ['the owner', () => author],
      ['an editor', () => editor],
    ])('matches %s by its content too', async (_who, caller) => {
      expect(ids(await listEvents(t, { search: '4711' }, caller()).expect(200), 'events')).toEqual([event.id]);
    });
  });

  describe("a draft event's links", () => {
    let draft: Body & { id: number };
    let venue: Body & { id: number };
    let organizer: Body & { id: number };
    let category: Body & { id: number };
    let tag: Body & { id: number };
    beforeAll(async () => {
      ({ venue, organizer, category, tag } = await createEventLinks(t, {
        venue: { venue: 'Public Venue' },
        organizer: { organizer: 'Public Organizer' },
        category: { name: 'Draft Category' },
        tag: { name: 'Draft Tag' },
      }));
      draft = await createEvent(
        t,
        { title: 'Draft', status: 'draft', venue: venue.id, organizer: [organizer.id], categories: [category.id], tags: [tag.id], ...SOON },
        editor,
      );
    });

    it.each([
      [`${NS}/venues`, 'event'],
      [`${NS}/organizers`, 'event'],
      [`${NS}/categories`, 'event'],
      [`${NS}/categories`, 'post'],
      [`${NS}/tags`, 'event'],
      [`${NS}/tags`, 'post'],
    ])('%s?%s=<draft id> answers anonymous callers and other authors like a missing ID', async (path, name) => {
      await expectAnswersLikeMissing(path, name, draft.id, ANONYMOUS);
      await expectAnswersLikeMissing(path, name, draft.id, otherAuthor);
    });

    it('are still listed for editors', async () => {
      expect(ids(await get(VENUES, { event: draft.id }, editor).expect(200), 'venues')).toEqual([venue.id]);
      expect(ids(await get(`${NS}/tags`, { post: draft.id, hide_empty: false }, editor).expect(200), 'tags')).toEqual([tag.id]);
    });

    it('answer like a missing ID once the event is in trash, for editors too', async () => {
      const trashed = await createEvent(t, { title: 'Trashed', venue: venue.id, ...SOON }, editor);
      await t.http.delete(`${EVENTS}/${trashed.id}`).set(bearer(editor)).expect(200);
      await expectAnswersLikeMissing(VENUES, 'event', trashed.id, editor);
    });
  });

  describe('a protected event', () => {
    let locked: Body & { id: number };
    let category: Body & { id: number };
    let venue: Body & { id: number };
    beforeAll(async () => {
      category = await createTerm(t, 'categories', { name: 'Locked Only' });
      venue = await createVenue(t, { venue: 'Locked Only Venue' });
      locked = await createEvent(t, { title: 'Locked', password: 'sesame', categories: [category.id], venue: venue.id, ...SOON }, author);
    });

    it('hides its terms and venue behind the filters of the other lists', async () => {
      await expectAnswersLikeMissing(`${NS}/categories`, 'event', locked.id, ANONYMOUS);
      await expectAnswersLikeMissing(VENUES, 'event', locked.id, otherAuthor);
      expect(ids(await listEvents(t, { categories: category.id }).expect(200), 'events')).toEqual([]);
      expect(ids(await listEvents(t, { venue: venue.id }).expect(200), 'events')).toEqual([]);
      expect(ids(await get(VENUES, { has_events: true }, ANONYMOUS).expect(200), 'venues')).not.toContain(venue.id);
    });

    it('shows them to the owner', async () => {
      expect(ids(await get(VENUES, { event: locked.id }, author).expect(200), 'venues')).toEqual([venue.id]);
      expect(ids(await listEvents(t, { categories: category.id }, author).expect(200), 'events')).toEqual([locked.id]);
    });
  });

  describe('event filters naming a venue or organizer', () => {
    it.each([
      ['venue', VENUES, 'venue'],
      ['organizer', ORGANIZERS, 'organizer'],
    ] as const)('events?%s=<draft, private or trashed id> answers like a missing ID and lists nothing', async (name, path, field) => {
      const make = (label: string, fields: Body = {}) =>
        name === 'venue' ? createVenue(t, { venue: label, ...fields }) : createOrganizer(t, { organizer: label, ...fields });
      const draft = await make('Draft One', { status: 'draft' });
      const privateOne = await make('Private One', { status: 'private' });
      const trashed = await make('Trashed One');
      for (const hidden of [draft, privateOne, trashed]) {
        await createEvent(t, { title: `Public via ${name}`, [field]: hidden.id, ...SOON });
      }
      await t.http.delete(`${path}/${trashed.id}`).set(bearer(ADMIN_TOKEN)).expect(200);
      for (const hidden of [draft, privateOne]) {
        await expectAnswersLikeMissing(EVENTS, name, hidden.id, ANONYMOUS);
        await expectAnswersLikeMissing(EVENTS, name, hidden.id, otherAuthor);
        expect((await listEvents(t, { [name]: hidden.id }, editor).expect(200)).body.total).toBe(1);
      }
      await expectAnswersLikeMissing(EVENTS, name, trashed.id, editor);
    });

    it('events?post_parent=<draft id> answers like a missing ID', async () => {
      const draft = await createEvent(t, { title: 'Draft Parent', status: 'draft', ...SOON });
      await expectAnswersLikeMissing(EVENTS, 'post_parent', draft.id, ANONYMOUS);
      await get(EVENTS, { post_parent: draft.id }, editor).expect(200);
    });
  });
});
