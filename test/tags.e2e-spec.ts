import { TERM_KEYS } from './support/events-assertions';
import { idsOf } from './support/terms-assertions';
import { createTerm, usePublished } from './support/terms-fixtures';
import { describeTermChanges } from './support/terms-changes-suite';
import { describeTermCrud } from './support/terms-crud-suite';
import { describeTermListFilters } from './support/terms-list-filters-suite';
import { describeTermList } from './support/terms-list-suite';
import { ADMIN_TOKEN, bearer, createTestApp, NS, TestApp } from './support/test-app';

const PATH = `${NS}/tags`;

describeTermCrud('tags');
describeTermChanges('tags');
describeTermList('tags');
describeTermListFilters('tags');

describe('tags: what sets them apart from categories', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('are returned, like categories, with exactly the fields term.fields.ts declares, in its order', async () => {
    for (const collection of ['tags', 'categories'] as const) {
      const term = await createTerm(t, collection, { name: `Declared keys ${collection}` });
      expect(Object.keys(term)).toEqual(TERM_KEYS);
    }
  });

  it('have no parent: a parent in the body is ignored on create and update', async () => {
    const category = await createTerm(t, 'categories', { name: 'Would-be Parent' });
    const res = await t.http.post(PATH).set(bearer(ADMIN_TOKEN)).send({ name: 'Flat', parent: category.id }).expect(201);
    expect(res.body.parent).toBe(0);
    expect(res.body.urls).not.toHaveProperty('up');
    const updated = await t.http.patch(`${PATH}/${res.body.id}`).set(bearer(ADMIN_TOKEN)).send({ parent: category.id }).expect(200);
    expect(updated.body.parent).toBe(0);
  });

  it('may share a name and a slug with a category', async () => {
    const category = await createTerm(t, 'categories', { name: 'Outdoor' });
    const tag = await createTerm(t, 'tags', { name: 'Outdoor' });
    expect(tag.slug).toBe(category.slug);
    expect(tag.id).not.toBe(category.id);
    expect(tag.url).toBe('http://calendar.test/tag/outdoor/');
    expect(category.url).toBe('http://calendar.test/events/category/outdoor/');
  });

  it('slug clashes are counted per taxonomy', async () => {
    await createTerm(t, 'categories', { name: 'Shared One', slug: 'shared' });
    await createTerm(t, 'categories', { name: 'Shared Two', slug: 'shared' });
    expect((await createTerm(t, 'tags', { name: 'Shared Tag', slug: 'shared' })).slug).toBe('shared');
    expect((await createTerm(t, 'tags', { name: 'Shared Tag 2', slug: 'shared' })).slug).toBe('shared-2');
  });

  it('the list ignores a parent parameter, which tags do not have', async () => {
    const tag = await createTerm(t, 'tags', { name: 'Unparented' });
    await usePublished(t, tag.id);
    const res = await t.http.get(`${PATH}?parent=999999&search=unparented`).expect(200);
    expect(idsOf(res, 'tags')).toEqual([tag.id]);
    expect(new URL(res.body.rest_url).searchParams.has('parent')).toBe(false);
  });

  it('lists only tags, never categories', async () => {
    const category = await createTerm(t, 'categories', { name: 'Mixed Category' });
    const tag = await createTerm(t, 'tags', { name: 'Mixed Tag' });
    await usePublished(t, category.id, tag.id);
    expect(idsOf(await t.http.get(`${PATH}?search=mixed`).expect(200), 'tags')).toEqual([tag.id]);
    expect(idsOf(await t.http.get(`${NS}/categories?search=mixed`).expect(200), 'categories')).toEqual([category.id]);
  });
});
