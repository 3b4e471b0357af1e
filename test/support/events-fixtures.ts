import type { Response } from 'supertest';
import { ADMIN_TOKEN, bearer, NS, TestApp } from './test-app';

export const EVENTS = `${NS}/events`;
export const VENUES = `${NS}/venues`;
export const ORGANIZERS = `${NS}/organizers`;

export type Body = Record<string, unknown>;
export type TermCollection = 'categories' | 'tags';

/**
 * A caller: a token, or `null` for anonymous. (Not `undefined`: a default parameter would turn
 * an explicit `undefined` into the administrator.)
 */
export type Caller = string | null;
export const ANONYMOUS: Caller = null;

/** Authorization headers for a caller; none for an anonymous one. */
export const as = (token: Caller | undefined): Record<string, string> => (token ? bearer(token) : {});

function mustBe(res: Response, status: number, what: string): void {
  if (res.status !== status) throw new Error(`${what} failed: ${res.status} ${JSON.stringify(res.body)}`);
}

/** Minimal valid event body; `fields` override or extend it. */
export function eventBody(fields: Body = {}): Body {
  return { title: 'Event', start_date: '2030-01-10 10:00:00', end_date: '2030-01-10 12:00:00', ...fields };
}

/** POSTs an event (defaults filled in) and returns the raw response. */
export function postEvent(t: TestApp, fields: Body = {}, token: Caller = ADMIN_TOKEN) {
  return t.http.post(EVENTS).set(as(token)).send(eventBody(fields));
}

/** Creates an event through the API and fails loudly when the API refuses. */
export async function createEvent(t: TestApp, fields: Body = {}, token: Caller = ADMIN_TOKEN): Promise<Body & { id: number }> {
  const res = await postEvent(t, fields, token);
  mustBe(res, 201, `creating event ${JSON.stringify(fields)}`);
  return res.body;
}

export function patchEvent(t: TestApp, id: number, fields: Body, token: Caller = ADMIN_TOKEN) {
  return t.http.patch(`${EVENTS}/${id}`).set(as(token)).send(fields);
}

export async function updateEvent(t: TestApp, id: number, fields: Body, token: Caller = ADMIN_TOKEN): Promise<Body> {
  const res = await patchEvent(t, id, fields, token);
  mustBe(res, 200, `updating event ${id} with ${JSON.stringify(fields)}`);
  return res.body;
}

/** GET of one event; `query` e.g. `{ password: 'x' }`. */
export function getEvent(t: TestApp, id: number, token: Caller = ANONYMOUS, query: Record<string, string> = {}) {
  return t.http.get(`${EVENTS}/${id}`).query(query).set(as(token));
}

export function listEvents(t: TestApp, query: string | Record<string, unknown> = '', token: Caller = ANONYMOUS) {
  return t.http.get(EVENTS).query(query).set(as(token));
}

export async function createVenue(t: TestApp, fields: Body, token: string = ADMIN_TOKEN): Promise<Body & { id: number }> {
  const res = await t.http.post(VENUES).set(bearer(token)).send(fields);
  mustBe(res, 201, `creating venue ${JSON.stringify(fields)}`);
  return res.body;
}

export async function createOrganizer(t: TestApp, fields: Body, token: string = ADMIN_TOKEN): Promise<Body & { id: number }> {
  const res = await t.http.post(ORGANIZERS).set(bearer(token)).send(fields);
  mustBe(res, 201, `creating organizer ${JSON.stringify(fields)}`);
  return res.body;
}

export async function createTerm(t: TestApp, collection: TermCollection, fields: Body): Promise<Body & { id: number; slug: string }> {
  const res = await t.http.post(`${NS}/${collection}`).set(bearer(ADMIN_TOKEN)).send(fields);
  mustBe(res, 201, `creating ${collection} ${JSON.stringify(fields)}`);
  return res.body;
}

/**
 * A venue, an organizer, a category and a tag for an event to link: the venue and organizer written as
 * `token`, the terms as the administrator (createTerm always writes as the administrator).
 */
export async function createEventLinks(
  t: TestApp,
  fields: { venue: Body; organizer: Body; category: Body; tag: Body },
  token = ADMIN_TOKEN,
) {
  const venue = await createVenue(t, fields.venue, token);
  const organizer = await createOrganizer(t, fields.organizer, token);
  const category = await createTerm(t, 'categories', fields.category);
  const tag = await createTerm(t, 'tags', fields.tag);
  return { venue, organizer, category, tag };
}

/** Rows of a table straight from the database, to prove a failed request wrote nothing. */
export async function countRows(t: TestApp, table: 'events' | 'venues' | 'organizers' | 'terms' | 'images'): Promise<number> {
  const rows: Array<{ n: number | string }> = await t.dataSource.query(`SELECT COUNT(*) AS n FROM ${table}`);
  return Number(rows[0].n);
}

/** Row counts of every table an event write touches. */
export async function countAll(t: TestApp): Promise<Record<string, number>> {
  const tables = ['events', 'venues', 'organizers', 'terms', 'images'] as const;
  const counts = await Promise.all(tables.map((table) => countRows(t, table)));
  const links = await Promise.all(
    ['event_venues', 'event_organizers', 'event_terms'].map(async (table) => {
      const rows: Array<{ n: number | string }> = await t.dataSource.query(`SELECT COUNT(*) AS n FROM ${table}`);
      return Number(rows[0].n);
    }),
  );
  return {
    ...Object.fromEntries(tables.map((table, i) => [table, counts[i]])),
    event_venues: links[0],
    event_organizers: links[1],
    event_terms: links[2],
  };
}

/** `post_parent` is not writable through the API; the database is the only way to set it. */
export async function setPostParent(t: TestApp, eventId: number, parentId: number | null): Promise<void> {
  await t.dataSource.query('UPDATE events SET post_parent_id = ? WHERE id = ?', [parentId, eventId]);
}
