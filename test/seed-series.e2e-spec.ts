import { createTestApp, NS, TestApp } from './support/test-app';
import { createTestDatabase, TestDatabase } from './support/test-database';
import { CliRun, ensureBuilt, jsonLine, runCli } from './support/run-cli';

const EVENTS = 40;
const SHARE = 0.25;

interface ListedEvent {
  id: number;
  recurring_event_id: number | null;
  recurrence_id_utc: string | null;
  utc_start_date: string;
  title: string;
  categories: Array<{ id: number; count: number }>;
}

/** `seed --series`: a share of the seeded events are series, their occurrences written up to the horizon in bulk. */
describe('seed command with series', () => {
  let database: TestDatabase;
  let app: TestApp;
  let run: CliRun;

  async function count(sql: string): Promise<number> {
    const [{ n }] = await app.dataSource.query<Array<{ n: number | string }>>(sql);
    return Number(n);
  }

  async function listAll(query: Record<string, unknown> = {}): Promise<ListedEvent[]> {
    const events: ListedEvent[] = [];
    for (let page = 1; ; page++) {
      const response = await app.http
        .get(`${NS}/events`)
        .query({ per_page: 50, page, ...query })
        .expect(200);
      events.push(...(response.body.events as ListedEvent[]));
      if (page >= response.body.total_pages) return events;
    }
  }

  beforeAll(() => ensureBuilt(), 300_000);

  beforeAll(async () => {
    database = await createTestDatabase();
    run = runCli(database, ['seed', '--events', String(EVENTS), '--series', String(SHARE), '--seed', '3'], { SITE_TIMEZONE: 'UTC' });
    app = await createTestApp({}, { database });
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  it('reports the series among the events and their occurrences, and writes exactly that', async () => {
    expect(run.status).toBe(0);
    const summary = jsonLine(run);
    expect(summary).toMatchObject({ events: EVENTS, series: EVENTS * SHARE });
    const occurrences = summary.occurrences as number;
    expect(occurrences).toBeGreaterThan(EVENTS * SHARE * 3);
    expect(await count('SELECT COUNT(*) AS n FROM events WHERE recurring_event_id IS NULL')).toBe(EVENTS);
    expect(await count('SELECT COUNT(*) AS n FROM events WHERE is_series = 1')).toBe(EVENTS * SHARE);
    expect(await count('SELECT COUNT(*) AS n FROM events WHERE recurring_event_id IS NOT NULL')).toBe(occurrences);
    // Occurrences show their series' texts (text_id); single events and series their own.
    expect(await count('SELECT COUNT(*) AS n FROM events WHERE text_id <> COALESCE(recurring_event_id, id)')).toBe(0);
  });

  it('lists the single events and every occurrence with an exact total, as the API would have written them', async () => {
    const summary = jsonLine(run);
    const expected = EVENTS - (summary.series as number) + (summary.occurrences as number);
    const first = await app.http.get(`${NS}/events`).query({ per_page: 10 }).expect(200);
    expect(first.headers['x-tec-total']).toBe(String(expected));
    const events = await listAll();
    expect(events).toHaveLength(expected);
    const seriesIds = new Set(events.map((event) => event.recurring_event_id).filter((id) => id !== null));
    expect(seriesIds.size).toBe(summary.series);
    for (const id of seriesIds) {
      const series = await app.http.get(`${NS}/events/${id}`).expect(200);
      expect(series.body.recurrence.rrule).toMatch(/^FREQ=(DAILY|WEEKLY)/);
      const own = events.filter((event) => event.recurring_event_id === id);
      expect(own.every((event) => event.title === series.body.title && event.recurrence_id_utc === event.utc_start_date)).toBe(true);
      const listed = await app.http.get(`${NS}/events`).query({ recurring_event: id, per_page: 1 }).expect(200);
      expect(listed.headers['x-tec-total']).toBe(String(own.length));
    }
  });

  it('counts a series once in its terms, and finds occurrences by term and by search', async () => {
    const events = await listAll({ expand: false });
    const shown = new Map<number, number>();
    for (const term of events.flatMap((event) => event.categories)) shown.set(term.id, (shown.get(term.id) ?? 0) + 1);
    for (const event of events) for (const term of event.categories) expect(term.count).toBe(shown.get(term.id));

    const [occurrence] = (await listAll()).filter((event) => event.recurring_event_id !== null);
    const category = occurrence.categories[0].id;
    const byTerm = await listAll({ categories: category });
    expect(byTerm.map((event) => event.id)).toContain(occurrence.id);
    const kept = await app.http.get(`${NS}/events`).query({ categories: category, per_page: 1 }).expect(200);
    expect(kept.headers['x-tec-total']).toBe(String(byTerm.length));
    const word = occurrence.title.split(' ').find((part) => part.length >= 4) as string;
    const found = await listAll({ search: word });
    expect(found.map((event) => event.id)).toContain(occurrence.id);
  });
});
