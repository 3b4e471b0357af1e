import type { Role } from '@app/auth';
import type { Server } from 'node:http';
import type { Response } from 'supertest';
import { TransactionRunner } from '@app/database';
import { CalendarEvent } from '@app/domain';
import { PostKindCase } from './posts-kinds';
import { ADMIN_TOKEN, bearer, NS, TestApp } from './test-app';

export const SITE_URL = 'http://calendar.test';
export const UPDATE_METHODS = ['post', 'put', 'patch'] as const;
type UpdateMethod = (typeof UPDATE_METHODS)[number];

/** A venue or organizer as returned; the keys the helpers rely on are typed. */
export interface PostJson {
  id: number;
  slug: string;
  status: string;
  author: number;
  [key: string]: unknown;
}

export interface Caller {
  token: string;
  id: number;
}

/** One signed-in user per role; the administrator is the bootstrap one (ADMIN_TOKEN). */
export type RoleCallers = Record<Role, Caller>;

export async function callersByRole(t: TestApp): Promise<RoleCallers> {
  const caller = async (token: string): Promise<Caller> => ({ token, id: await t.userIdOf(token) });
  return {
    administrator: await caller(ADMIN_TOKEN),
    editor: await caller(await t.tokenFor('editor')),
    author: await caller(await t.tokenFor('author')),
    contributor: await caller(await t.tokenFor('contributor')),
  };
}

export const collectionPath = (kind: PostKindCase) => `${NS}/${kind.collection}`;
export const idPath = (kind: PostKindCase, id: number) => `${NS}/${kind.collection}/${id}`;
export const slugPath = (kind: PostKindCase, slug: string) => `${NS}/${kind.collection}/by-slug/${encodeURIComponent(slug)}`;

/**
 * Parallel requests need a server that is already listening: on a closed one supertest listens
 * and closes per request, and the first to finish would cut off the others.
 */
export async function listen(t: TestApp): Promise<void> {
  const server = t.app.getHttpServer() as Server;
  if (!server.listening) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
}

/** Creates a record and insists on 201, so a failing setup names its cause instead of failing later. */
export async function createPost(t: TestApp, kind: PostKindCase, body: Record<string, unknown>, token = ADMIN_TOKEN): Promise<PostJson> {
  const res = await t.http.post(collectionPath(kind)).set(bearer(token)).send(body);
  if (res.status !== 201) throw new Error(`create ${kind.name} answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body as PostJson;
}

/** Sends an update with the given method to a path, as the given caller. */
export function sendUpdate(t: TestApp, method: UpdateMethod, path: string, body: Record<string, unknown>, token = ADMIN_TOKEN) {
  return t.http[method](path).set(bearer(token)).send(body);
}

export async function readAsAdmin(t: TestApp, kind: PostKindCase, id: number): Promise<Response> {
  return t.http.get(idPath(kind, id)).set(bearer(ADMIN_TOKEN));
}

let eventCounter = 0;

export interface EventRow {
  authorId: number;
  status?: CalendarEvent['status'];
  startUtc?: Date;
  endUtc?: Date;
}

const DAY_MS = 24 * 3600 * 1000;

/** Events have no API this suite may rely on: rows go straight into `events`. */
export async function insertEvent(t: TestApp, row: EventRow): Promise<number> {
  eventCounter += 1;
  const now = new Date(Math.floor(Date.now() / 1000) * 1000);
  const startUtc = row.startUtc ?? new Date(now.getTime() + 7 * DAY_MS);
  // Through the service's write queue: a write it runs in the background (a token's last use)
  // holds the SQLite file, and a second connection would find it locked.
  const saved = await t.app.get(TransactionRunner).run((db) =>
    db.getRepository(CalendarEvent).save({
      slug: `fixture-event-${eventCounter}`,
      status: row.status ?? 'publish',
      authorId: row.authorId,
      title: `Fixture event ${eventCounter}`,
      description: '',
      excerpt: '',
      imageId: null,
      password: null,
      wasPublished: (row.status ?? 'publish') === 'publish',
      publishedUtc: now,
      modifiedUtc: now,
      startUtc,
      endUtc: row.endUtc ?? new Date(startUtc.getTime() + 2 * 3600 * 1000),
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
    }),
  );
  return saved.id;
}

/** Moves an event's end, to let it end (or not) without waiting. */
export async function setEventEnd(t: TestApp, eventId: number, endUtc: Date): Promise<void> {
  await t.dataSource.getRepository(CalendarEvent).update({ id: eventId }, { endUtc });
}

export const daysFromNow = (days: number) => new Date(Math.floor(Date.now() / 1000) * 1000 + days * DAY_MS);

/** Links a venue or organizer to an event, as the events API would. */
export async function linkToEvent(t: TestApp, kind: PostKindCase, eventId: number, recordId: number): Promise<void> {
  await t.dataSource.getRepository(kind.linkEntity).insert({ eventId, [kind.linkColumn]: recordId, position: 0 });
}

export async function eventLinkCount(t: TestApp, kind: PostKindCase, recordId: number): Promise<number> {
  return t.dataSource.getRepository(kind.linkEntity).countBy({ [kind.linkColumn]: recordId });
}

/** Moves a record's publication instant, to simulate time passing without waiting. */
export async function setPublishedUtc(t: TestApp, kind: PostKindCase, id: number, instant: Date): Promise<void> {
  await t.dataSource.getRepository(kind.entity).update({ id }, { publishedUtc: instant });
}

/** The database row, to prove what a failed request did not write. */
export async function storedRow(t: TestApp, kind: PostKindCase, id: number) {
  return t.dataSource.getRepository(kind.entity).findOneBy({ id });
}
