import { expectApiError, expectInvalidParams, expectSameRecord } from './terms-assertions';
import { createTerm, getTerm, insertEvent, linkedTermIds, linkTerms, TermBody, TermCollection } from './terms-fixtures';
import { ADMIN_TOKEN, bearer, createTestApp, NS, TestApp } from './test-app';

const UPDATE_METHODS = ['post', 'put', 'patch'] as const;

/**
 * Update and delete behaviour that categories and tags share (docs/api-rules.md, Writes, Deleting).
 * Each spec file runs it for its own collection, so both controllers are proven, not just the service.
 */
export function describeTermChanges(collection: TermCollection): void {
  const path = `${NS}/${collection}`;

  describe(`${collection}: update and delete`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(async () => t.close());

    const admin = () => bearer(ADMIN_TOKEN);

    describe('update', () => {
      it.each(UPDATE_METHODS)('%s on the ID updates and answers 200 with the term', async (method) => {
        const term = await createTerm(t, collection, { name: `Before ${method}`, description: 'kept' });
        const res = await t.http[method](`${path}/${term.id}`)
          .set(admin())
          .send({ name: `After ${method}` });
        expect(res.status).toBe(200);
        expectSameRecord(res.body, { ...term, name: `After ${method}` });
        expectSameRecord((await getTerm(t, collection, term.id)).body, res.body);
      });

      it('keeps fields that are not sent', async () => {
        const term = await createTerm(t, collection, { name: 'Partial', description: 'Stays', slug: 'partial-slug' });
        const res = await t.http.put(`${path}/${term.id}`).set(admin()).send({ description: 'Changed' }).expect(200);
        expectSameRecord(res.body, { ...term, description: 'Changed' });
      });

      it('clears the description with ""', async () => {
        const term = await createTerm(t, collection, { name: 'Clearable', description: 'Something' });
        const res = await t.http.patch(`${path}/${term.id}`).set(admin()).send({ description: '' }).expect(200);
        expect(res.body.description).toBe('');
      });

      it('acts on the ID in the path, never on an id in the body', async () => {
        const target = await createTerm(t, collection, { name: 'Path Target' });
        const other = await createTerm(t, collection, { name: 'Body Target' });
        await t.http.patch(`${path}/${target.id}?id=${other.id}`).set(admin()).send({ id: other.id, description: 'mine' }).expect(200);
        expect((await getTerm(t, collection, target.id)).body.description).toBe('mine');
        expect((await getTerm(t, collection, other.id)).body.description).toBe('');
      });

      it('answers term_exists when renaming onto a used name, and changes nothing', async () => {
        const taken = await createTerm(t, collection, { name: 'Occupied' });
        const term = await createTerm(t, collection, { name: 'Renamer', description: 'orig' });
        const res = await t.http.patch(`${path}/${term.id}`).set(admin()).send({ name: 'Occupied', description: 'new' });
        expectApiError(res, 400, 'term_exists');
        expect(res.body.data.term_id).toBe(taken.id);
        expectSameRecord((await getTerm(t, collection, term.id)).body, term);
      });

      it('changes nothing when one of several fields is invalid', async () => {
        const term = await createTerm(t, collection, { name: 'Atomic', description: 'orig' });
        const res = await t.http.patch(`${path}/${term.id}`).set(admin()).send({ description: 'new', slug: 17 });
        expectInvalidParams(res, ['slug']);
        expectSameRecord((await getTerm(t, collection, term.id)).body, term);
      });

      it('answers 404 rest_term_invalid for an unknown ID', async () => {
        expectApiError(await t.http.patch(`${path}/999999`).set(admin()).send({ name: 'Ghost' }), 404, 'rest_term_invalid');
      });
    });

    describe('delete', () => {
      it('deletes for good and answers with the term as it was', async () => {
        const term = await createTerm(t, collection, { name: 'Doomed', description: 'bye' });
        const eventId = await insertEvent(t);
        await linkTerms(t, eventId, term.id);
        const before = (await getTerm(t, collection, term.id)).body as TermBody;
        expect(before.count).toBe(1);

        const res = await t.http.delete(`${path}/${term.id}`).set(admin()).expect(200);
        expectSameRecord(res.body, before);
        expectApiError(await getTerm(t, collection, term.id), 404, 'rest_term_invalid');
        expectApiError(await t.http.delete(`${path}/${term.id}`).set(admin()), 404, 'rest_term_invalid');
        expect(await linkedTermIds(t, eventId)).toEqual([]);
      });

      it('leaves other terms of the event linked', async () => {
        const doomed = await createTerm(t, collection, { name: 'Doomed Too' });
        const kept = await createTerm(t, collection, { name: 'Survivor' });
        const eventId = await insertEvent(t);
        await linkTerms(t, eventId, doomed.id, kept.id);
        await t.http.delete(`${path}/${doomed.id}`).set(admin()).expect(200);
        expect(await linkedTermIds(t, eventId)).toEqual([kept.id]);
      });

      it('frees the name and slug for a new term', async () => {
        const term = await createTerm(t, collection, { name: 'Reborn' });
        await t.http.delete(`${path}/${term.id}`).set(admin()).expect(200);
        const again = await createTerm(t, collection, { name: 'Reborn' });
        expect(again.slug).toBe('reborn');
      });
    });
  });
}
