import { BulkInsertRepository, Category, PlannedEvent } from '@app/domain';
import { ADMIN_TOKEN, createTestApp, TestApp } from './support/test-app';

/*
 * MySQL/MariaDB: the seed's events take their IDs from their INSERTs' insertId where the server
 * hands a multi-row INSERT consecutive IDs, and read them back by slug where it may not
 * (innodb_autoinc_lock_mode 2, as on Galera). Either way each event's links and search postings
 * must land on its own row; IDs that do not match the rows must stop the load.
 */

jest.setTimeout(120_000);

/** More events than one INSERT statement takes (500), so that several insertIds are used. */
const EVENTS = 1_203;

describe('seed event IDs (MySQL/MariaDB)', () => {
  let app: TestApp;
  let bulk: BulkInsertRepository;
  let authorId: number;
  let termId: number;
  let run = 0;

  beforeAll(async () => {
    app = await createTestApp();
    bulk = app.app.get(BulkInsertRepository);
    authorId = await app.userIdOf(ADMIN_TOKEN);
    const terms = await bulk.transaction((db) => bulk.ensureTerms(Category, [{ name: 'Seed IDs', slug: 'seed-ids' }], db));
    termId = Number(terms.get('Seed IDs'));
  });
  afterAll(() => app.close());
  afterEach(() => jest.restoreAllMocks());

  /** Events with slugs of their own, a third linked to the term, each titled with a word of its own (one passage). */
  function plans(): PlannedEvent[] {
    run++;
    const now = new Date(Date.UTC(2030, 0, 1));
    return Array.from({ length: EVENTS }, (_, i) => ({
      row: {
        slug: `ids-${run}-${i}`,
        status: 'publish',
        authorId,
        title: `zqx${run}y${i}`,
        description: '',
        excerpt: '',
        imageId: null,
        password: null,
        wasPublished: true,
        publishedUtc: now,
        modifiedUtc: now,
        startUtc: new Date(now.getTime() + i * 3_600_000),
        endUtc: new Date(now.getTime() + i * 3_600_000 + 1_800_000),
        timezone: 'UTC',
        allDay: false,
        cost: '',
        website: '',
        showMap: true,
        showMapLink: true,
        hideFromListings: false,
        sticky: false,
        featured: false,
        postParentId: null,
        revision: 0,
        recurrence: null,
        isSeries: false,
        recurringEventId: null,
        recurrenceIdUtc: null,
        ownFields: null,
        textId: null,
        materializedUntil: null,
      },
      venueIds: [],
      organizerIds: [],
      termIds: i % 3 === 0 ? [termId] : [],
    }));
  }

  /** What the returned IDs must match: each row's slug, title, text_id and its links and postings. */
  async function expectOwnRows(given: PlannedEvent[], ids: number[]): Promise<void> {
    expect(new Set(ids).size).toBe(given.length);
    const list = ids.join(',');
    const rows = await app.dataSource.query<Array<{ id: number; slug: string; title: string; text_id: number }>>(
      `SELECT id, slug, title, text_id FROM events WHERE id IN (${list})`,
    );
    const byId = new Map(rows.map((row) => [Number(row.id), row]));
    given.forEach((plan, i) => {
      expect(byId.get(ids[i])).toMatchObject({ slug: plan.row.slug, title: plan.row.title });
      expect(Number(byId.get(ids[i])?.text_id)).toBe(ids[i]);
    });
    const linked = await app.dataSource.query<Array<{ event_id: number }>>(`SELECT event_id FROM event_terms WHERE event_id IN (${list})`);
    expect(linked.map((row) => Number(row.event_id)).sort((a, b) => a - b)).toEqual(
      ids.filter((_, i) => i % 3 === 0).sort((a, b) => a - b),
    );
    // Each event's title holds a word of its own: its postings name its row.
    const owners = await app.dataSource.query<Array<{ record_id: number; text: string }>>(
      `SELECT sp.record_id, p.text FROM search_postings sp INNER JOIN search_passages p ON p.kind = sp.kind AND p.id = sp.passage_id
       WHERE sp.kind = 1 AND sp.record_id IN (${list}) AND p.text LIKE 'zqx%'`,
    );
    const word = new Map(owners.map((row) => [Number(row.record_id), row.text]));
    given.forEach((_plan, i) => expect(word.get(ids[i])).toBe(`zqx${run}y${i}`));
  }

  const bySlug = () => jest.spyOn(BulkInsertRepository.prototype as unknown as { idsBySlug: () => Promise<number[]> }, 'idsBySlug');
  const increment = () =>
    jest.spyOn(BulkInsertRepository.prototype as unknown as { idIncrement: () => Promise<number | undefined> }, 'idIncrement');

  it("takes the IDs from the INSERTs' insertId when the server gives consecutive IDs, else reads them by slug", async () => {
    const [{ mode }] = await app.dataSource.query<Array<{ mode: number }>>('SELECT @@innodb_autoinc_lock_mode AS mode');
    const read = bySlug();
    const given = plans();
    const ids = await bulk.transaction((db) => bulk.insertEvents(given, db, new Set()));
    expect(read).toHaveBeenCalledTimes(Number(mode) <= 1 ? 0 : 1);
    await expectOwnRows(given, ids);
  });

  it('reads the IDs back by slug where the server may interleave them (innodb_autoinc_lock_mode 2)', async () => {
    increment().mockResolvedValue(undefined);
    const read = bySlug();
    const given = plans();
    const ids = await bulk.transaction((db) => bulk.insertEvents(given, db, new Set()));
    expect(read).toHaveBeenCalledTimes(1);
    await expectOwnRows(given, ids);
  });

  it('stops, writing nothing, when the IDs do not follow the insertId', async () => {
    increment().mockResolvedValue(2);
    const given = plans();
    await expect(bulk.transaction((db) => bulk.insertEvents(given, db, new Set()))).rejects.toThrow(/as the INSERT's insertId said/);
    const [{ count }] = await app.dataSource.query<Array<{ count: number }>>(
      `SELECT COUNT(*) AS count FROM events WHERE slug LIKE 'ids-${run}-%'`,
    );
    expect(Number(count)).toBe(0);
  });
});
