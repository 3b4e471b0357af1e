import type { Response } from 'supertest';
import { PostKindCase } from './posts-kinds';

/** 'YYYY-MM-DD HH:MM:SS', no `T`, no zone (docs/api-rules.md, Records as returned). */
export const WALL_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

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

/** IDs of the records in a list envelope, in order. */
export function idsOf(res: Response, kind: PostKindCase): number[] {
  const items = res.body?.[kind.collection];
  if (!Array.isArray(items)) throw new Error(`no "${kind.collection}" array in ${res.status} ${JSON.stringify(res.body)}`);
  return items.map((item: { id: number }) => item.id);
}

/** The query of an absolute URL as a plain object (`x=1,2` stays one string). */
export function queryOf(url: string): Record<string, string> {
  return Object.fromEntries(new URL(url).searchParams.entries());
}

/** The path and query of an absolute URL, to follow a link the service built through supertest. */
export function pathOf(url: string): string {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
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
 * Every key of docs/api-rules.md, Records as returned, present, no other (json_ld only where `single`), and the shared
 * head fields well-formed.
 */
export function expectRecordShape(body: Record<string, unknown>, kind: PostKindCase, single = false): void {
  expect(Object.keys(body).sort()).toEqual([...kind.keys, ...(single ? ['json_ld'] : [])].sort());
  const id = body.id as number;
  expect(Number.isInteger(id)).toBe(true);
  expect(body.global_id).toBe(`calendar.test?id=${id}`);
  expect(body.global_id_lineage).toEqual([`calendar.test?id=${id}`]);
  expect(Number.isInteger(body.author)).toBe(true);
  for (const field of ['date', 'date_utc', 'modified', 'modified_utc']) expect(body[field]).toMatch(WALL_TIME);
  expect(body.url).toBe(`http://calendar.test/${kind.name}/${body.slug as string}/`);
  expect(body.rest_url).toMatch(new RegExp(`^http://[^/]+/calendar/events/v1/${kind.collection}/${id}$`));
  if (body.image !== false) {
    expect(body.image).toEqual({
      url: expect.any(String),
      id: expect.any(Number),
      extension: expect.any(String),
      width: null,
      height: null,
      sizes: {},
    });
  }
}

/** A record without `rest_url`, whose host differs per supertest request (each binds a new port). */
export function withoutRestUrl(body: Record<string, unknown>): Record<string, unknown> {
  const { rest_url: restUrl, ...rest } = body;
  expect(typeof restUrl).toBe('string');
  return rest;
}
