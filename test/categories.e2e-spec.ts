import { expectApiError, expectInvalidParams, expectSameRecord, idsOf, withoutOrigin } from './support/terms-assertions';
import { countTermRows, createTerm, getTerm, TermBody, usePublished } from './support/terms-fixtures';
import { describeTermChanges } from './support/terms-changes-suite';
import { describeTermCrud } from './support/terms-crud-suite';
import { describeTermListFilters } from './support/terms-list-filters-suite';
import { describeTermList } from './support/terms-list-suite';
import { ADMIN_TOKEN, bearer, createTestApp, NS, TestApp } from './support/test-app';

const PATH = `${NS}/categories`;

describeTermCrud('categories');
describeTermChanges('categories');
describeTermList('categories');
describeTermListFilters('categories');

describe('categories: hierarchy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const admin = () => bearer(ADMIN_TOKEN);
  const setParent = (id: number, parent: unknown) => t.http.patch(`${PATH}/${id}`).set(admin()).send({ parent });

  it('creates a child with parent and an up link', async () => {
    const parent = await createTerm(t, 'categories', { name: 'Music' });
    const res = await t.http.post(PATH).set(admin()).send({ name: 'Jazz', parent: parent.id }).expect(201);
    expect(res.body.parent).toBe(parent.id);
    expect(withoutOrigin(res.body.urls.up)).toBe(withoutOrigin(parent.urls.self));
    expect(parent.urls).not.toHaveProperty('up');
  });

  it('accepts parent as a string in form bodies', async () => {
    const parent = await createTerm(t, 'categories', { name: 'Form Parent' });
    const res = await t.http.post(PATH).set(admin()).type('form').send(`name=Form%20Child&parent=${parent.id}`).expect(201);
    expect(res.body.parent).toBe(parent.id);
  });

  it('allows the same name under another parent, but not under the same one', async () => {
    const art = await createTerm(t, 'categories', { name: 'Art' });
    const film = await createTerm(t, 'categories', { name: 'Film' });
    const first = await createTerm(t, 'categories', { name: 'Workshops', parent: art.id });
    const second = await createTerm(t, 'categories', { name: 'Workshops', parent: film.id });
    expect(second.slug).toBe('workshops-2');
    const topLevel = await createTerm(t, 'categories', { name: 'Workshops' });
    expect(topLevel.parent).toBe(0);

    const before = await countTermRows(t, 'categories');
    const clash = await t.http.post(PATH).set(admin()).send({ name: 'Workshops', parent: art.id });
    expectApiError(clash, 400, 'term_exists');
    expect(clash.body.data.term_id).toBe(first.id);
    expect(await countTermRows(t, 'categories')).toBe(before);
  });

  it('answers term_exists when a move puts a term beside one of the same name', async () => {
    const home = await createTerm(t, 'categories', { name: 'Home' });
    const away = await createTerm(t, 'categories', { name: 'Away' });
    const resident = await createTerm(t, 'categories', { name: 'Twin', parent: home.id });
    const mover = await createTerm(t, 'categories', { name: 'Twin', parent: away.id });
    const res = await setParent(mover.id, home.id);
    expectApiError(res, 400, 'term_exists');
    expect(res.body.data.term_id).toBe(resident.id);
    expect((await getTerm(t, 'categories', mover.id)).body.parent).toBe(away.id);
  });

  it('rejects a parent that does not exist, or is a tag, and writes nothing', async () => {
    const tag = await createTerm(t, 'tags', { name: 'Not A Category' });
    const before = await countTermRows(t, 'categories');
    expectInvalidParams(await t.http.post(PATH).set(admin()).send({ name: 'Orphan', parent: 999999 }), ['parent']);
    expectInvalidParams(await t.http.post(PATH).set(admin()).send({ name: 'Orphan', parent: tag.id }), ['parent']);
    expectInvalidParams(await t.http.post(PATH).set(admin()).send({ name: 'Orphan', parent: -1 }), ['parent']);
    expectInvalidParams(await t.http.post(PATH).set(admin()).send({ name: 'Orphan', parent: 'abc' }), ['parent']);
    expect(await countTermRows(t, 'categories')).toBe(before);
  });

  it('rejects the category itself or one of its descendants as parent', async () => {
    const root = await createTerm(t, 'categories', { name: 'Root' });
    const child = await createTerm(t, 'categories', { name: 'Child', parent: root.id });
    const grandchild = await createTerm(t, 'categories', { name: 'Grandchild', parent: child.id });
    expectInvalidParams(await setParent(root.id, root.id), ['parent']);
    expectInvalidParams(await setParent(root.id, child.id), ['parent']);
    expectInvalidParams(await setParent(root.id, grandchild.id), ['parent']);
    expect((await getTerm(t, 'categories', root.id)).body.parent).toBe(0);
  });

  it('moves a category to another parent and back to the top with 0, "" or null', async () => {
    const a = await createTerm(t, 'categories', { name: 'Move A' });
    const b = await createTerm(t, 'categories', { name: 'Move B' });
    const moved = await setParent(b.id, a.id).expect(200);
    expect(withoutOrigin(moved.body)).toMatchObject({ parent: a.id, urls: { up: withoutOrigin(a.urls.self) } });
    const top = await setParent(b.id, 0).expect(200);
    expect(top.body.parent).toBe(0);
    expect(top.body.urls).not.toHaveProperty('up');
    await setParent(b.id, a.id).expect(200);
    expect((await setParent(b.id, '').expect(200)).body.parent).toBe(0);
    await setParent(b.id, a.id).expect(200);
    expect((await setParent(b.id, null).expect(200)).body.parent).toBe(0);
  });

  it('creates a top-level category for parent 0, "" or null', async () => {
    for (const [i, parent] of [0, '', null].entries()) {
      const res = await t.http
        .post(PATH)
        .set(admin())
        .send({ name: `Top ${i}`, parent })
        .expect(201);
      expect(res.body.parent).toBe(0);
    }
  });

  it('keeps the parent when an update does not send it', async () => {
    const parent = await createTerm(t, 'categories', { name: 'Keeper' });
    const child = await createTerm(t, 'categories', { name: 'Kept', parent: parent.id });
    const res = await t.http.put(`${PATH}/${child.id}`).set(admin()).send({ name: 'Kept Renamed' }).expect(200);
    expectSameRecord(res.body, { ...child, name: 'Kept Renamed' });
  });

  it('moves the children of a deleted category up to its parent', async () => {
    const top = await createTerm(t, 'categories', { name: 'Top' });
    const middle = await createTerm(t, 'categories', { name: 'Middle', parent: top.id });
    const leaf1 = await createTerm(t, 'categories', { name: 'Leaf 1', parent: middle.id });
    const leaf2 = await createTerm(t, 'categories', { name: 'Leaf 2', parent: middle.id });
    const res = await t.http.delete(`${PATH}/${middle.id}`).set(admin()).expect(200);
    expectSameRecord(res.body, middle);
    for (const leaf of [leaf1, leaf2]) {
      const after = (await getTerm(t, 'categories', leaf.id)).body as TermBody;
      expect(after.parent).toBe(top.id);
      expect(withoutOrigin(after.urls.up)).toBe(withoutOrigin(top.urls.self));
    }
  });

  it('moves the children of a deleted top-level category to the top', async () => {
    const top = await createTerm(t, 'categories', { name: 'Vanishing Top' });
    const child = await createTerm(t, 'categories', { name: 'Stranded', parent: top.id });
    await t.http.delete(`${PATH}/${top.id}`).set(admin()).expect(200);
    expect((await getTerm(t, 'categories', child.id)).body.parent).toBe(0);
  });
});

