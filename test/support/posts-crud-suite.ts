import { expectApiError, expectInvalidParams, expectRecordShape, withoutRestUrl } from './posts-assertions';
import {
  collectionPath,
  createPost,
  idPath,
  PostJson,
  readAsAdmin,
  sendUpdate,
  SITE_URL,
  slugPath,
  storedRow,
  UPDATE_METHODS,
} from './posts-fixtures';
import { PostKindCase } from './posts-kinds';
import { ADMIN_TOKEN, bearer, createTestApp, TestApp } from './test-app';

/**
 * Routes, record shape and writes that venues and organizers share (docs/api-rules.md, Records as returned, Writes).
 * Each spec file runs it for its own kind, so both controllers are proven, not just the service.
 */
export function describePostCrud(kind: PostKindCase): void {
  const named = (name: string, extra: Record<string, unknown> = {}) => ({ [kind.nameField]: name, ...extra });

  describe(`${kind.collection}: routes, shape and writes`, () => {
    let t: TestApp;
    let adminId: number;
    beforeAll(async () => {
      t = await createTestApp();
      adminId = await t.userIdOf(ADMIN_TOKEN);
    });
    afterAll(async () => t.close());

    describe('create', () => {
      it('answers 201 with every key of its shape, unset texts as "", and a Location to the record', async () => {
        const res = await t.http.post(collectionPath(kind)).set(bearer(ADMIN_TOKEN)).send(named('Shape Check')).expect(201);
        expectRecordShape(res.body, kind);
        expect(res.headers.location).toBe(res.body.rest_url);
        expect(res.body).toMatchObject({
          author: adminId,
          status: 'publish',
          [kind.nameField]: 'Shape Check',
          slug: 'shape-check',
          url: `${SITE_URL}/${kind.name}/shape-check/`,
          description: '',
          excerpt: '',
          image: false,
        });
        for (const field of Object.keys(kind.optionalTexts)) expect(res.body[field]).toBe('');
        expect(res.body).not.toHaveProperty('password');
      });

      it('stores every optional text field as given', async () => {
        const created = await createPost(t, kind, named('All Texts', kind.optionalTexts));
        expect(created).toMatchObject(kind.optionalTexts);
        expect((await readAsAdmin(t, kind, created.id)).body).toMatchObject(kind.optionalTexts);
      });

      it('accepts a form-encoded body', async () => {
        const res = await t.http
          .post(collectionPath(kind))
          .set(bearer(ADMIN_TOKEN))
          .type('form')
          .send({ [kind.nameField]: 'Form Body', phone: '0301234' })
          .expect(201);
        expect(res.body).toMatchObject({ [kind.nameField]: 'Form Body', phone: '0301234' });
      });

      it('without a name answers 400 rest_missing_callback_param naming it, and writes nothing', async () => {
        const before = await t.dataSource.getRepository(kind.entity).count();
        const res = await t.http.post(collectionPath(kind)).set(bearer(ADMIN_TOKEN)).send({ phone: '123' });
        expectApiError(res, 400, 'rest_missing_callback_param');
        expect(res.body.data.params).toEqual([kind.nameField]);
        expect(await t.dataSource.getRepository(kind.entity).count()).toBe(before);
      });

      it('rejects a name that is empty, also once its tags are stripped', async () => {
        for (const name of ['  ', '<b></b>', '<script>alert(1)</script>']) {
          expectInvalidParams(await t.http.post(collectionPath(kind)).set(bearer(ADMIN_TOKEN)).send(named(name)), [kind.nameField]);
        }
        const record = await createPost(t, kind, named('Keeps Its Name'));
        expectInvalidParams(await sendUpdate(t, 'patch', idPath(kind, record.id), named('<i> </i>')), [kind.nameField]);
        expectInvalidParams(await sendUpdate(t, 'patch', idPath(kind, record.id), named('')), [kind.nameField]);
        expect((await storedRow(t, kind, record.id))?.title).toBe('Keeps Its Name');
      });

      it('keeps names plain text and cleans description HTML', async () => {
        const created = await createPost(
          t,
          kind,
          named('<b>Bold</b> Name', { description: 'Hello <script>alert(1)</script><a href="javascript:alert(2)" onclick="x()">link</a>' }),
        );
        expect(created[kind.nameField]).toBe('Bold Name');
        expect(created.description).not.toMatch(/script|javascript:|onclick/i);
        expect(created.description).toContain('link');
        const plain = await createPost(t, kind, named('Plain Description', { description: 'Just text' }));
        expect(plain.description).toBe('<p>Just text</p>');
      });

      it('ignores unknown and read-only fields, including an id', async () => {
        const other = await createPost(t, kind, named('Existing Target'));
        const res = await t.http
          .post(collectionPath(kind))
          .set(bearer(ADMIN_TOKEN))
          .send(
            named('Ignoring Extras', {
              id: other.id,
              global_id: 'elsewhere?id=1',
              url: 'http://elsewhere.test/x/',
              rest_url: 'http://elsewhere.test/x',
              modified: '2001-01-01 00:00:00',
              json_ld: { '@type': 'Thing' },
              excerpt_details: {},
              favourite_colour: 'blue',
            }),
          )
          .expect(201);
        expect(res.body.id).not.toBe(other.id);
        expect(res.body.url).toBe(`${SITE_URL}/${kind.name}/ignoring-extras/`);
        expect(res.body.global_id).toBe(`calendar.test?id=${res.body.id}`);
        expect(res.body.modified.startsWith('2001')).toBe(false);
        expect(res.body).not.toHaveProperty('favourite_colour');
        expect((await readAsAdmin(t, kind, other.id)).body[kind.nameField]).toBe('Existing Target');
      });
    });

    describe('read', () => {
      let record: PostJson;
      beforeAll(async () => {
        record = await createPost(t, kind, named('Readable Record', { description: 'About it' }));
      });

      it('by ID and by slug returns the record with json_ld of its schema.org type', async () => {
        for (const path of [idPath(kind, record.id), slugPath(kind, record.slug)]) {
          const res = await t.http.get(path).expect(200);
          expectRecordShape(res.body, kind, true);
          expect(withoutRestUrl(res.body)).toEqual({ ...withoutRestUrl(record), json_ld: expect.any(Object) });
          expect(res.body.json_ld).toMatchObject({
            '@context': 'http://schema.org',
            '@type': kind.jsonLdType,
            name: 'Readable Record',
            description: 'About it',
            url: record.url,
          });
        }
      });

      it('finds a slug given in other letter case', async () => {
        await t.http.get(slugPath(kind, record.slug.toUpperCase())).expect(200);
      });

      it('leaves json_ld out of lists, creates and updates', async () => {
        const list = await t.http.get(`${collectionPath(kind)}?per_page=50`).expect(200);
        const listed = list.body[kind.collection].find((item: PostJson) => item.id === record.id);
        expectRecordShape(listed, kind);
        const updated = await sendUpdate(t, 'patch', idPath(kind, record.id), {}).expect(200);
        expectRecordShape(updated.body, kind);
      });

      it('answers 404 rest-<kind>-not-found for an unknown ID or slug', async () => {
        const byId = await t.http.get(idPath(kind, 424242));
        expectApiError(byId, 404, `rest-${kind.name}-not-found`);
        expect(byId.body.message).toBe(`${kind.label} with ID 424242 does not exist.`);
        expectApiError(await t.http.get(slugPath(kind, 'no-such-slug')), 404, `rest-${kind.name}-not-found`);
      });

      it('treats a non-numeric ID as no route', async () => {
        expectApiError(await t.http.get(`${collectionPath(kind)}/12abc`), 404, 'rest_no_route');
      });
    });

    describe('update', () => {
      const targets = [
        { via: 'ID', path: (record: PostJson) => idPath(kind, record.id) },
        { via: 'slug', path: (record: PostJson) => slugPath(kind, record.slug) },
      ];
      for (const method of UPDATE_METHODS) {
        for (const target of targets) {
          it(`${method.toUpperCase()} by ${target.via} answers 200 and changes only the fields sent`, async () => {
            const record = await createPost(
              t,
              kind,
              named(`Update ${method} ${target.via}`, { ...kind.optionalTexts, description: 'Kept' }),
            );
            const res = await sendUpdate(t, method, target.path(record), { phone: '+1 555 0100' });
            expect(res.status).toBe(200);
            expectRecordShape(res.body, kind);
            expect(res.body).toMatchObject({
              ...kind.optionalTexts,
              id: record.id,
              phone: '+1 555 0100',
              description: '<p>Kept</p>',
              [kind.nameField]: record[kind.nameField],
              slug: record.slug,
              date: record.date,
            });
            expect((await readAsAdmin(t, kind, record.id)).body.phone).toBe('+1 555 0100');
          });
        }
      }

      it('renames without touching the slug unless a slug is sent', async () => {
        const record = await createPost(t, kind, named('Old Name'));
        const res = await sendUpdate(t, 'patch', idPath(kind, record.id), named('New Name')).expect(200);
        expect(res.body).toMatchObject({ [kind.nameField]: 'New Name', slug: 'old-name' });
      });

      it('clears every optional field with ""', async () => {
        const record = await createPost(
          t,
          kind,
          named('Clear Everything', { ...kind.optionalTexts, description: 'Text', image: 'https://img.example/clear.jpg' }),
        );
        expect(record.image).not.toBe(false);
        const blanks = Object.fromEntries([...Object.keys(kind.optionalTexts), 'description', 'image'].map((field) => [field, '']));
        const res = await sendUpdate(t, 'patch', idPath(kind, record.id), blanks).expect(200);
        for (const field of Object.keys(kind.optionalTexts)) expect(res.body[field]).toBe('');
        expect(res.body).toMatchObject({ description: '', image: false });
        const stored = await readAsAdmin(t, kind, record.id);
        expect(stored.body).toMatchObject({ ...blanks, image: false });
      });

      it('an id in the body or query never retargets the update', async () => {
        const target = await createPost(t, kind, named('Path Target'));
        const bystander = await createPost(t, kind, named('Bystander'));
        const res = await t.http
          .patch(`${idPath(kind, target.id)}?id=${bystander.id}`)
          .set(bearer(ADMIN_TOKEN))
          .send({ id: bystander.id, phone: '999' })
          .expect(200);
        expect(res.body).toMatchObject({ id: target.id, phone: '999' });
        expect((await readAsAdmin(t, kind, bystander.id)).body.phone).toBe('');
      });

      it('answers 404 for an unknown ID or slug', async () => {
        expectApiError(await sendUpdate(t, 'patch', idPath(kind, 424242), { phone: '1' }), 404, `rest-${kind.name}-not-found`);
        expectApiError(await sendUpdate(t, 'put', slugPath(kind, 'nothing-here'), { phone: '1' }), 404, `rest-${kind.name}-not-found`);
      });

      it('accepts http and https websites only, and writes nothing when one field is bad', async () => {
        const record = await createPost(t, kind, named('Website Rules', { website: 'https://ok.example/' }));
        for (const bad of ['ftp://files.example/', 'javascript:alert(1)', 'not a url', 'mailto:a@b.example']) {
          const res = await sendUpdate(t, 'patch', idPath(kind, record.id), { website: bad, phone: 'changed' });
          expectInvalidParams(res, ['website']);
        }
        const stored = await storedRow(t, kind, record.id);
        expect(stored).toMatchObject({ website: 'https://ok.example/', phone: '' });
        expectInvalidParams(
          await t.http
            .post(collectionPath(kind))
            .set(bearer(ADMIN_TOKEN))
            .send(named('Bad Site', { website: 'ftp://x.example' })),
          ['website'],
        );
        const http = await sendUpdate(t, 'patch', idPath(kind, record.id), { website: 'http://plain.example/page' }).expect(200);
        expect(http.body.website).toBe('http://plain.example/page');
      });

      it('reports every bad field at once', async () => {
        const res = await t.http
          .post(collectionPath(kind))
          .set(bearer(ADMIN_TOKEN))
          .send(named('Many Errors', { website: 'nope', status: 'bogus' }));
        expectInvalidParams(res, ['website', 'status']);
      });
    });
  });
}
