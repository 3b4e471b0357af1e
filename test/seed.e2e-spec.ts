import { ADMIN_TOKEN, createTestApp, NS, TestApp } from './support/test-app';
import { createTestDatabase, TestDatabase } from './support/test-database';
import { CliRun, ensureBuilt, jsonLine, runCli } from './support/run-cli';
import { openSchemaSource } from './support/schema-source';

const EVENTS = 60;
const SEED = ['--seed', '7'];
const DAY_MS = 86_400_000;

interface Term {
  id: number;
  slug: string;
  taxonomy: string;
  count: number;
}

interface ListedEvent {
  id: number;
  slug: string;
  title: string;
  status: string;
  author: number;
  start_date: string;
  end_date: string;
  utc_start_date: string;
  utc_end_date: string;
  all_day: boolean;
  timezone: string;
  cost: string;
  venue: { id: number } | unknown[];
  organizer: Array<{ id: number }>;
  categories: Term[];
  tags: Term[];
}

const utc = (wall: string) => Date.parse(`${wall.replace(' ', 'T')}Z`);

describe('seed command', () => {
  let database: TestDatabase;
  let app: TestApp;
  let firstRun: CliRun;

  /** Every event the public list shows, page by page. */
  async function listAll(): Promise<ListedEvent[]> {
    const events: ListedEvent[] = [];
    for (let page = 1; ; page++) {
      const response = await app.http.get(`${NS}/events`).query({ per_page: 50, page }).expect(200);
      events.push(...(response.body.events as ListedEvent[]));
      if (page >= response.body.total_pages) return events;
    }
  }

  async function countRows(sql: string): Promise<number> {
    const [{ count }] = await app.dataSource.query<Array<{ count: number | string }>>(sql);
    return Number(count);
  }

  const byId = (events: ListedEvent[]) => [...events].sort((a, b) => a.id - b.id);

  beforeAll(() => ensureBuilt(), 300_000);

  beforeAll(async () => {
    database = await createTestDatabase();
    // With ADMIN_TOKEN set, the administrator the seed creates gets that token, as on the service's first start.
    firstRun = runCli(database, ['seed', '--events', String(EVENTS), ...SEED], { ADMIN_TOKEN, SITE_TIMEZONE: 'UTC' });
    app = await createTestApp({}, { database });
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  it('prints one JSON line: the events and the venues, organizers and terms they use', () => {
    expect(firstRun.status).toBe(0);
    const summary = jsonLine(firstRun);
    expect(Object.keys(summary)).toEqual(['events', 'venues', 'organizers', 'categories', 'tags', 'ms']);
    // About one venue per 20 events, one organizer per 30, all 12 categories, a tag per two events.
    expect(summary).toEqual({ events: EVENTS, venues: 3, organizers: 2, categories: 12, tags: 30, ms: expect.any(Number) });
  });

  it('writes exactly what it reports', async () => {
    expect(await countRows('SELECT COUNT(*) AS count FROM events')).toBe(EVENTS);
    expect(await countRows("SELECT COUNT(*) AS count FROM venues WHERE status = 'publish'")).toBe(3);
    expect(await countRows("SELECT COUNT(*) AS count FROM organizers WHERE status = 'publish'")).toBe(2);
    expect(await countRows("SELECT COUNT(*) AS count FROM terms WHERE taxonomy = 'tribe_events_cat'")).toBe(12);
    expect(await countRows("SELECT COUNT(*) AS count FROM terms WHERE taxonomy = 'post_tag'")).toBe(30);
  });

  it('creates the first administrator on a database without one and makes it the author', async () => {
    expect(firstRun.stderr).toMatch(/Created administrator "admin" \(id \d+\)/);
    const adminId = await app.userIdOf(ADMIN_TOKEN);
    const events = await listAll();
    expect(new Set(events.map((event) => event.author))).toEqual(new Set([adminId]));
  });

  it('the service lists every seeded event, published, within the next year', async () => {
    const response = await app.http.get(`${NS}/events`).query({ per_page: 10 }).expect(200);
    expect(response.headers['x-tec-total']).toBe(String(EVENTS));
    const events = await listAll();
    expect(events).toHaveLength(EVENTS);
    expect(new Set(events.map((event) => event.slug)).size).toBe(EVENTS);
    const now = Date.now();
    for (const event of events) {
      expect(event.status).toBe('publish');
      expect(event.title).not.toBe('');
      // From tomorrow in the site's zone; midnight in a zone east of it is up to a day earlier in UTC.
      expect(utc(event.utc_start_date)).toBeGreaterThan(now - DAY_MS);
      expect(utc(event.utc_start_date)).toBeLessThan(now + 367 * DAY_MS);
      expect(utc(event.utc_end_date)).toBeGreaterThanOrEqual(utc(event.utc_start_date));
      if (event.all_day) expect([event.start_date.slice(11), event.end_date.slice(11)]).toEqual(['00:00:00', '23:59:59']);
    }
    // Mostly the site's zone, with all-day and multi-day events among them.
    expect(events.filter((event) => event.timezone === 'UTC').length).toBeGreaterThan(EVENTS / 2);
    expect(events.some((event) => event.all_day)).toBe(true);
    expect(events.some((event) => utc(event.utc_end_date) - utc(event.utc_start_date) > DAY_MS)).toBe(true);
  });

  it('links each event to at most one venue, one or two organizers, one or two categories and up to three tags', async () => {
    const venueIds = (await app.dataSource.query<Array<{ id: number }>>('SELECT id FROM venues')).map((row) => Number(row.id));
    const events = await listAll();
    for (const event of events) {
      if (!Array.isArray(event.venue)) expect(venueIds).toContain(event.venue.id);
      else expect(event.venue).toEqual([]);
      expect(event.organizer.length).toBeGreaterThanOrEqual(1);
      expect(event.organizer.length).toBeLessThanOrEqual(2);
      expect(event.categories.length).toBeGreaterThanOrEqual(1);
      expect(event.categories.length).toBeLessThanOrEqual(2);
      expect(event.tags.length).toBeLessThanOrEqual(3);
      for (const term of event.categories) expect(term.taxonomy).toBe('tribe_events_cat');
      for (const term of event.tags) expect(term.taxonomy).toBe('post_tag');
    }
    expect(events.filter((event) => !Array.isArray(event.venue)).length).toBeGreaterThan(EVENTS * 0.75);
  });

  it("each term's published-event count matches the events listed with it", async () => {
    const events = await listAll();
    const listed = new Map<number, number>();
    const reported = new Map<number, number>();
    for (const term of events.flatMap((event) => [...event.categories, ...event.tags])) {
      listed.set(term.id, (listed.get(term.id) ?? 0) + 1);
      reported.set(term.id, term.count);
    }
    expect(reported).toEqual(listed);
  });

  it('a category filter finds the events listed with that category', async () => {
    const events = await listAll();
    const category = events[0].categories[0];
    const expected = events.filter((event) => event.categories.some((term) => term.id === category.id)).map((event) => event.id);
    const response = await app.http.get(`${NS}/events`).query({ per_page: 50, categories: category.slug }).expect(200);
    expect((response.body.events as ListedEvent[]).map((event) => event.id).sort((a, b) => a - b)).toEqual(expected.sort((a, b) => a - b));
  });

  describe('seeding the same database again', () => {
    let first: ListedEvent[];
    let second: ListedEvent[];
    let run: CliRun;

    beforeAll(async () => {
      first = byId(await listAll());
      run = runCli(database, ['seed', '--events', String(EVENTS), ...SEED], { SITE_TIMEZONE: 'UTC' });
      second = byId(await listAll()).slice(EVENTS);
    }, 120_000);

    it('adds as many events again, every slug still unique', async () => {
      expect(run.status).toBe(0);
      expect(jsonLine(run)).toMatchObject({ events: EVENTS });
      const all = await listAll();
      expect(all).toHaveLength(2 * EVENTS);
      expect(new Set(all.map((event) => event.slug)).size).toBe(2 * EVENTS);
      expect(await countRows('SELECT COUNT(DISTINCT slug) AS count FROM venues')).toBe(6);
      expect(await countRows('SELECT COUNT(DISTINCT slug) AS count FROM organizers')).toBe(4);
    });

    it('reuses the existing administrator, categories and tags', async () => {
      expect(run.stderr).not.toMatch(/Created administrator/);
      expect(await countRows("SELECT COUNT(*) AS count FROM users WHERE role = 'administrator'")).toBe(1);
      expect(await countRows("SELECT COUNT(*) AS count FROM terms WHERE taxonomy = 'tribe_events_cat'")).toBe(12);
      expect(await countRows("SELECT COUNT(*) AS count FROM terms WHERE taxonomy = 'post_tag'")).toBe(30);
      const categoryIds = (events: ListedEvent[]) => new Set(events.flatMap((event) => event.categories.map((term) => term.id)));
      expect(categoryIds(second)).toEqual(categoryIds(first));
    });

    it('leaves the stored term counts exact: recount prints one JSON line and corrects nothing', () => {
      const recount = runCli(database, ['recount'], { SITE_TIMEZONE: 'UTC' });
      expect(recount.status).toBe(0);
      expect(jsonLine(recount)).toMatchObject({ promoted: 0, terms: 42, corrected: 0, ms: expect.any(Number) });
    });

    it('leaves the search index complete (filled after the load on SQLite) and kept for later writes', async () => {
      const all = await listAll();
      const title = all[all.length - 1].title;
      const pattern = `%${title.toLowerCase()}%`;
      const rows = await app.dataSource.query<Array<{ id: number | string }>>(
        'SELECT id FROM events WHERE LOWER(title) LIKE ? OR LOWER(description) LIKE ? OR LOWER(excerpt) LIKE ?',
        [pattern, pattern, pattern],
      );
      const expected = rows.map((row) => Number(row.id));
      expect(expected.length).toBeGreaterThan(0);
      const search = async (text: string) =>
        ((await app.http.get(`${NS}/events`).query({ per_page: 50, search: text }).expect(200)).body.events as ListedEvent[])
          .map((event) => event.id)
          .sort((a, b) => a - b);
      expect(await search(title)).toEqual(expected.sort((a, b) => a - b));
      const created = await app.http
        .post(`${NS}/events`)
        .set({ Authorization: `Bearer ${ADMIN_TOKEN}` })
        .send({ title: 'Zqseedcheck after the load', start_date: all[0].start_date, end_date: all[0].end_date })
        .expect(201);
      expect(await search('zqseedcheck')).toEqual([created.body.id]);
    });

    it('search:reindex rebuilds a search index that lost its entries, events, venues and organizers alike', async () => {
      const [event] = await listAll();
      const venues = (await app.http.get(`${NS}/venues`).query({ per_page: 1 }).expect(200)).body.venues as Array<{
        id: number;
        venue: string;
      }>;
      const found = async (perPage: number) => ({
        events: (
          (await app.http.get(`${NS}/events`).query({ per_page: perPage, search: event.title }).expect(200)).body.events as ListedEvent[]
        ).some((listed) => listed.id === event.id),
        venues: (
          (await app.http.get(`${NS}/venues`).query({ per_page: perPage, search: venues[0].venue }).expect(200)).body.venues as Array<{
            id: number;
          }>
        ).some((listed) => listed.id === venues[0].id),
      });
      expect(await found(50)).toEqual({ events: true, venues: true });
      const sqlite = app.dataSource.options.type === 'better-sqlite3';
      await app.dataSource.query(
        sqlite ? `INSERT INTO events_search (events_search) VALUES ('delete-all')` : 'DELETE FROM search_postings',
      );
      // A new page size each time: the write went past the service, whose cached answers stay.
      const lost = await found(49);
      expect(lost.events).toBe(false);
      const run = runCli(database, ['search:reindex'], { SITE_TIMEZONE: 'UTC' });
      expect(run.status).toBe(0);
      const printed = jsonLine(run);
      expect(printed.events).toBe(await countRows('SELECT COUNT(1) AS count FROM events'));
      if (!sqlite) expect(printed.venues).toBe(await countRows('SELECT COUNT(1) AS count FROM venues'));
      expect(await found(48)).toEqual({ events: true, venues: true });
    });

    it('leaves the indexes as the migrations made them (those dropped for the load are back)', async () => {
      // Index statements only: the columns are schema.e2e-spec's concern.
      const schema = await openSchemaSource(app.dataSource.options);
      try {
        const pending = await schema.driver.createSchemaBuilder().log();
        expect(pending.upQueries.map((query) => query.query).filter((query) => /\bINDEX\b/i.test(query))).toEqual([]);
      } finally {
        await schema.destroy();
      }
    });

    it('the same --seed generates the same events', () => {
      const shape = (event: ListedEvent) => [event.title, event.cost, event.timezone, event.all_day, event.categories.map((t) => t.slug)];
      expect(second.map(shape)).toEqual(first.map(shape));
    });
  });

  describe('bad input', () => {
    const cases: Array<[string, string[], RegExp]> = [
      ['--events that is not a number', ['--events', 'many'], /--events must be a positive integer \(got "many"\)/],
      ['--events 0', ['--events', '0'], /--events must be a positive integer/],
      ['a fractional --events', ['--events', '2.5'], /--events must be a positive integer/],
      ['--events over the limit', ['--events', '1000001'], /--events must be at most 1,000,000/],
      ['a missing --events', ['--seed', '3'], /Missing --events/],
      ['a --seed that is not an integer', ['--events', '5', '--seed', 'abc'], /--seed must be an integer/],
      ['a --seed beyond 32 bits', ['--events', '5', '--seed', '4294967296'], /--seed must be an integer/],
    ];

    it.each(cases)('%s: exit code 1, a message on stderr, nothing written', async (_label, args, message) => {
      const before = await countRows('SELECT COUNT(*) AS count FROM events');
      const run = runCli(database, ['seed', ...args]);
      expect(run.status).toBe(1);
      expect(run.stdout).toBe('');
      expect(run.stderr).toMatch(message);
      expect(await countRows('SELECT COUNT(*) AS count FROM events')).toBe(before);
    });
  });
});
