import type { Send } from './openapi-truth-session';
import { ADMIN_TOKEN, bearer } from './test-app';

/*
 * The accepted requests of the OpenAPI truth test (openapi-truth.e2e-spec.ts): every route, both
 * body media types, both forms of lists in query strings and in form bodies, both credential
 * schemes. Each must be described by the document and by the namespace index.
 */

export const POSTS = { events: 'title', venues: 'venue', organizers: 'organizer' } as const;
export const TERMS = ['categories', 'tags'] as const;
export const ADMIN = bearer(ADMIN_TOKEN);
export const BASIC = { Authorization: `Basic ${Buffer.from(`admin:${ADMIN_TOKEN}`).toString('base64')}` };

let counter = 0;
export const unique = (text: string) => `${text} ${++counter}`;

/** A record of each collection: its ID and slug, for the path parameters. */
export type Records = Record<string, { id: number; slug: string }>;

type ExpectStatus = (status: number, method: string, path: string, options?: Send) => Promise<{ responseBody: unknown }>;

export async function discovery(expectStatus: ExpectStatus): Promise<void> {
  await expectStatus(200, 'GET', '/');
  await expectStatus(200, 'GET', '/', { query: 'context=help', headers: BASIC });
  await expectStatus(200, 'GET', '/doc', { headers: ADMIN });
}

/** Creates, reads, updates and deletes in every collection, in both media types and with both schemes. */
export async function postsAndTerms(expectStatus: ExpectStatus, published: Records): Promise<void> {
  const category = published.categories;
  const creates: Record<string, Array<[Send['body'], Record<string, string>]>> = {
    events: [
      [
        {
          json: {
            title: unique('Jazz night'),
            start_date: 'tomorrow 8pm',
            end_date: 'tomorrow 11pm',
            venue: { venue: unique('Hall'), city: 'Bonn' },
            organizer: [{ organizer: unique('Society') }],
            categories: [category.id, unique('New category')],
            tags: [unique('tag')],
            cost: ['10', '15'],
            image: 'https://img.example/a.jpg',
            all_day: false,
          },
        },
        ADMIN,
      ],
      [
        {
          form: {
            title: unique('Form night'),
            start_date: '2031-06-01 20:00',
            end_date: '2031-06-01 22:00',
            categories: `${category.slug},${unique('form-category')}`,
            venue: String(published.venues.id),
            all_day: 'true',
            featured: 'false',
            cost: '€12',
          },
        },
        BASIC,
      ],
    ],
    venues: [
      [{ json: { venue: unique('Venue'), city: 'Köln', geo_lat: 50.94, geo_lng: 6.96 } }, ADMIN],
      [{ form: { venue: unique('Form venue'), city: 'Bonn', show_map: 'true' } }, BASIC],
    ],
    organizers: [
      [{ json: { organizer: unique('Organizer'), email: 'info@example.org' } }, ADMIN],
      [{ form: { organizer: unique('Form organizer'), phone: '+49 228 1' } }, BASIC],
    ],
    categories: [
      [{ json: { name: unique('Category'), parent: category.id } }, ADMIN],
      [{ json: { name: unique('Top category'), parent: null } }, ADMIN],
      [{ form: { name: unique('Top form category'), parent: '' } }, BASIC],
      [{ form: { name: unique('Form category'), description: 'From a form' } }, BASIC],
    ],
    tags: [
      [{ json: { name: unique('Tag') } }, ADMIN],
      [{ form: { name: unique('Form tag') } }, BASIC],
    ],
  };
  for (const [collection, cases] of Object.entries(creates)) {
    const isPost = collection in POSTS;
    for (const [body, headers] of cases) {
      const record = (await expectStatus(201, 'POST', `/${collection}`, { headers, body })).responseBody as { id: number; slug: string };
      for (const path of [`/${collection}/${record.id}`, `/${collection}/by-slug/${record.slug}`]) {
        await expectStatus(200, 'GET', path);
        await expectStatus(200, 'GET', path, { headers: BASIC });
        for (const method of ['POST', 'PUT', 'PATCH']) {
          await expectStatus(200, method, path, { headers: ADMIN, body: { json: { description: '<p>Updated</p>' } } });
          await expectStatus(200, method, path, { headers: BASIC, body: { form: { description: 'Updated by form' } } });
        }
      }
      if (collection === 'events') {
        await expectStatus(200, 'GET', `/events/${record.id}.ics`);
        await expectStatus(200, 'GET', `/events/by-slug/${record.slug}.ics`, { headers: ADMIN });
      }
      // By ID for the first record, by slug for the second: trash, trash again, then for good.
      const path = body && 'json' in body ? `/${collection}/${record.id}` : `/${collection}/by-slug/${record.slug}`;
      if (isPost) {
        await expectStatus(200, 'DELETE', path, { headers: ADMIN });
        await expectStatus(410, 'DELETE', path, { headers: ADMIN });
        await expectStatus(200, 'DELETE', path, { headers: BASIC, query: 'force=true' });
      } else {
        await expectStatus(200, 'DELETE', path, { headers: ADMIN });
      }
    }
  }
}

