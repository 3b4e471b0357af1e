import { expectApiError, expectInvalidParams, expectRecordShape, idsOf, withoutRestUrl } from './posts-assertions';
import {
  collectionPath,
  createPost,
  daysFromNow,
  eventLinkCount,
  idPath,
  insertEvent,
  linkToEvent,
  readAsAdmin,
  sendUpdate,
  setPublishedUtc,
  slugPath,
  storedRow,
} from './posts-fixtures';
import { PostKindCase } from './posts-kinds';
import { ADMIN_TOKEN, bearer, createTestApp, TestApp } from './test-app';

const HOUR_MS = 3600 * 1000;
/** Reads a 'YYYY-MM-DD HH:MM:SS' as if it were UTC, to compare two wall times. */
const asUtcMs = (wall: string) => Date.parse(`${wall.replace(' ', 'T')}Z`);
const wallUtc = (instant: Date) => instant.toISOString().slice(0, 19).replace('T', ' ');

/**
 * Publication dates, scheduling and trash (docs/api-rules.md, Writes, Deleting), shared by venues and organizers.
 */
export function describePostLifecycle(kind: PostKindCase): void {
  const named = (name: string, extra: Record<string, unknown> = {}) => ({ [kind.nameField]: name, ...extra });
  const anonymousIds = async (t: TestApp, query = '') =>
    idsOf(await t.http.get(`${collectionPath(kind)}?per_page=50${query}`).expect(200), kind);
  const adminIds = async (t: TestApp, query = '') =>
    idsOf(
      await t.http
        .get(`${collectionPath(kind)}?per_page=50${query}`)
        .set(bearer(ADMIN_TOKEN))
        .expect(200),
      kind,
    );

  describe(`${kind.collection}: publication dates (SITE_TIMEZONE Europe/Berlin)`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ SITE_TIMEZONE: 'Europe/Berlin' });
    });
    afterAll(async () => t.close());

    it.each([
      ['winter, +01:00', '2025-01-15 10:00:00', '2025-01-15 09:00:00'],
      ['summer, +02:00', '2025-07-15 10:00:00', '2025-07-15 08:00:00'],
      ['date only', '2025-07-15', '2025-07-14 22:00:00'],
    ])('reads `date` in the site time zone (%s)', async (_label, date, utc) => {
      const created = await createPost(t, kind, named(`Dated ${date}`, { date }));
      const wall = date.length === 10 ? `${date} 00:00:00` : date;
      expect(created).toMatchObject({ date: wall, date_utc: utc });
      expect((await readAsAdmin(t, kind, created.id)).body).toMatchObject({ date: wall, date_utc: utc });
    });

    it('reads `date_utc` in UTC', async () => {
      const created = await createPost(t, kind, named('Dated UTC', { date_utc: '2025-07-15 10:00:00' }));
      expect(created).toMatchObject({ date: '2025-07-15 12:00:00', date_utc: '2025-07-15 10:00:00' });
    });

    it('reads an ISO instant with an offset as that instant', async () => {
      const created = await createPost(t, kind, named('Dated ISO', { date: '2025-01-15T10:00:00Z' }));
      expect(created).toMatchObject({ date: '2025-01-15 11:00:00', date_utc: '2025-01-15 10:00:00' });
    });

    it('returns modified in the site zone and modified_utc in UTC', async () => {
      const created = await createPost(t, kind, named('Modified Zones'));
      const offset = asUtcMs(created.modified as string) - asUtcMs(created.modified_utc as string);
      expect([HOUR_MS, 2 * HOUR_MS]).toContain(offset);
      expect(asUtcMs(created.date as string) - asUtcMs(created.date_utc as string)).toBe(offset);
    });

    it('answers 400 rest_invalid_param naming a date it cannot read, and writes nothing', async () => {
      expectInvalidParams(
        await t.http
          .post(collectionPath(kind))
          .set(bearer(ADMIN_TOKEN))
          .send(named('Bad Date', { date: 'not a date' })),
        ['date'],
      );
      const record = await createPost(t, kind, named('Keeps Its Date', { date: '2024-03-01 12:00:00' }));
      expectInvalidParams(await sendUpdate(t, 'patch', idPath(kind, record.id), { date_utc: '2024-13-45 99:00', phone: 'x' }), [
        'date_utc',
      ]);
      expectInvalidParams(await sendUpdate(t, 'patch', idPath(kind, record.id), { date: 'yesterday-ish nonsense' }), ['date']);
      expect((await readAsAdmin(t, kind, record.id)).body).toMatchObject({ date: '2024-03-01 12:00:00', phone: '' });
    });

    it('schedules a publish with a future date as `future`, hidden from anonymous readers until the date passes', async () => {
      const when = daysFromNow(30);
      const created = await createPost(t, kind, named('Scheduled', { date_utc: wallUtc(when), status: 'publish' }));
      expect(created.status).toBe('future');
      expectApiError(await t.http.get(idPath(kind, created.id)), 403, `${kind.name}-not-accessible`);
      expectApiError(await t.http.get(slugPath(kind, created.slug)), 403, `${kind.name}-not-accessible`);
      expect(await anonymousIds(t)).not.toContain(created.id);
      expect(await adminIds(t)).toContain(created.id);
      expect(await adminIds(t, '&status=future')).toContain(created.id);
      expect(await adminIds(t, '&status=publish')).not.toContain(created.id);

      await setPublishedUtc(t, kind, created.id, new Date(Date.now() - 60_000));
      const now = await t.http.get(idPath(kind, created.id)).expect(200);
      expect(now.body.status).toBe('publish');
      expect(await anonymousIds(t)).toContain(created.id);
      expect(await adminIds(t, '&status=publish')).toContain(created.id);
      expect(await adminIds(t, '&status=future')).not.toContain(created.id);
    });

    it('schedules a future date without status too, and stores `future` with a past date as publish', async () => {
      const implicit = await createPost(t, kind, named('Implicitly Scheduled', { date: '2099-01-01 10:00:00' }));
      expect(implicit.status).toBe('future');
      const explicit = await createPost(t, kind, named('Explicitly Scheduled', { date: '2099-01-01 10:00:00', status: 'future' }));
      expect(explicit.status).toBe('future');
      const past = await createPost(t, kind, named('Future In The Past', { date: '2020-01-01 10:00:00', status: 'future' }));
      expect(past.status).toBe('publish');
      expect(await anonymousIds(t)).toContain(past.id);
    });

    it('moving a published record into the future schedules it; back into the past publishes it', async () => {
      const record = await createPost(t, kind, named('Moved In Time'));
      const ahead = await sendUpdate(t, 'patch', idPath(kind, record.id), { date: '2099-06-01 09:00:00' }).expect(200);
      expect(ahead.body.status).toBe('future');
      const back = await sendUpdate(t, 'patch', idPath(kind, record.id), { date: '2021-06-01 09:00:00' }).expect(200);
      expect(back.body.status).toBe('publish');
    });
  });

  describe(`${kind.collection}: trash and delete`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(async () => t.close());

    it('DELETE moves to trash (200 with the record), again answers 410 <kind>-is-in-trash', async () => {
      const record = await createPost(t, kind, named('Trash Me'));
      const res = await t.http.delete(idPath(kind, record.id)).set(bearer(ADMIN_TOKEN)).expect(200);
      expectRecordShape(res.body, kind);
      expect(res.body).toMatchObject({ id: record.id, status: 'trash', [kind.nameField]: 'Trash Me' });
      expectApiError(await t.http.delete(idPath(kind, record.id)).set(bearer(ADMIN_TOKEN)), 410, `${kind.name}-is-in-trash`);
      expectApiError(await t.http.delete(slugPath(kind, record.slug)).set(bearer(ADMIN_TOKEN)), 410, `${kind.name}-is-in-trash`);
    });

    it('DELETE by slug trashes too', async () => {
      const record = await createPost(t, kind, named('Trash By Slug'));
      const res = await t.http.delete(slugPath(kind, record.slug)).set(bearer(ADMIN_TOKEN)).expect(200);
      expect(res.body).toMatchObject({ id: record.id, status: 'trash' });
    });

    it('a trashed record reads as 403 <kind>-no-longer-available and leaves lists unless status names trash', async () => {
      const record = await createPost(t, kind, named('Gone Soon'));
      await t.http.delete(idPath(kind, record.id)).set(bearer(ADMIN_TOKEN)).expect(200);
      expectApiError(await t.http.get(idPath(kind, record.id)), 403, `${kind.name}-no-longer-available`);
      expectApiError(await t.http.get(idPath(kind, record.id)).set(bearer(ADMIN_TOKEN)), 403, `${kind.name}-no-longer-available`);
      expectApiError(await t.http.get(slugPath(kind, record.slug)).set(bearer(ADMIN_TOKEN)), 403, `${kind.name}-no-longer-available`);
      expect(await anonymousIds(t)).not.toContain(record.id);
      expect(await adminIds(t)).not.toContain(record.id);
      expect(await adminIds(t, '&status=draft,pending,private,future,publish')).not.toContain(record.id);
      expect(await adminIds(t, '&status=trash')).toContain(record.id);
      expect(await adminIds(t, '&status=publish,trash')).toContain(record.id);
    });

    it('an update without status keeps a record in trash; naming a status restores it', async () => {
      const record = await createPost(t, kind, named('Restore Me'));
      await t.http.delete(idPath(kind, record.id)).set(bearer(ADMIN_TOKEN)).expect(200);
      const touched = await sendUpdate(t, 'patch', idPath(kind, record.id), { phone: '42' }).expect(200);
      expect(touched.body.status).toBe('trash');
      const restored = await sendUpdate(t, 'post', idPath(kind, record.id), { status: 'publish' }).expect(200);
      expect(restored.body).toMatchObject({ status: 'publish', phone: '42' });
      await t.http.get(idPath(kind, record.id)).expect(200);
      expect(await anonymousIds(t)).toContain(record.id);
    });

    it('a trashed record keeps its event links; deleting for good removes them', async () => {
      const adminId = await t.userIdOf(ADMIN_TOKEN);
      const record = await createPost(t, kind, named('Linked And Trashed'));
      await linkToEvent(t, kind, await insertEvent(t, { authorId: adminId }), record.id);
      await linkToEvent(t, kind, await insertEvent(t, { authorId: adminId }), record.id);
      await t.http.delete(idPath(kind, record.id)).set(bearer(ADMIN_TOKEN)).expect(200);
      expect(await eventLinkCount(t, kind, record.id)).toBe(2);
      await sendUpdate(t, 'patch', idPath(kind, record.id), { status: 'publish' }).expect(200);
      expect(await eventLinkCount(t, kind, record.id)).toBe(2);
      await t.http
        .delete(`${idPath(kind, record.id)}?force=true`)
        .set(bearer(ADMIN_TOKEN))
        .expect(200);
      expect(await eventLinkCount(t, kind, record.id)).toBe(0);
    });

    it('force=true in the query deletes for good: 200 {deleted: true, previous}', async () => {
      const record = await createPost(t, kind, named('Force By Query', { phone: '7' }));
      const res = await t.http
        .delete(`${idPath(kind, record.id)}?force=true`)
        .set(bearer(ADMIN_TOKEN))
        .expect(200);
      expect(Object.keys(res.body).sort()).toEqual(['deleted', 'previous']);
      expect(res.body.deleted).toBe(true);
      expectRecordShape(res.body.previous, kind);
      expect(withoutRestUrl(res.body.previous)).toEqual(withoutRestUrl(record));
      expect(await storedRow(t, kind, record.id)).toBeNull();
      expectApiError(await t.http.get(idPath(kind, record.id)).set(bearer(ADMIN_TOKEN)), 404, `rest-${kind.name}-not-found`);
    });

    it('force in a JSON body deletes for good, also a trashed record and by slug', async () => {
      const record = await createPost(t, kind, named('Force By Body'));
      const res = await t.http.delete(idPath(kind, record.id)).set(bearer(ADMIN_TOKEN)).send({ force: true }).expect(200);
      expect(res.body).toMatchObject({ deleted: true, previous: { id: record.id } });
      expect(await storedRow(t, kind, record.id)).toBeNull();

      const trashed = await createPost(t, kind, named('Trashed Then Forced'));
      await t.http.delete(idPath(kind, trashed.id)).set(bearer(ADMIN_TOKEN)).expect(200);
      const forced = await t.http
        .delete(`${slugPath(kind, trashed.slug)}?force=1`)
        .set(bearer(ADMIN_TOKEN))
        .expect(200);
      expect(forced.body).toMatchObject({ deleted: true, previous: { id: trashed.id, status: 'trash' } });
      expect(await storedRow(t, kind, trashed.id)).toBeNull();
    });

    it('force=false trashes, an unreadable force is a 400', async () => {
      const record = await createPost(t, kind, named('Not Forced'));
      const res = await t.http
        .delete(`${idPath(kind, record.id)}?force=false`)
        .set(bearer(ADMIN_TOKEN))
        .expect(200);
      expect(res.body.status).toBe('trash');
      const other = await createPost(t, kind, named('Bad Force'));
      expectInvalidParams(await t.http.delete(`${idPath(kind, other.id)}?force=perhaps`).set(bearer(ADMIN_TOKEN)), ['force']);
      expect((await storedRow(t, kind, other.id))?.status).toBe('publish');
    });

    it('DELETE of an unknown ID or slug answers 404', async () => {
      expectApiError(await t.http.delete(idPath(kind, 424242)).set(bearer(ADMIN_TOKEN)), 404, `rest-${kind.name}-not-found`);
      expectApiError(await t.http.delete(slugPath(kind, 'never-was')).set(bearer(ADMIN_TOKEN)), 404, `rest-${kind.name}-not-found`);
    });
  });
}
