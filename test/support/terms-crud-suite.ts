import { expectApiError, expectInvalidParams, expectSameRecord } from './terms-assertions';
import {
  countTermRows,
  createTerm,
  getTerm,
  insertEvent,
  linkTerms,
  listenOnce,
  PUBLIC_PATH_OF,
  TAXONOMY_OF,
  TermCollection,
} from './terms-fixtures';
import { ADMIN_TOKEN, bearer, createTestApp, NS, TestApp } from './test-app';

const SITE_URL = 'http://calendar.test';

/**
 * Create, slug and read behaviour that categories and tags share (docs/api-rules.md, Records as returned, Writes); updates and
 * deletes: terms-changes-suite.ts.
 * Each spec file runs it for its own collection, so both controllers are proven, not just the service.
 */
export function describeTermCrud(collection: TermCollection): void {
  const path = `${NS}/${collection}`;

  describe(`${collection}: create and read`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(async () => t.close());

    const admin = () => bearer(ADMIN_TOKEN);

    describe('create', () => {
      it('answers 201 with the full term and a Location pointing at it', async () => {
        const res = await t.http.post(path).set(admin()).send({ name: 'Open Air', description: 'Under the sky' }).expect(201);
        const id = res.body.id;
        expect(id).toEqual(expect.any(Number));
        expect(res.body).toEqual({
          id,
          name: 'Open Air',
          slug: 'open-air',
          description: 'Under the sky',
          taxonomy: TAXONOMY_OF[collection],
          parent: 0,
          count: 0,
          url: `${SITE_URL}/${PUBLIC_PATH_OF[collection]}/open-air/`,
          meta: [],
          urls: { self: expect.any(String), collection: expect.any(String) },
        });
        expect(res.body.urls.collection).toMatch(new RegExp(`^http://[^/]+${path}$`));
        expect(res.body.urls.self).toBe(`${res.body.urls.collection}/${id}`);
        expect(res.headers.location).toBe(res.body.urls.self);
      });

      it('reads back the same term by ID', async () => {
        const created = await createTerm(t, collection, { name: 'Read Back', description: 'x', slug: 'read-back-slug' });
        const res = await getTerm(t, collection, created.id);
        expect(res.status).toBe(200);
        expectSameRecord(res.body, created);
      });

      it('accepts form-urlencoded bodies', async () => {
        const res = await t.http.post(path).set(admin()).type('form').send('name=Form%20Term&description=From%20a%20form').expect(201);
        expect(res.body).toMatchObject({ name: 'Form Term', slug: 'form-term', description: 'From a form' });
      });

      it('ignores read-only and unknown fields', async () => {
        const res = await t.http
          .post(path)
          .set(admin())
          .send({ name: 'Ignoring', id: 987654, count: 9, taxonomy: 'other', url: 'http://evil.test/', colour: 'red' })
          .expect(201);
        expect(res.body.id).not.toBe(987654);
        expect(res.body).toMatchObject({
          count: 0,
          taxonomy: TAXONOMY_OF[collection],
          url: `${SITE_URL}/${PUBLIC_PATH_OF[collection]}/ignoring/`,
        });
        expect(res.body).not.toHaveProperty('colour');
      });

      it('stores names and descriptions as plain text', async () => {
        const res = await t.http
          .post(path)
          .set(admin())
          .send({ name: '<b>Rock</b> & <i>Roll</i><script>alert(1)</script>', description: '<p>Loud <em>music</em></p>' })
          .expect(201);
        expect(res.body.name).toBe('Rock & Roll');
        expect(res.body.description).toBe('Loud music');
      });

      it('accepts the longest description every database holds and rejects a longer one', async () => {
        // Four bytes each in UTF-8: the worst case for MySQL's 65,535-byte TEXT column.
        const longest = '\u{1F600}'.repeat(16_000);
        const res = await t.http.post(path).set(admin()).send({ name: 'Long Description', description: longest }).expect(201);
        expect(res.body.description).toBe(longest);
        const before = await countTermRows(t, collection);
        const tooLong = await t.http
          .post(path)
          .set(admin())
          .send({ name: 'Too Long', description: 'x'.repeat(16_001) });
        expectInvalidParams(tooLong, ['description']);
        expect(await countTermRows(t, collection)).toBe(before);
      });

      it('rejects a name that is empty once tags are stripped, and writes nothing', async () => {
        const before = await countTermRows(t, collection);
        const res = await t.http.post(path).set(admin()).send({ name: '<b> </b>' });
        expectInvalidParams(res, ['name']);
        expect(await countTermRows(t, collection)).toBe(before);
      });

      it('requires a name', async () => {
        const res = await t.http.post(path).set(admin()).send({ description: 'no name' });
        expectApiError(res, 400, 'rest_missing_callback_param');
        expect(res.body.data.params).toEqual(['name']);
      });

      it('names every invalid field', async () => {
        const res = await t.http
          .post(path)
          .set(admin())
          .send({ name: 42, description: ['x'], slug: { a: 1 } });
        expectInvalidParams(res, ['name', 'description', 'slug']);
      });

      it('treats names that differ only in case as the same name', async () => {
        const first = await createTerm(t, collection, { name: 'Case Fold' });
        const res = await t.http.post(path).set(admin()).send({ name: 'CASE fold' });
        expectApiError(res, 400, 'term_exists');
        expect(res.body.data.term_id).toBe(first.id);
      });

      it('gives concurrent creates with one slug distinct slugs', async () => {
        await listenOnce(t);
        const results = await Promise.all(
          [1, 2, 3, 4, 5].map((n) =>
            t.http
              .post(path)
              .set(admin())
              .send({ name: `Parallel ${n}`, slug: 'parallel' }),
          ),
        );
        expect(results.map((res) => res.status)).toEqual([201, 201, 201, 201, 201]);
        expect(results.map((res) => res.body.slug).sort()).toEqual(['parallel', 'parallel-2', 'parallel-3', 'parallel-4', 'parallel-5']);
      });

      it('lets only one of several concurrent creates with one name through, whatever their slugs', async () => {
        await listenOnce(t);
        for (const round of [1, 2, 3]) {
          const results = await Promise.all(
            [1, 2, 3, 4, 5].map((n) =>
              t.http
                .post(path)
                .set(admin())
                .send({ name: `Racing ${round}`, slug: `racing-${round}-${n}` }),
            ),
          );
          const created = results.filter((res) => res.status === 201);
          expect(created).toHaveLength(1);
          for (const res of results.filter((r) => r.status !== 201)) {
            expectApiError(res, 400, 'term_exists');
            expect(res.body.data.term_id).toBe(created[0].body.id);
          }
        }
      });

      it('answers term_exists with the clashing ID for a name already used, and writes nothing', async () => {
        const first = await createTerm(t, collection, { name: 'Twice' });
        const before = await countTermRows(t, collection);
        const res = await t.http.post(path).set(admin()).send({ name: 'Twice', slug: 'twice-other' });
        expectApiError(res, 400, 'term_exists');
        expect(res.body.data.term_id).toBe(first.id);
        expect(await countTermRows(t, collection)).toBe(before);
      });
    });

    describe('slugs', () => {
      it('transliterates German letters and drops other accents', async () => {
        expect((await createTerm(t, collection, { name: 'Größe Überraschung Ärger' })).slug).toBe('groesse-ueberraschung-aerger');
        expect((await createTerm(t, collection, { name: 'Straße Café Crème' })).slug).toBe('strasse-cafe-creme');
      });

      it('normalises a given slug the same way', async () => {
        expect((await createTerm(t, collection, { name: 'Given', slug: '  Mein Slug!! Öffentlich ' })).slug).toBe('mein-slug-oeffentlich');
      });

      it('numbers clashing slugs -2, -3', async () => {
        const slugs = [];
        for (const name of ['Dup One', 'Dup Two', 'Dup Three']) slugs.push((await createTerm(t, collection, { name, slug: 'dup' })).slug);
        expect(slugs).toEqual(['dup', 'dup-2', 'dup-3']);
        expect((await createTerm(t, collection, { name: 'Jazz-Night' })).slug).toBe('jazz-night');
        expect((await createTerm(t, collection, { name: 'Jazz Night' })).slug).toBe('jazz-night-2');
      });

      it('numbers a clash on update, and keeps a slug the term already has', async () => {
        await createTerm(t, collection, { name: 'Taken Slug Owner', slug: 'taken' });
        const term = await createTerm(t, collection, { name: 'Slug Mover' });
        const moved = await t.http.patch(`${path}/${term.id}`).set(admin()).send({ slug: 'taken' }).expect(200);
        expect(moved.body.slug).toBe('taken-2');
        const same = await t.http.patch(`${path}/${term.id}`).set(admin()).send({ slug: 'taken-2' }).expect(200);
        expect(same.body.slug).toBe('taken-2');
      });

      it('regenerates the slug from the name when "" is sent', async () => {
        const term = await createTerm(t, collection, { name: 'Fresh Name', slug: 'old-slug' });
        const res = await t.http.patch(`${path}/${term.id}`).set(admin()).send({ slug: '' }).expect(200);
        expect(res.body.slug).toBe('fresh-name');
        expect(res.body.url).toBe(`${SITE_URL}/${PUBLIC_PATH_OF[collection]}/fresh-name/`);
      });
    });

    describe('read', () => {
      it('answers 404 rest_term_invalid for an unknown ID', async () => {
        expectApiError(await getTerm(t, collection, 999999), 404, 'rest_term_invalid');
      });

      it('does not serve a term of the other taxonomy', async () => {
        const otherCollection: TermCollection = collection === 'categories' ? 'tags' : 'categories';
        const other = await createTerm(t, otherCollection, { name: 'Elsewhere' });
        expectApiError(await getTerm(t, collection, other.id), 404, 'rest_term_invalid');
        expectApiError(await t.http.patch(`${path}/${other.id}`).set(admin()).send({ name: 'x' }), 404, 'rest_term_invalid');
        expectApiError(await t.http.delete(`${path}/${other.id}`).set(admin()), 404, 'rest_term_invalid');
        expectSameRecord((await getTerm(t, otherCollection, other.id)).body, other);
      });

      it('takes a slug only under by-slug/', async () => {
        const term = await createTerm(t, collection, { name: 'Slugged' });
        expectApiError(await t.http.get(`${path}/${term.slug}`), 404, 'rest_no_route');
      });

      it('counts published events only (a future one once its date has passed)', async () => {
        const term = await createTerm(t, collection, { name: 'Counted' });
        for (const row of [
          { status: 'publish' as const },
          { status: 'publish' as const },
          { status: 'future' as const, publishedUtc: '2020-05-01 00:00:00' },
          { status: 'future' as const, publishedUtc: '2099-05-01 00:00:00' },
          { status: 'draft' as const },
          { status: 'pending' as const },
          { status: 'private' as const },
          { status: 'trash' as const },
        ]) {
          await linkTerms(t, await insertEvent(t, row), term.id);
        }
        expect((await getTerm(t, collection, term.id)).body.count).toBe(3);
      });
    });
  });
}
