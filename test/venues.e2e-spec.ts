import { expectInvalidParams } from './support/posts-assertions';
import { describePostCrud } from './support/posts-crud-suite';
import { describePostImagesAndSlugs } from './support/posts-images-slugs-suite';
import { callersByRole, collectionPath, createPost, idPath, RoleCallers, sendUpdate, storedRow } from './support/posts-fixtures';
import { VENUE_CASE } from './support/posts-kinds';
import { describePostLifecycle } from './support/posts-lifecycle-suite';
import { describePostMessages } from './support/posts-messages-suite';
import { describePostPasswords } from './support/posts-password-suite';
import { ADMIN_TOKEN, bearer, createTestApp, TestApp } from './support/test-app';

describePostCrud(VENUE_CASE);
describePostImagesAndSlugs(VENUE_CASE);
describePostLifecycle(VENUE_CASE);
describePostPasswords(VENUE_CASE);
describePostMessages(VENUE_CASE);

describe('venues: their own fields', () => {
  let t: TestApp;
  let callers: RoleCallers;
  beforeAll(async () => {
    t = await createTestApp();
    callers = await callersByRole(t);
  });
  afterAll(async () => t.close());

  const venue = (name: string, extra: Record<string, unknown> = {}, token = ADMIN_TOKEN) =>
    createPost(t, VENUE_CASE, { venue: name, ...extra }, token);

  it('stores every field and returns it with the single-record json_ld Place', async () => {
    const created = await venue('Stadthalle Köln', {
      address: 'Am Ring 1',
      city: 'Köln',
      country: 'Germany',
      province: 'NRW',
      state: '',
      zip: '50667',
      phone: '+49 221 1',
      website: 'https://stadthalle.example/',
      show_map: false,
      show_map_link: false,
      geo_lat: 50.94,
      geo_lng: 6.96,
      description: 'Big hall',
    });
    expect(created).toMatchObject({
      venue: 'Stadthalle Köln',
      address: 'Am Ring 1',
      city: 'Köln',
      country: 'Germany',
      province: 'NRW',
      state: '',
      zip: '50667',
      phone: '+49 221 1',
      website: 'https://stadthalle.example/',
      stateprovince: 'NRW',
      show_map: false,
      show_map_link: false,
      geo_lat: 50.94,
      geo_lng: 6.96,
    });
    const read = await t.http.get(idPath(VENUE_CASE, created.id)).expect(200);
    expect(read.body.json_ld).toEqual({
      '@context': 'http://schema.org',
      '@type': 'Place',
      name: 'Stadthalle Köln',
      description: 'Big hall',
      url: 'http://calendar.test/venue/stadthalle-koeln/',
      address: {
        '@type': 'PostalAddress',
        streetAddress: 'Am Ring 1',
        addressLocality: 'Köln',
        addressRegion: 'NRW',
        postalCode: '50667',
        addressCountry: 'Germany',
      },
      geo: { '@type': 'GeoCoordinates', latitude: 50.94, longitude: 6.96 },
      telephone: '+49 221 1',
      sameAs: 'https://stadthalle.example/',
    });
  });

  it('defaults show_map and show_map_link to true and reads loose booleans from forms', async () => {
    const created = await venue('Map Defaults');
    expect(created).toMatchObject({ show_map: true, show_map_link: true });
    const res = await t.http
      .patch(idPath(VENUE_CASE, created.id))
      .set(bearer(ADMIN_TOKEN))
      .type('form')
      .send({ show_map: '0', show_map_link: 'false' })
      .expect(200);
    expect(res.body).toMatchObject({ show_map: false, show_map_link: false });
    expectInvalidParams(await sendUpdate(t, 'patch', idPath(VENUE_CASE, created.id), { show_map: 'perhaps' }), ['show_map']);
  });

  describe('stateprovince', () => {
    it.each([
      ['', 'state'],
      ['US', 'state'],
      ['us', 'state'],
      ['USA', 'state'],
      ['United States', 'state'],
      ['united STATES of america', 'state'],
      ['Germany', 'province'],
      ['Canada', 'province'],
      ['USSR', 'province'],
    ])('country %j derives it from the %s', async (country, source) => {
      const created = await venue(`Derived ${country} ${Math.random()}`, { country, state: 'CA', province: 'Ontario' });
      expect(created.stateprovince).toBe(source === 'state' ? 'CA' : 'Ontario');
    });

    it('an explicit value wins, follows no later change of state, and "" returns to derivation', async () => {
      const created = await venue('Explicit Region', { country: 'USA', state: 'NY', stateprovince: 'New York State' });
      expect(created.stateprovince).toBe('New York State');
      const changed = await sendUpdate(t, 'patch', idPath(VENUE_CASE, created.id), { state: 'NJ' }).expect(200);
      expect(changed.body.stateprovince).toBe('New York State');
      const cleared = await sendUpdate(t, 'patch', idPath(VENUE_CASE, created.id), { stateprovince: '' }).expect(200);
      expect(cleared.body.stateprovince).toBe('NJ');
      const moved = await sendUpdate(t, 'patch', idPath(VENUE_CASE, created.id), { country: 'Mexico', province: 'Jalisco' }).expect(200);
      expect(moved.body.stateprovince).toBe('Jalisco');
      const read = await t.http.get(idPath(VENUE_CASE, created.id)).expect(200);
      expect(read.body.json_ld.address.addressRegion).toBe('Jalisco');
    });
  });

  describe('geo_lat and geo_lng', () => {
    it('are numbers or null, accept numeric strings, and "" clears them', async () => {
      const created = await venue('Geo Venue', { geo_lat: '-33.8688', geo_lng: '151.2093' });
      expect(created).toMatchObject({ geo_lat: -33.8688, geo_lng: 151.2093 });
      const noGeo = await venue('No Geo Venue');
      expect(noGeo).toMatchObject({ geo_lat: null, geo_lng: null });
      expect((await t.http.get(idPath(VENUE_CASE, noGeo.id)).expect(200)).body.json_ld).not.toHaveProperty('geo');
      const cleared = await sendUpdate(t, 'patch', idPath(VENUE_CASE, created.id), { geo_lat: '', geo_lng: '' }).expect(200);
      expect(cleared.body).toMatchObject({ geo_lat: null, geo_lng: null });
      const edges = await sendUpdate(t, 'patch', idPath(VENUE_CASE, created.id), { geo_lat: -90, geo_lng: 180 }).expect(200);
      expect(edges.body).toMatchObject({ geo_lat: -90, geo_lng: 180 });
    });

    it.each([
      [{ geo_lat: 90.5 }, ['geo_lat']],
      [{ geo_lat: -91 }, ['geo_lat']],
      [{ geo_lng: 180.01 }, ['geo_lng']],
      [{ geo_lng: -181 }, ['geo_lng']],
      [{ geo_lat: 'north', geo_lng: true }, ['geo_lat', 'geo_lng']],
    ])('rejects %j, writing nothing', async (body, names) => {
      const created = await venue(`Geo Bounds ${Math.random()}`, { geo_lat: 1, geo_lng: 2 });
      expectInvalidParams(await sendUpdate(t, 'patch', idPath(VENUE_CASE, created.id), body), names);
      expect(await storedRow(t, VENUE_CASE, created.id)).toMatchObject({ geoLat: 1, geoLng: 2 });
      expectInvalidParams(
        await t.http
          .post(collectionPath(VENUE_CASE))
          .set(bearer(ADMIN_TOKEN))
          .send({ venue: 'Out Of Range', ...body }),
        names,
      );
    });
  });

  describe('duplicate avoidance', () => {
    it('returns the existing venue (201) when every given field matches case-insensitively', async () => {
      const first = await venue('Blue Note', { city: 'Berlin', address: 'Hauptstr. 5', zip: '10115' });
      const res = await t.http
        .post(collectionPath(VENUE_CASE))
        .set(bearer(ADMIN_TOKEN))
        .send({ venue: 'BLUE NOTE', city: 'berlin', address: 'HAUPTSTR. 5' })
        .expect(201);
      expect(res.body.id).toBe(first.id);
      expect(res.body).toMatchObject({ venue: 'Blue Note', zip: '10115' });
      expect(res.headers.location).toBe(res.body.rest_url);
      expect((await venue('blue note')).id).toBe(first.id);
      expect(await t.dataSource.getRepository(VENUE_CASE.entity).countBy({ title: 'Blue Note' })).toBe(1);
    });

    it.each([
      ['another city', { city: 'Hamburg' }],
      ['another zip', { zip: '99999' }],
      ['another name', { venue: 'Blue Notes' }],
      ['another country', { country: 'Austria' }],
      ['another description', { description: 'Jazz club' }],
      ['other coordinates', { geo_lat: 10, geo_lng: 20 }],
    ])('creates a new venue when %s differs', async (_label, change) => {
      const original = await venue(`Twin ${_label}`, { city: 'Berlin', zip: '10115' });
      const twin = await venue(`Twin ${_label}`, { city: 'Berlin', zip: '10115', ...change });
      expect(twin.id).not.toBe(original.id);
      expect(twin.slug).not.toBe(original.slug);
    });

    it('ignores a trashed match and a match the caller may not read', async () => {
      const trashed = await venue('Old Barn', { city: 'Bonn' });
      await t.http.delete(idPath(VENUE_CASE, trashed.id)).set(bearer(ADMIN_TOKEN)).expect(200);
      const fresh = await venue('Old Barn', { city: 'Bonn' });
      expect(fresh.id).not.toBe(trashed.id);

      const editorsDraft = await venue('Secret Cellar', { city: 'Bonn', status: 'draft' }, callers.editor.token);
      const contributors = await createPost(t, VENUE_CASE, { venue: 'Secret Cellar', city: 'Bonn' }, callers.contributor.token);
      expect(contributors.id).not.toBe(editorsDraft.id);
      expect(contributors.author).toBe(callers.contributor.id);
    });
  });
});
