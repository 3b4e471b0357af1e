import { queriesDuring } from './support/events-sql-counter';
import { Body, createEvent, createOrganizer, createTerm, createVenue, getEvent, listEvents } from './support/events-fixtures';
import { ADMIN_TOKEN, createTestApp, TestApp } from './support/test-app';

const EVENT_COUNT = 55;

/**
 * No N+1: a page of events loads its venues, organizers, terms, counts and images in a fixed
 * number of queries, so a page of 50 costs what a page of 1 costs. Linked records are kept per
 * data version (RecordsAtVersion), so each measured read follows a write: it reads them cold.
 */
describe('events: queries per request do not grow with the page', () => {
  let t: TestApp;
  const window = { start_date: '2031-01-01', end_date: '2031-12-31' };

  beforeAll(async () => {
    t = await createTestApp();
    const categories = [];
    const tags = [];
    for (let i = 0; i < 5; i++) {
      categories.push((await createTerm(t, 'categories', { name: `Count Category ${i}` })).id);
      tags.push((await createTerm(t, 'tags', { name: `count-tag-${i}` })).id);
    }
    for (let i = 0; i < EVENT_COUNT; i++) {
      // A venue and organizers of its own per event: shared records would hide per-event lookups.
      const venue = await createVenue(t, { venue: `Count Hall ${i}`, geo_lat: 52 + i / 100, geo_lng: 13 });
      const organizers = [
        await createOrganizer(t, { organizer: `Count Org ${i}a` }),
        await createOrganizer(t, { organizer: `Count Org ${i}b` }),
      ];
      await createEvent(t, {
        title: `Counted ${i}`,
        start_date: `2031-02-01 10:00`,
        end_date: `2031-02-01 12:00`,
        image: `https://img.example.org/${i}.png`,
        venue: venue.id,
        organizer: organizers.map((o) => o.id),
        categories: [categories[i % 5], categories[(i + 1) % 5]],
        tags: [tags[i % 5], tags[(i + 2) % 5]],
      });
    }
  });
  afterAll(async () => t.close());

  let writes = 0;
  /** Any write moves the data version, so the next read finds no linked records kept. */
  const moveDataVersion = () => createTerm(t, 'tags', { name: `version-mover-${++writes}` });

  async function listCost(query: Record<string, unknown>, token: string | null = null) {
    await moveDataVersion();
    let body: Body = {};
    const queries = await queriesDuring(t, async () => {
      body = (await listEvents(t, { ...window, ...query }, token).expect(200)).body;
    });
    return { queries, events: body.events as Body[] };
  }

  it.each([
    ['anonymous', null],
    ['administrator', ADMIN_TOKEN],
  ] as const)('answers per_page=1 and per_page=50 with the same number of queries (%s)', async (_who, token) => {
    const one = await listCost({ per_page: 1 }, token);
    const fifty = await listCost({ per_page: 50 }, token);
    expect(one.events).toHaveLength(1);
    expect(fifty.events).toHaveLength(50);
    for (const event of fifty.events) {
      expect(event.venue).toMatchObject({ venue: expect.stringMatching(/^Count Hall/) });
      expect(event.organizer).toHaveLength(2);
      expect(event.categories).toHaveLength(2);
      expect(event.tags).toHaveLength(2);
      expect(event.image).toMatchObject({ url: expect.stringMatching(/^https:\/\/img/) });
    }
    expect(one.queries.length).toBeGreaterThan(0);
    expect(fifty.queries.length).toBe(one.queries.length);
  });

  it('keeps the count fixed with filters that join links (terms, venue, geolocation)', async () => {
    const filters = {
      categories: 'count-category-0,count-category-1',
      tags: 'count-tag-2',
      geoloc_lat: 52.2,
      geoloc_lng: 13,
      geoloc_radius: 500,
    };
    const one = await listCost({ ...filters, per_page: 1 });
    const many = await listCost({ ...filters, per_page: 50 });
    expect(many.events.length).toBeGreaterThan(10);
    expect(many.queries.length).toBe(one.queries.length);
  });

  it('reads a single event with the same number of queries however many records it links to', async () => {
    const organizers = [];
    for (let i = 0; i < 6; i++) organizers.push((await createOrganizer(t, { organizer: `Single Org ${i}` })).id);
    const venues = [(await createVenue(t, { venue: 'Single Hall A' })).id, (await createVenue(t, { venue: 'Single Hall B' })).id];
    const rich = await createEvent(t, {
      venue: venues,
      organizer: organizers,
      categories: ['Single A', 'Single B', 'Single C'],
      tags: ['s-1', 's-2', 's-3'],
    });
    const slim = await createEvent(t, { venue: venues[0], organizer: organizers[0], categories: ['Single A'], tags: ['s-1'] });
    await moveDataVersion();
    const richQueries = await queriesDuring(t, () => getEvent(t, rich.id).expect(200));
    await moveDataVersion();
    const slimQueries = await queriesDuring(t, () => getEvent(t, slim.id).expect(200));
    expect(slimQueries.length).toBeGreaterThan(0);
    expect(richQueries.length).toBe(slimQueries.length);
  });

  it('reads linked records once per data version: a repeat reads none of them, a write makes it read them again', async () => {
    const cold = await listCost({ per_page: 50 });
    let repeat: Body = {};
    const warm = await queriesDuring(t, async () => {
      repeat = (await listEvents(t, { ...window, per_page: 50 }).expect(200)).body;
    });
    // The same answer (each request has its own test-server port in its links).
    const sameOrigin = (events: unknown) => JSON.stringify(events).replace(/127\.0\.0\.1:\d+/g, 'origin');
    expect(sameOrigin(repeat.events)).toBe(sameOrigin(cold.events));
    // Venues, organizers and terms: three queries fewer; the page and its link rows are read again.
    expect(warm.length).toBe(cold.queries.length - 3);
    const venue = (cold.events[0].venue as Body).id as number;
    await t.http
      .patch(`/calendar/events/v1/venues/${venue}`)
      .set('Authorization', `Bearer ${ADMIN_TOKEN}`)
      .send({ venue: 'Renamed Hall' })
      .expect(200);
    const after = await listEvents(t, { ...window, per_page: 50 }).expect(200);
    expect(after.body.events[0].venue.venue).toBe('Renamed Hall');
  });
});
