import { expectApiError, expectSameRecord } from './support/terms-assertions';
import { createTerm, getTerm, TermCollection } from './support/terms-fixtures';
import { ADMIN_TOKEN, bearer, NS, suiteTestApp, suiteTokens } from './support/test-app';

/*
 * Categories and tags by slug (by-slug routes like every other module's, README, API decisions): every
 * method of the ID routes, with the same answers, the same 404 for an unknown slug and the same
 * permission rules, checked before the term is looked up.
 */

const COLLECTIONS: TermCollection[] = ['categories', 'tags'];
const UPDATES = ['post', 'put', 'patch'] as const;

describe.each(COLLECTIONS)('%s by slug', (collection) => {
  const path = `${NS}/${collection}`;
  const other = collection === 'categories' ? 'tags' : 'categories';
  const t = suiteTestApp();
  const tokens = suiteTokens(t, ['author', 'contributor', 'editor']);

  it('GET answers what the ID route answers, whatever the case of the slug', async () => {
    const term = await createTerm(t, collection, { name: 'Jazz Nights', description: 'Late' });
    const byId = await getTerm(t, collection, term.id);
    expectSameRecord((await t.http.get(`${path}/by-slug/${term.slug}`).expect(200)).body, byId.body);
    expectSameRecord((await t.http.get(`${path}/by-slug/${term.slug.toUpperCase()}`).expect(200)).body, byId.body);
  });

  it.each(UPDATES)('%s updates the term the slug names, like the ID route', async (method) => {
    const term = await createTerm(t, collection, { name: `Before ${method}` });
    const res = await t.http[method](`${path}/by-slug/${term.slug}`)
      .set(bearer(tokens.editor))
      .send({ description: `after ${method}` })
      .expect(200);
    expect(res.body).toMatchObject({ id: term.id, name: `Before ${method}`, slug: term.slug, description: `after ${method}` });
    expectSameRecord((await getTerm(t, collection, term.id)).body, res.body);
  });

  it('a new slug given by slug moves the term to it', async () => {
    const term = await createTerm(t, collection, { name: 'Renamed' });
    const res = await t.http.patch(`${path}/by-slug/${term.slug}`).set(bearer(ADMIN_TOKEN)).send({ slug: 'new-home' }).expect(200);
    expect(res.body).toMatchObject({ id: term.id, slug: 'new-home' });
    await t.http.get(`${path}/by-slug/new-home`).expect(200);
    expectApiError(await t.http.get(`${path}/by-slug/${term.slug}`), 404, 'rest_term_invalid');
  });

  it('DELETE removes the term for good and answers it as it was', async () => {
    const term = await createTerm(t, collection, { name: 'Short Lived' });
    const res = await t.http.delete(`${path}/by-slug/${term.slug}`).set(bearer(tokens.editor)).expect(200);
    expectSameRecord(res.body, term);
    expectApiError(await getTerm(t, collection, term.id), 404, 'rest_term_invalid');
    expectApiError(await t.http.delete(`${path}/by-slug/${term.slug}`).set(bearer(tokens.editor)), 404, 'rest_term_invalid');
  });

  it.each(['get', 'post', 'put', 'patch', 'delete'] as const)('%s of an unknown slug is the 404 of the ID route', async (method) => {
    const byId = await t.http[method](`${path}/999999`).set(bearer(ADMIN_TOKEN)).send({ description: 'x' });
    const bySlug = await t.http[method](`${path}/by-slug/no-such-term`).set(bearer(ADMIN_TOKEN)).send({ description: 'x' });
    expectApiError(bySlug, 404, 'rest_term_invalid');
    expect(bySlug.body).toEqual(byId.body);
  });

  it(`does not find a term of the other taxonomy (${other})`, async () => {
    const foreign = await createTerm(t, other, { name: `Only in ${other}` });
    expectApiError(await t.http.get(`${path}/by-slug/${foreign.slug}`), 404, 'rest_term_invalid');
    expectApiError(
      await t.http.patch(`${path}/by-slug/${foreign.slug}`).set(bearer(ADMIN_TOKEN)).send({ name: 'x' }),
      404,
      'rest_term_invalid',
    );
    expect((await getTerm(t, other, foreign.id)).body.name).toBe(`Only in ${other}`);
  });

  describe('permissions, checked before the term is looked up', () => {
    const writes = [...UPDATES.map((method) => [method] as const), ['delete'] as const];

    it.each(writes)('%s without credentials is 401 rest_forbidden, for a known and an unknown slug', async (method) => {
      const term = await createTerm(t, collection, { name: `Guarded ${method}` });
      for (const slug of [term.slug, 'no-such-term']) {
        expectApiError(await t.http[method](`${path}/by-slug/${slug}`).send({ name: 'Hacked' }), 401, 'rest_forbidden');
      }
      expect((await getTerm(t, collection, term.id)).body.name).toBe(`Guarded ${method}`);
    });

    it.each(writes)('%s by an author or a contributor is 403 rest_forbidden, for a known and an unknown slug', async (method) => {
      const term = await createTerm(t, collection, { name: `Protected ${method}` });
      for (const token of [tokens.author, tokens.contributor]) {
        for (const slug of [term.slug, 'no-such-term']) {
          expectApiError(
            await t.http[method](`${path}/by-slug/${slug}`).set(bearer(token)).send({ name: 'Hacked' }),
            403,
            'rest_forbidden',
          );
        }
      }
      expect((await getTerm(t, collection, term.id)).body.name).toBe(`Protected ${method}`);
    });

    it('a bad token is 401 rest_invalid_token, even for reads', async () => {
      const term = await createTerm(t, collection, { name: 'Token Check' });
      expectApiError(await t.http.get(`${path}/by-slug/${term.slug}`).set(bearer('cal_nope')), 401, 'rest_invalid_token');
    });
  });

  it('answers in the language of the path segment and keeps it in the links', async () => {
    const term = await createTerm(t, collection, { name: 'Sprachlich' });
    const res = await t.http.get(`/de${path}/by-slug/${term.slug}`).expect(200);
    expect(res.headers['content-language']).toBe('de');
    expect(res.body.urls.self).toContain(`/de${path}/${term.id}`);
    const missing = await t.http.get(`/de${path}/by-slug/nirgends`);
    expectApiError(missing, 404, 'rest_term_invalid');
    expect(missing.body.message).toBe('Der Begriff existiert nicht.');
  });
});
