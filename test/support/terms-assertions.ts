import type { Response } from 'supertest';

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
export function idsOf(res: Response, key: string): number[] {
  const items = res.body?.[key];
  if (!Array.isArray(items)) throw new Error(`no "${key}" array in ${res.status} ${JSON.stringify(res.body)}`);
  return items.map((item: { id: number }) => item.id);
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

/** The same record apart from the origin of its links. */
export function expectSameRecord(actual: unknown, expected: unknown): void {
  expect(withoutOrigin(actual)).toEqual(withoutOrigin(expected));
}