describe('categories list: parent filter', () => {
  let t: TestApp;
  let music: TermBody, jazz: TermBody, blues: TermBody, bebop: TermBody, film: TermBody;
  beforeAll(async () => {
    t = await createTestApp();
    music = await createTerm(t, 'categories', { name: 'Music' });
    film = await createTerm(t, 'categories', { name: 'Film' });
    jazz = await createTerm(t, 'categories', { name: 'Jazz', parent: music.id });
    blues = await createTerm(t, 'categories', { name: 'Blues', parent: music.id });
    bebop = await createTerm(t, 'categories', { name: 'Bebop', parent: jazz.id });
    await usePublished(t, music.id, film.id, jazz.id, blues.id, bebop.id);
  });
  afterAll(async () => t.close());

  it('keeps the direct children of the parent', async () => {
    expect(idsOf(await t.http.get(`${PATH}?parent=${music.id}`).expect(200), 'categories')).toEqual([blues.id, jazz.id]);
    expect(idsOf(await t.http.get(`${PATH}?parent=${jazz.id}`).expect(200), 'categories')).toEqual([bebop.id]);
  });

  it('parent=0 keeps top-level categories', async () => {
    expect(idsOf(await t.http.get(`${PATH}?parent=0`).expect(200), 'categories')).toEqual([film.id, music.id]);
  });

  it('keeps parent in rest_url', async () => {
    const res = await t.http.get(`${PATH}?parent=${music.id}`).expect(200);
    expect(new URL(res.body.rest_url).searchParams.get('parent')).toBe(String(music.id));
  });

  it('rejects a parent that does not exist', async () => {
    expectInvalidParams(await t.http.get(`${PATH}?parent=999999`), ['parent']);
    expectInvalidParams(await t.http.get(`${PATH}?parent=-3`), ['parent']);
    expectInvalidParams(await t.http.get(`${PATH}?parent=x`), ['parent']);
  });
});
