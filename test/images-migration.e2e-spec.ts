import { createHash } from 'node:crypto';
import { loadConfig } from '@app/config';
import { buildDataSourceOptions } from '@app/database';
import { SCHEMA } from '@app/domain';
import { DataSource } from 'typeorm';
import { expectInvalidParams } from './support/posts-assertions';
import { Body, createEvent, EVENTS } from './support/events-fixtures';
import { bearer, createTestApp, TestApp } from './support/test-app';
import { createTestDatabase, TestDatabase } from './support/test-database';

const MIGRATION = 'ImageOwners1797460000000';
const SOON = { start_date: 'tomorrow 8pm', end_date: 'tomorrow 11pm' };
const SHOWN = 'https://img.example/shown.png';
const UNUSED = 'https://img.example/ünused.png';

/**
 * Images recorded before images had owners: the migration gives each its URL key and no owner, so
 * that an image stays linkable through the records that show it, and no one else's image becomes
 * linkable by guessing who recorded it.
 */
describe('migration: image owners', () => {
  let database: TestDatabase;
  let t: TestApp;
  const legacy: { [url: string]: number } = {};

  beforeAll(async () => {
    database = await createTestDatabase();
    const dataSource = await new DataSource({ ...buildDataSourceOptions(loadConfig(database.env), SCHEMA), logging: false }).initialize();
    try {
      await dataSource.runMigrations({ transaction: 'each' });
      const applied = async () => (await dataSource.query('SELECT name FROM migrations')).map((row: { name: string }) => row.name);
      while ((await applied()).includes(MIGRATION)) await dataSource.undoLastMigration({ transaction: 'each' });
      // Two records of one URL, as the service made them before a URL already recorded was reused.
      for (const url of [SHOWN, UNUSED, UNUSED]) {
        await dataSource.query('INSERT INTO images (url, extension, width, height, created_utc) VALUES (?, ?, NULL, NULL, ?)', [
          url,
          'png',
          '2026-01-01 00:00:00',
        ]);
      }
      for (const row of await dataSource.query('SELECT id, url FROM images ORDER BY id')) legacy[row.url] ??= Number(row.id);
    } finally {
      await dataSource.destroy();
    }
    t = await createTestApp({}, { database });
  });
  afterAll(async () => {
    await t.close();
    await database.drop();
  });

  it('gives every image its URL key and no owner', async () => {
    const rows: Array<{ url: string; url_key: string; owner_id: number | null }> = await t.dataSource.query(
      'SELECT url, url_key, owner_id FROM images ORDER BY id',
    );
    expect(rows).toEqual(
      [SHOWN, UNUSED, UNUSED].map((url) => ({ url, url_key: createHash('sha256').update(url).digest('hex'), owner_id: null })),
    );
  });

  describe('afterwards', () => {
    let author: string;
    let editor: string;
    beforeAll(async () => {
      [author, editor] = await Promise.all([t.tokenFor('author'), t.tokenFor('editor')]);
      // A published event that showed the image before the migration.
      const event = await createEvent(t, { title: 'Shown before', ...SOON }, editor);
      await t.dataSource.query('UPDATE events SET image_id = ? WHERE id = ?', [legacy[SHOWN], event.id]);
    });
    const imageOf = (record: Body) => record.image as Body & { id: number };

    it('an image a record shows stays linkable, by ID and by URL', async () => {
      for (const image of [legacy[SHOWN], SHOWN]) {
        expect(imageOf(await createEvent(t, { title: 'Reuse', image, ...SOON }, author)).id).toBe(legacy[SHOWN]);
      }
    });

    it('an image no record shows is linkable by no one; its URL records an image of the sender', async () => {
      for (const token of [author, editor]) {
        const res = await t.http
          .post(EVENTS)
          .set(bearer(token))
          .send({ title: 'Unused', image: legacy[UNUSED], ...SOON });
        expectInvalidParams(res, ['image']);
      }
      const own = imageOf(await createEvent(t, { title: 'Own', image: UNUSED, ...SOON }, author));
      expect(own).toMatchObject({ url: UNUSED });
      expect(own.id).toBeGreaterThan(legacy[UNUSED] + 1);
    });
  });
});
