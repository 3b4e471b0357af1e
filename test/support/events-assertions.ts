import type { Response } from 'supertest';
import { ORGANIZER_FIELDS } from '../../apps/api/src/organizers/organizer.fields';
import { VENUE_FIELDS } from '../../apps/api/src/venues/venue.fields';
import { TERM_FIELDS } from '@app/terms';
import { EVENT_FIELDS } from '../../apps/api/src/events/event.fields';
import { linkedRecordKeys } from './posts-kinds';

/**
 * Every key of an event as returned (docs/api-rules.md, Records as returned), single GETs adding
 * `json_ld`: the head, the title, the shared body, then the fields event.fields.ts declares.
 */
export const EVENT_KEYS = linkedRecordKeys('title', EVENT_FIELDS);

export const VENUE_KEYS = linkedRecordKeys('venue', VENUE_FIELDS);

export const ORGANIZER_KEYS = linkedRecordKeys('organizer', ORGANIZER_FIELDS);

/** Every key of a category or tag as returned: its declared fields (libs/terms/src/term.fields.ts). */
export const TERM_KEYS = Object.keys(TERM_FIELDS);

export const WALL_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

export const sortedKeys = (value: unknown): string[] => Object.keys(value as object).sort();

/** Asserts the error body (docs/api-rules.md, Errors) `{code, message, data: {status, ...}}` with this status and code. */
export function expectApiError(res: Response, status: number, code: string): void {
  expect({ status: res.status, code: res.body?.code }).toEqual({ status, code });
  expect(res.body.data).toEqual(expect.objectContaining({ status }));
  expect(typeof res.body.message).toBe('string');
  expect(res.body.message.length).toBeGreaterThan(0);
}

/** A 400 `rest_invalid_param` naming exactly these parameters, each with a reason text. */
export function expectInvalidParams(res: Response, names: string[]): void {
  expectApiError(res, 400, 'rest_invalid_param');
  expect(Object.keys(res.body.data.params).sort()).toEqual([...names].sort());
  for (const name of names) expect(typeof res.body.data.params[name]).toBe('string');
}

/** A 400 `rest_missing_callback_param` whose `data.params` lists exactly these names. */
export function expectMissingParams(res: Response, names: string[]): void {
  expectApiError(res, 400, 'rest_missing_callback_param');
  expect([...res.body.data.params].sort()).toEqual([...names].sort());
}

/** IDs of the records in a list envelope, in order. */
export function idsOf(res: Response, key = 'events'): number[] {
  const items = res.body?.[key];
  if (!Array.isArray(items)) throw new Error(`no "${key}" array in ${res.status} ${JSON.stringify(res.body)}`);
  return items.map((item: { id: number }) => item.id);
}

/** The IDs of a list, failing with the body when the request did not answer 200. */
export function listedIds(res: Response, key = 'events'): number[] {
  if (res.status !== 200) throw new Error(`list failed: ${res.status} ${JSON.stringify(res.body)}`);
  return idsOf(res, key);
}

/** `{year, month, day, hour, minutes, seconds}` of a `YYYY-MM-DD HH:MM:SS` string, zero-padded strings. */
export function detailsOf(wall: string) {
  const [, year, month, day, hour, minutes, seconds] = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(wall) ?? [];
  return { year, month, day, hour, minutes, seconds };
}

/** The query of an absolute URL as a plain object (`x=1,2` stays one string). */
export function queryOf(url: string): Record<string, string> {
  return Object.fromEntries(new URL(url).searchParams.entries());
}

/** `rel` → URL from an RFC 8288 `Link` header. */
export function parseLinkHeader(header: string | undefined): Record<string, string> {
  const links: Record<string, string> = {};
  for (const part of (header ?? '').split(/,\s*(?=<)/)) {
    const match = /^<([^>]+)>;\s*rel="([^"]+)"$/.exec(part.trim());
    if (match) links[match[2]] = match[1];
  }
  return links;
}

/**
 * supertest serves every request of an unstarted server on a new ephemeral port, so absolute
 * links differ in their origin between requests; this puts one placeholder origin in its place.
 */
export function withoutOrigin<T>(value: T): T {
  return JSON.parse(JSON.stringify(value).replace(/http:\/\/127\.0\.0\.1:\d+/g, 'http://api.origin')) as T;
}

/** The path and query of an absolute URL, to follow a link the API built with supertest. */
export function pathOf(url: string): string {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
}
