import { EVENTS } from './support/events-fixtures';
import { createTestApp, NS, TestApp } from './support/test-app';
import { createTestDatabase, TestDatabase } from './support/test-database';

/*
 * ETags are opaque: keyed with a secret that every instance on one database shares, created on
 * the first start and kept in the database. Equal data and requests on another database (another
 * secret) give other tags, so nothing about the data can be recomputed from one.
 */

/** The site's own host: links, and so bodies and tags, must not depend on the test server's port. */
const HOST = 'calendar.test';
const READS = [EVENTS, `${EVENTS}?search=jazz&per_page=5`, NS, `${NS}/venues`, `/de${EVENTS}`];

async function etags(t: TestApp): Promise<string[]> {
  const tags: string[] = [];
  for (const path of READS) tags.push((await t.http.get(path).set('Host', HOST).expect(200)).headers.etag as string);
  return tags;
}

async function secretRows(t: TestApp): Promise<Array<{ name: string; value: string }>> {
  return t.dataSource.query('SELECT name, value FROM server_secrets');
}

describe('opaque ETags', () => {
  let database: TestDatabase;
  let first: TestApp;
  let second: TestApp;

  beforeAll(async () => {
    database = await createTestDatabase();
    // Two instances starting together on an empty database: one secret, whichever wins.
    [first, second] = await Promise.all([createTestApp({}, { database }), createTestApp({}, { database })]);
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await database.drop();
  });

  it('instances started together on one database create one secret of 256 bits and give equal ETags', async () => {
    const rows = await secretRows(first);
    expect(rows.map((row) => row.name)).toEqual(['etag']);
    expect(Buffer.from(rows[0].value, 'base64url')).toHaveLength(32);
    expect(await etags(second)).toEqual(await etags(first));
  });

  it('a restart keeps the secret, so the tags stay valid', async () => {
    const before = await etags(first);
    const restarted = await createTestApp({}, { database });
    try {
      expect(await etags(restarted)).toEqual(before);
      const revalidated = await restarted.http.get(EVENTS).set('Host', HOST).set('If-None-Match', before[0]);
      expect(revalidated.status).toBe(304);
    } finally {
      await restarted.close();
    }
  });

  it('the same data and requests on another database (another secret) give other tags', async () => {
    const other = await createTestApp();
    try {
      const mine = await etags(first);
      const theirs = await etags(other);
      // Same versions, same requests, same day: only the key differs.
      expect((await other.http.get(EVENTS).set('Host', HOST).expect(200)).body).toEqual(
        (await first.http.get(EVENTS).set('Host', HOST).expect(200)).body,
      );
      theirs.forEach((tag, i) => expect(tag).not.toBe(mine[i]));
    } finally {
      await other.close();
    }
  });
});