/** Every list with its filters, lists given repeated and comma-separated. */
export async function lists(expectStatus: ExpectStatus, published: Records, drafts: Records): Promise<void> {
  const event = published.events;
  const both = (name: string, values: Array<string | number>) => [
    values.map((value) => `${name}=${value}`).join('&'),
    `${name}=${values.join(',')}`,
  ];
  const eventQueries = [
    '',
    'start_date=2031-01-01&end_date=2031-12-31&per_page=2&page=1',
    ...both('status', ['publish', 'draft']),
    ...both('venue', [published.venues.id, drafts.venues.id]),
    ...both('organizer', [published.organizers.id, drafts.organizers.id]),
    ...both('include', [event.id, drafts.events.id]),
    ...both('categories', [published.categories.slug, published.categories.id]),
    ...both('tags', [published.tags.id]),
    'search=Published&featured=false&strict_dates=true&geoloc=false&ticketed=false',
    'geoloc_lat=50.7&geoloc_lng=7.1&geoloc_radius=20',
  ];
  for (const query of eventQueries) {
    await expectStatus(200, 'GET', '/events', { query, headers: ADMIN });
    await expectStatus(200, 'GET', '/events.ics', { query, headers: BASIC });
  }
  await expectStatus(200, 'GET', '/events', { query: 'status=publish' });
  // Not sent: GET /events with `Accept: text/calendar`, which answers the feed of /events.ics. The
  // document describes the feed there only: a second media type on the list's 200 would make the
  // list's data `string | EventList` in generated clients (typed-client.e2e-spec.ts).
  await expectStatus(200, 'GET', '/events', { query: both('venue', [published.venues.id])[1], headers: { Accept: 'application/json' } });
  for (const collection of ['venues', 'organizers']) {
    for (const query of [
      '',
      ...both('status', ['publish', 'draft']),
      `event=${event.id}&has_events=false&only_with_upcoming=false&search=a`,
    ]) {
      await expectStatus(200, 'GET', `/${collection}`, { query, headers: BASIC });
    }
    await expectStatus(200, 'GET', `/${collection}`);
  }
  for (const collection of TERMS) {
    const term = published[collection];
    for (const query of [
      '',
      'hide_empty=false&order=desc&orderby=count',
      ...both('include', [term.id]),
      ...both('exclude', [term.id, term.id]),
      ...both('slug', [term.slug, 'no-such-slug']),
      `event=${event.id}&hide_empty=false&search=a`,
    ]) {
      await expectStatus(200, 'GET', `/${collection}`, { query, headers: ADMIN });
    }
    await expectStatus(200, 'GET', `/${collection}`);
  }
}
/**
 * An event body's list fields (`venue`, `organizer`, `categories`, `tags`) in both forms a form
 * sends them (repeated `x[]=a&x[]=b`, and `x=a,b`) and in JSON, and `0` for no venue or organizer.
 */
