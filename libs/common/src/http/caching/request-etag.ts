import { ApiRequest, apiRoot } from '../api-request';
import { strongEtag } from './etag';

/** Date parameters (start_date, starts_before, ...): an absolute value needs no clock, a phrase ("today", "+1 week") does. */
const DATE_PARAMETER = /(?:date|before|after)$/;
const ABSOLUTE_DATE = /^(?:\d+|\d{4}-\d{2}-\d{2}(?:[ T]\d{2}:\d{2}(?::\d{2})?)?)$/;

/** Path without trailing slashes (Express routes both alike). */
function routedPath(req: ApiRequest): string {
  let end = req.path.length;
  while (end > 1 && req.path[end - 1] === '/') end--;
  return req.path.slice(0, end);
}

/**
 * The query as the route reads it: the parsed parameters (so the same 1,000 the parser keeps, and
 * repeated values in their order, which lists echo) that the route declares (`parameters`; every
 * one when undefined), sorted by name: `?b=1&a=2` and `?a=2&b=1` are one request, and a parameter
 * the route never reads does not make another.
 */
export function routeQuery(query: unknown, parameters?: ReadonlySet<string> | null): Array<[string, unknown]> {
  if (typeof query !== 'object' || query === null) return [];
  return Object.entries(query as Record<string, unknown>)
    .filter(([name]) => !parameters || parameters.has(name))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/** Whether the answer depends on the clock beyond the day: a relative date phrase in a date parameter. */
export function readsTheClock(query: Array<[string, unknown]>): boolean {
  return query.some(([name, value]) => DATE_PARAMETER.test(name) && !(typeof value === 'string' && ABSOLUTE_DATE.test(value.trim())));
}

interface EtagInputs {
  /** The data version token (DataVersionSource). */
  version: string;
  /** The day in the site's time zone: default windows and "yesterday" move with it. */
  siteDay: string;
  now: Date;
  /** The key of every ETag (EtagKeySource). */
  key: Buffer;
}

/**
 * The strong ETag of a read (docs/api-rules.md, HTTP caching and preconditions): the data version, the request as routed (path and
 * the query the route reads, or none for the record a write addresses), the language, the links' root (host,
 * base path, language segment), the caller (user and role) and the day; the second too when a date
 * phrase reads the clock. Never the body, so a 304 is decided before any answer is built.
 */
export function requestEtag(
  req: ApiRequest,
  inputs: EtagInputs,
  options: { withoutQuery?: boolean; parameters?: ReadonlySet<string> | null } = {},
): string {
  const query = options.withoutQuery ? [] : routeQuery(req.query, options.parameters);
  const caller = req.user ? `user:${req.user.id}:${req.user.role}` : 'anonymous';
  const clock = readsTheClock(query) ? inputs.now.toISOString().slice(0, 19) : '';
  return strongEtag(
    [
      inputs.version,
      routedPath(req),
      JSON.stringify(query),
      req.context?.language ?? '',
      apiRoot(req.address),
      caller,
      inputs.siteDay,
      clock,
    ],
    inputs.key,
  );
}
