import { trimChar } from '@app/common';
import { expectApiError, expectInvalidParams, WALL_TIME } from './posts-assertions';
import { collectionPath, createPost, idPath, listen, sendUpdate, SITE_URL, slugPath, storedRow } from './posts-fixtures';
import { PostKindCase } from './posts-kinds';
import { ADMIN_TOKEN, bearer, createTestApp, TestApp } from './test-app';

/**
 * Images, slugs and dates as returned that venues and organizers share (docs/api-rules.md, Records as returned, Writes).
 * Each spec file runs it for its own kind, so both controllers are proven, not just the service.
 */
export function describePostImagesAndSlugs(kind: PostKindCase): void {
  const named = (name: string, extra: Record<string, unknown> = {}) => ({ [kind.nameField]: name, ...extra });

  describe(`${kind.collection}: images, slugs and dates`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(async () => t.close());

    describe('images', () => {
      it('takes an image URL, then the returned image ID on another record', async () => {
        const first = await createPost(t, kind, named('Image By Url', { image: 'https://img.example/photos/stage.JPG' }));
        expect(first.image).toEqual({
          url: 'https://img.example/photos/stage.JPG',
          id: expect.any(Number),
          extension: 'jpg',
          width: null,
          height: null,
          sizes: {},
        });
        const imageId = (first.image as { id: number }).id;
        const second = await createPost(t, kind, named('Image By Id', { image: imageId }));
        expect(second.image).toEqual(first.image);
        const third = await createPost(t, kind, named('Image By Id String', { image: String(imageId) }));
        expect(third.image).toEqual(first.image);
        const read = await t.http.get(idPath(kind, second.id)).expect(200);
        expect(read.body.image).toEqual(first.image);
        expect(read.body.json_ld.image).toBe('https://img.example/photos/stage.JPG');
      });

      it('rejects an unknown image ID and a non-http image URL with 400, writing nothing', async () => {
        const record = await createPost(t, kind, named('Image Errors'));
        expectInvalidParams(await sendUpdate(t, 'patch', idPath(kind, record.id), { image: 987654 }), ['image']);
        expectInvalidParams(await sendUpdate(t, 'patch', idPath(kind, record.id), { image: 'ftp://img.example/a.png' }), ['image']);
        expectInvalidParams(await sendUpdate(t, 'patch', idPath(kind, record.id), { image: 'file:///etc/passwd' }), ['image']);
        expect((await storedRow(t, kind, record.id))?.imageId).toBeNull();
      });

      it('replaces and removes an image', async () => {
        const record = await createPost(t, kind, named('Image Swap', { image: 'https://img.example/a.png' }));
        const swapped = await sendUpdate(t, 'patch', idPath(kind, record.id), { image: 'https://img.example/b.webp' }).expect(200);
        expect(swapped.body.image).toMatchObject({ url: 'https://img.example/b.webp', extension: 'webp' });
        const kept = await sendUpdate(t, 'patch', idPath(kind, record.id), { phone: '1' }).expect(200);
        expect(kept.body.image).toEqual(swapped.body.image);
        const removed = await sendUpdate(t, 'patch', idPath(kind, record.id), { image: '' }).expect(200);
        expect(removed.body.image).toBe(false);
      });
    });

    describe('slugs', () => {
      it('spells umlauts and drops other accents', async () => {
        const created = await createPost(t, kind, named('Über Straße: Café Ñandú'));
        expect(created.slug).toBe('ueber-strasse-cafe-nandu');
        await t.http.get(slugPath(kind, created.slug)).expect(200);
      });

      it('numbers clashes -2, -3 across creates', async () => {
        const slugs: string[] = [];
        for (const phone of ['1', '2', '3']) slugs.push((await createPost(t, kind, named('Same Name', { phone }))).slug);
        expect(slugs).toEqual(['same-name', 'same-name-2', 'same-name-3']);
      });

      it('uses a given slug, made unique', async () => {
        const first = await createPost(t, kind, named('First', { slug: 'Chosen Slug' }));
        const second = await createPost(t, kind, named('Second', { slug: 'chosen-slug' }));
        expect([first.slug, second.slug]).toEqual(['chosen-slug', 'chosen-slug-2']);
        const res = await t.http.get(slugPath(kind, 'chosen-slug-2')).expect(200);
        expect(res.body.id).toBe(second.id);
      });

      it('on update: a taken slug is made unique, the own slug is kept, "" regenerates from the name', async () => {
        const taken = await createPost(t, kind, named('Taken Slug Owner'));
        const record = await createPost(t, kind, named('Slug Changer'));
        const clash = await sendUpdate(t, 'patch', idPath(kind, record.id), { slug: taken.slug }).expect(200);
        expect(clash.body.slug).toBe(`${taken.slug}-2`);
        const same = await sendUpdate(t, 'patch', idPath(kind, record.id), { slug: clash.body.slug }).expect(200);
        expect(same.body.slug).toBe(clash.body.slug);
        const renamed = await sendUpdate(t, 'patch', idPath(kind, record.id), named('Renamed Changer')).expect(200);
        expect(renamed.body.slug).toBe(clash.body.slug);
        const regenerated = await sendUpdate(t, 'patch', idPath(kind, record.id), { slug: '' }).expect(200);
        expect(regenerated.body.slug).toBe('renamed-changer');
        expect(regenerated.body.url).toBe(`${SITE_URL}/${kind.name}/renamed-changer/`);
        await t.http.get(slugPath(kind, 'renamed-changer')).expect(200);
        expectApiError(await t.http.get(slugPath(kind, clash.body.slug)), 404, `rest-${kind.name}-not-found`);
      });

      it('keeps slugs within 200 characters, clash suffixes included', async () => {
        const long = `${'Sehr lange Halle '.repeat(14)}Ende`;
        const slugs: string[] = [];
        for (const phone of ['1', '2', '3', '4']) slugs.push((await createPost(t, kind, named(long, { phone }))).slug);
        const base = slugs[0];
        expect(base).toHaveLength(200);
        expect(base.startsWith('sehr-lange-halle-sehr-lange-halle-')).toBe(true);
        expect(slugs.slice(1)).toEqual([2, 3, 4].map((n) => `${trimChar(base.slice(0, 198), '-', 'end')}-${n}`));
        for (const slug of slugs) await t.http.get(slugPath(kind, slug)).expect(200);
      });

      it('gives parallel creates with the same name distinct slugs', async () => {
        await listen(t);
        const parallel = 8;
        const responses = await Promise.all(
          Array.from({ length: parallel }, (_x, i) =>
            t.http
              .post(collectionPath(kind))
              .set(bearer(ADMIN_TOKEN))
              .send(named('Rush Hour', { phone: `rush-${i}` })),
          ),
        );
        expect(responses.map((res) => res.status)).toEqual(Array(parallel).fill(201));
        const slugs = responses.map((res) => res.body.slug as string).sort();
        expect(slugs).toEqual(['rush-hour', ...Array.from({ length: parallel - 1 }, (_x, i) => `rush-hour-${i + 2}`)].sort());
        expect(new Set(responses.map((res) => res.body.id)).size).toBe(parallel);
      });
    });

    describe('dates as returned', () => {
      it('returns modified as the time of the last write', async () => {
        const record = await createPost(t, kind, named('Modified Tracker', { date: '2020-02-02 10:00:00' }));
        expect(record).toMatchObject({ date: '2020-02-02 10:00:00', date_utc: '2020-02-02 10:00:00' });
        expect(record.modified).toMatch(WALL_TIME);
        expect(record.modified).not.toBe(record.date);
        await t.dataSource.getRepository(kind.entity).update({ id: record.id }, { modifiedUtc: new Date('2021-01-01T00:00:00Z') });
        const updated = await sendUpdate(t, 'patch', idPath(kind, record.id), { phone: '1' }).expect(200);
        expect(updated.body.modified_utc > '2021-01-01 00:00:00').toBe(true);
        expect(updated.body.date).toBe('2020-02-02 10:00:00');
      });
    });
  });
}