export async function formLists(expectStatus: ExpectStatus, published: Records): Promise<void> {
  const another = async (collection: 'venues' | 'organizers') =>
    (
      (await expectStatus(201, 'POST', `/${collection}`, { headers: ADMIN, body: { json: { [POSTS[collection]]: unique(collection) } } }))
        .responseBody as { id: number }
    ).id;
  const venues = [String(published.venues.id), String(await another('venues'))];
  const organizers = [String(published.organizers.id), String(await another('organizers'))];
  const { categories: category, tags: tag } = published;
  const dates = { start_date: '2031-06-02 8pm', end_date: '2031-06-02 10:30 pm' };
  const repeated = {
    'venue[]': venues,
    'organizer[]': organizers,
    'categories[]': [category.slug, String(category.id)],
    'tags[]': [String(tag.id), unique('repeated-tag')],
  };
  const commaSeparated = {
    venue: venues.join(','),
    organizer: organizers.join(','),
    categories: `${category.id},${category.slug}`,
    tags: `${tag.slug},${unique('comma-tag')}`,
  };
  const none: Array<Record<string, string | string[]>> = [
    { venue: '0', organizer: '0' },
    { 'venue[]': '0', 'organizer[]': ['0'] },
  ];
  for (const lists of [repeated, commaSeparated]) {
    const body = { form: { title: unique('Form lists'), ...dates, ...lists } };
    const event = (await expectStatus(201, 'POST', '/events', { headers: BASIC, body })).responseBody as { id: number };
    for (const update of [commaSeparated, repeated, ...none]) {
      await expectStatus(200, 'PATCH', `/events/${event.id}`, { headers: BASIC, body: { form: update } });
    }
  }
  const json = { title: unique('JSON lists'), ...dates, venue: 0, organizer: [0] };
  const event = (await expectStatus(201, 'POST', '/events', { headers: ADMIN, body: { json } })).responseBody as { id: number };
  for (const update of [
    { venue: [0], organizer: 0 },
    { venue: venues.join(','), organizer: organizers.join(',') },
  ]) {
    await expectStatus(200, 'PUT', `/events/${event.id}`, { headers: ADMIN, body: { json: update } });
  }
}

/** A calendar of one event, for the import routes. */
export const MINIMAL_CALENDAR = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'BEGIN:VEVENT',
  'UID:truth@example.org',
  'DTSTART:20310501T180000Z',
  'DTEND:20310501T200000Z',
  'SUMMARY:Imported',
  'END:VEVENT',
  'END:VCALENDAR',
  '',
].join('\r\n');

/** Every import route: an upload source created, read, listed, changed, run again, and one deleted; answers the one kept. */
export async function imports(expectStatus: ExpectStatus, contributor: Record<string, string>): Promise<{ id: number; slug: string }> {
  const create = async (body: Send['body'], headers = ADMIN) =>
    (await expectStatus(201, 'POST', '/imports', { headers, body })).responseBody as { id: number };
  const kept = await create({
    json: { calendar: MINIMAL_CALENDAR, categories: ['Imported'], on_removed: 'keep', timezone: 'Europe/Berlin' },
  });
  const gone = await create({ form: { calendar: MINIMAL_CALENDAR, status: 'draft', tags: 'a,b' } }, BASIC);
  await expectStatus(200, 'GET', '/imports', { headers: ADMIN, query: 'per_page=1&page=2' });
  await expectStatus(200, 'GET', `/imports/${kept.id}`, { headers: BASIC });
  await expectStatus(200, 'PATCH', `/imports/${kept.id}`, { headers: ADMIN, body: { json: { name: unique('Feed'), status: 'pending' } } });
  await expectStatus(200, 'PUT', `/imports/${kept.id}`, { headers: ADMIN, body: { form: { on_removed: 'trash' } } });
  await expectStatus(200, 'POST', `/imports/${kept.id}`, { headers: ADMIN, body: { json: { timezone: '' } } });
  await expectStatus(200, 'POST', `/imports/${kept.id}/run`, { headers: ADMIN, body: { json: { calendar: MINIMAL_CALENDAR } } });
  await expectStatus(400, 'POST', '/imports', { headers: ADMIN, body: { json: { calendar: 'not a calendar' } } });
  await expectStatus(403, 'GET', '/imports', { headers: contributor });
  await expectStatus(200, 'DELETE', `/imports/${gone.id}`, { headers: ADMIN });
  return { id: kept.id, slug: '' };
}
