import { expectInvalidParams, withoutOrigin } from './support/events-assertions';
import {
  Body,
  countAll,
  countRows,
  createEvent,
  createTerm,
  createVenue,
  getEvent,
  patchEvent,
  postEvent,
} from './support/events-fixtures';
import { NS, suiteTestApp, suiteTokens } from './support/test-app';

/*
 * An event's categories and tags, and one transaction per write of an event and its links.
 */

describe('event links: categories and tags', () => {
  const t = suiteTestApp();
  const tokens = suiteTokens(t, ['author', 'contributor', 'editor']);

  const names = (terms: unknown) => (terms as Body[]).map((term) => term.name);

  it('links categories and tags by ID, slug or name (any case), as lists or comma-separated', async () => {
    const rock = await createTerm(t, 'categories', { name: 'Rock Music', slug: 'rock' });
    const pop = await createTerm(t, 'categories', { name: 'Pop Music' });
    const live = await createTerm(t, 'tags', { name: 'Live Show' });
    const event = await createEvent(t, { categories: [rock.id, 'pop-music'], tags: ['live show'] });
    expect(names(event.categories)).toEqual(['Pop Music', 'Rock Music']);
    expect(names(event.tags)).toEqual(['Live Show']);
    const fromString = await createEvent(t, { categories: `rock,${pop.id}`, tags: String(live.id) });
    expect(names(fromString.categories)).toEqual(['Pop Music', 'Rock Music']);
    expect(names(fromString.tags)).toEqual(['Live Show']);
    const byName = await createEvent(t, { categories: 'ROCK MUSIC' });
    expect(names(byName.categories)).toEqual(['Rock Music']);
  });

  it('embeds terms sorted by name, ignoring case, on both drivers', async () => {
    const event = await createEvent(t, { tags: ['b-sorted', 'Alpha Sorted', 'apple sorted', 'Zulu Sorted'] }, tokens.editor);
    expect(names(event.tags)).toEqual(['Alpha Sorted', 'apple sorted', 'b-sorted', 'Zulu Sorted']);
  });

  it('keeps categories and tags apart: a name or slug of one taxonomy is not the other', async () => {
    const category = await createTerm(t, 'categories', { name: 'Shared Name' });
    const event = await createEvent(t, { tags: ['Shared Name'] }, tokens.editor);
    const [tag] = event.tags as Body[];
    expect(tag).toMatchObject({ name: 'Shared Name', taxonomy: 'post_tag' });
    expect(tag.id).not.toBe(category.id);
    expectInvalidParams(await postEvent(t, { tags: [category.id] }), ['tags']);
    expectInvalidParams(await postEvent(t, { categories: [tag.id] }), ['categories']);
  });

  it.each(['administrator', 'editor'] as const)('creates a term for an unknown name when the %s writes', async (role) => {
    const token = await t.tokenFor(role);
    const terms = await countRows(t, 'terms');
    const event = await createEvent(t, { categories: [`New Cat ${role}`], tags: [`new tag ${role}`, `Other Tag ${role}`] }, token);
    expect(names(event.categories)).toEqual([`New Cat ${role}`]);
    expect(names(event.tags)).toEqual([`new tag ${role}`, `Other Tag ${role}`]);
    expect(await countRows(t, 'terms')).toBe(terms + 3);
    const [category] = event.categories as Body[];
    const read = await t.http.get(`${NS}/categories/${category.id as number}`).expect(200);
    expect(read.body).toMatchObject({ name: `New Cat ${role}`, count: 1 });
  });

  it.each([
    ['author', () => tokens.author],
    ['contributor', () => tokens.contributor],
  ])('rejects an unknown term name from the %s and writes nothing', async (_role, token) => {
    await createTerm(t, 'categories', { name: `Existing for ${_role}` });
    const before = await countAll(t);
    expectInvalidParams(await postEvent(t, { categories: ['Invented Category'] }, token()), ['categories']);
    expectInvalidParams(await postEvent(t, { tags: ['invented-tag'] }, token()), ['tags']);
    expect(await countAll(t)).toEqual(before);
    const allowed = await createEvent(t, { categories: [`existing for ${_role}`] }, token());
    expect(names(allowed.categories)).toEqual([`Existing for ${_role}`]);
  });

  it('rejects unknown numeric IDs for every role', async () => {
    const before = await countAll(t);
    expectInvalidParams(await postEvent(t, { categories: [999999] }), ['categories']);
    expectInvalidParams(await postEvent(t, { tags: '999999' }, tokens.editor), ['tags']);
    expectInvalidParams(await postEvent(t, { categories: [{ bogus: true }] }), ['categories']);
    expect(await countAll(t)).toEqual(before);
  });
});

describe('event links: one transaction per write', () => {
  const t = suiteTestApp();

  it('writes nothing when a later part of a create fails', async () => {
    const before = await countAll(t);
    expectInvalidParams(await postEvent(t, { venue: { venue: 'Rolled Back Hall' }, tags: [999999] }), ['tags']);
    expectInvalidParams(
      await postEvent(t, {
        venue: { venue: 'Rolled Back Hall' },
        organizer: [{ organizer: 'Rolled Back Org' }],
        categories: ['Rolled Back Category'],
        image: 'https://example.org/rolled-back.png',
        tags: ['fine', 999999],
      }),
      ['tags'],
    );
    const unknownVenueLast = await postEvent(t, {
      venue: [{ venue: 'Rolled Back Hall' }, 999999],
      organizer: { organizer: 'Rolled Back Org' },
    });
    expect(unknownVenueLast.status).toBe(400);
    expect(await countAll(t)).toEqual(before);
    const names = await t.dataSource.query(`SELECT title FROM venues WHERE title = 'Rolled Back Hall'`);
    expect(names).toEqual([]);
  });

  it('writes nothing when a later part of an update fails', async () => {
    const venue = await createVenue(t, { venue: 'Kept Hall' });
    const event = await createEvent(t, { title: 'Kept', venue: venue.id, categories: ['Kept Category'] });
    const before = await countAll(t);
    const snapshot = withoutOrigin((await getEvent(t, event.id)).body);
    const res = await patchEvent(t, event.id, {
      title: 'Changed',
      venue: { venue: 'Never Hall' },
      organizer: [{ organizer: 'Never Org' }],
      categories: ['Never Category', 999999],
    });
    expectInvalidParams(res, ['categories']);
    expect(await countAll(t)).toEqual(before);
    expect(withoutOrigin((await getEvent(t, event.id)).body)).toEqual(snapshot);
  });

  it('rolls back an inline venue when an author names an unknown term', async () => {
    const author = await t.tokenFor('author');
    const before = await countAll(t);
    expectInvalidParams(await postEvent(t, { venue: { venue: 'Author Hall' }, categories: ['Author Invented'] }, author), ['categories']);
    expect(await countAll(t)).toEqual(before);
  });
});
