import type { Response } from 'supertest';
import { TermCountsRepository } from '@app/domain';
import { ADMIN_TOKEN, bearer, NS, TestApp } from './test-app';

export type TermCollection = 'categories' | 'tags';

/** A category or tag as the API returns it (docs/api-rules.md, Records as returned). */
export interface TermBody {
  id: number;
  name: string;
  slug: string;
  description: string;
  taxonomy: string;
  parent: number;
  count: number;
  url: string;
  meta: unknown[];
  urls: { self: string; collection: string; up?: string };
}

export const TAXONOMY_OF: Record<TermCollection, string> = { categories: 'tribe_events_cat', tags: 'post_tag' };
/** Where a top-level term's public page lies under SITE_URL, as WordPress links them. */
export const PUBLIC_PATH_OF: Record<TermCollection, string> = { categories: 'events/category', tags: 'tag' };

/** Creates a term as the administrator and fails loudly if the API refuses. */
export async function createTerm(t: TestApp, collection: TermCollection, body: Record<string, unknown>): Promise<TermBody> {
  const res = await t.http.post(`${NS}/${collection}`).set(bearer(ADMIN_TOKEN)).send(body);
  if (res.status !== 201)
    throw new Error(`creating ${collection} ${JSON.stringify(body)} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as TermBody;
}

export async function getTerm(t: TestApp, collection: TermCollection, id: number): Promise<Response> {
  return t.http.get(`${NS}/${collection}/${id}`);
}

/** Every term of the collection straight from the database, to prove a failed request wrote nothing. */
export async function countTermRows(t: TestApp, collection: TermCollection): Promise<number> {
  const rows: Array<{ n: number | string }> = await t.dataSource.query('SELECT COUNT(*) AS n FROM terms WHERE taxonomy = ?', [
    TAXONOMY_OF[collection],
  ]);
  return Number(rows[0].n);
}

let eventCounter = 0;

export interface EventRow {
  status?: 'publish' | 'future' | 'draft' | 'pending' | 'private' | 'trash';
  /** `YYYY-MM-DD HH:MM:SS` UTC; a `future` event counts once this has passed. */
  publishedUtc?: string;
}

/**
 * Inserts an event row directly: term counts, `hide_empty` and the `post`/`event` filters depend
 * on events, whose API is not part of this suite.
 */
export async function insertEvent(
  t: TestApp,
  { status = 'publish', publishedUtc = '2024-01-01 10:00:00' }: EventRow = {},
): Promise<number> {
  eventCounter += 1;
  const slug = `term-suite-event-${eventCounter}-${Date.now()}`;
  await t.dataSource.query(
    `INSERT INTO events (slug, status, author_id, title, description, excerpt, image_id, password, published_utc, modified_utc,
       start_utc, end_utc, timezone, all_day, cost, website, show_map, show_map_link, hide_from_listings, sticky, featured, post_parent_id)
     VALUES (?, ?, 1, ?, '', '', NULL, NULL, ?, ?, '2030-01-01 10:00:00', '2030-01-01 12:00:00', 'UTC', 0, '', '', 1, 1, 0, 0, 0, NULL)`,
    [slug, status, `Event ${eventCounter}`, publishedUtc, publishedUtc],
  );
  const rows: Array<{ id: number | string }> = await t.dataSource.query('SELECT id FROM events WHERE slug = ?', [slug]);
  return Number(rows[0].id);
}

export async function linkTerms(t: TestApp, eventId: number, ...termIds: number[]): Promise<void> {
  for (const termId of termIds) {
    await t.dataSource.query('INSERT INTO event_terms (event_id, term_id) VALUES (?, ?)', [eventId, termId]);
  }
  // Rows written past the service leave the stored term counts behind: rebuilt as `recount` does.
  await t.app.get(TermCountsRepository).recount();
}

/** Term IDs linked to an event, read from the link table. */
export async function linkedTermIds(t: TestApp, eventId: number): Promise<number[]> {
  const rows: Array<{ term_id: number | string }> = await t.dataSource.query(
    'SELECT term_id FROM event_terms WHERE event_id = ? ORDER BY term_id',
    [eventId],
  );
  return rows.map((row) => Number(row.term_id));
}

/** A published event using the terms, so they show up under the default `hide_empty=true`. */
export async function usePublished(t: TestApp, ...termIds: number[]): Promise<number> {
  const eventId = await insertEvent(t);
  await linkTerms(t, eventId, ...termIds);
  return eventId;
}

/**
 * supertest starts and stops an unstarted server around every request, so overlapping requests
 * reset each other's connections. For concurrent requests, listen once; app.close() stops it.
 */
export async function listenOnce(t: TestApp): Promise<void> {
  const server = t.app.getHttpServer() as import('node:http').Server;
  if (server.listening) return;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
}
