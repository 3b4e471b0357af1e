import { docsKey } from '@app/common';
import type { HeadersObject, OperationObject, ResponseObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';

/*
 * The error answers of every operation, declared here and nowhere else, so the document cannot miss one: controllers
 * declare only their success answers, and this table adds each error status a route can answer,
 * from what the route is (its method, whether it names a record, whether it needs credentials), so
 * a new route gets its errors without anybody listing them by hand. Each entry names the catalogue
 * key of its description; apply-examples gives each the body the service sends.
 *
 * Besides the errors, every read may answer 304 without a body: the caching interceptor compares
 * `If-None-Match` with the ETag it gives each answer (docs/api-rules.md, HTTP caching and preconditions).
 *
 * Not here: 405 (a method the path does not have: no operation to hang it on) and 500 (a bug).
 */

/** What the table needs to know about a route. */
export interface RouteTraits {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** Path relative to the namespace, e.g. `/events/{id}`. */
  path: string;
  needsCredentials: boolean;
}

const RETRY_AFTER: HeadersObject = {
  'Retry-After': { description: docsKey('headers.retry_after'), schema: { type: 'integer' } },
};
const RATE_LIMIT_HEADERS: HeadersObject = {
  'Retry-After': { ...RETRY_AFTER['Retry-After'], required: true },
  'RateLimit-Limit': { description: docsKey('headers.rate_limit_limit'), schema: { type: 'integer' } },
  'RateLimit-Remaining': { description: docsKey('headers.rate_limit_remaining'), schema: { type: 'integer' } },
  'RateLimit-Reset': { description: docsKey('headers.rate_limit_reset'), schema: { type: 'integer' } },
};

const POST_COLLECTIONS = new Set(['events', 'venues', 'organizers']);
/** Import sources: editors' routes throughout, answered without ETags (docs/api-rules.md, Importing calendars). */
const IMPORTS = 'imports';

/** Whether a read of this path answers ETags and so 304 (every read but the import sources'). */
const answersNotModified = (path: string): boolean => path.split('/')[1] !== IMPORTS;

/** Error status → catalogue key of its description (under `responses.`), for this route; absent when it cannot answer it. */
export function errorStatusesOf(route: RouteTraits): Map<number, { key: string; headers?: HeadersObject }> {
  const { method, path } = route;
  const collection = path.split('/')[1] ?? '';
  const isDiscovery = path === '/' || path === '/doc';
  const namesRecord = path.includes('{');
  const writes = method !== 'get';
  const statuses = new Map<number, { key: string; headers?: HeadersObject }>();
  const add = (status: number, key: string, headers?: HeadersObject) => statuses.set(status, { key, headers });

  // Any parameter (`translation_language` everywhere), a Host the service does not answer for, a body.
  add(400, writes && method !== 'delete' ? 'invalid_body' : 'invalid_query');
  // Credentials are checked on every route: a bad token is never silently anonymous (docs/api-rules.md, Statuses, users and permissions).
  add(401, route.needsCredentials ? 'unauthenticated' : 'invalid_token');
  const isPost = POST_COLLECTIONS.has(collection);
  if (writes) add(403, namesRecord ? 'forbidden_record' : 'forbidden');
  else if (collection === IMPORTS) add(403, 'forbidden');
  // Posts have statuses and passwords; every term is public.
  else if (namesRecord && isPost) add(403, 'not_readable');
  if (namesRecord) add(404, 'record_not_found');
  else if (path === '/') add(404, 'namespace_not_found');
  else if (!writes && !isDiscovery) add(404, 'page_not_found');
  if (method === 'delete' && isPost) add(410, 'in_trash');
  // A write to a record with an `If-Match` that is not its current ETag (docs/api-rules.md, HTTP caching and preconditions).
  if (writes && namesRecord && collection !== IMPORTS) add(412, 'precondition_failed');
  if (writes) {
    // Body limits and media types are checked before routing, on every method that may carry a body.
    add(413, 'payload_too_large');
    add(415, 'unsupported_media_type');
  }
  // Failed credentials (every route), wrong record passwords (reads), writes per token.
  add(429, 'too_many_requests', RATE_LIMIT_HEADERS);
  // The database cannot be reached, or a write lost its races until it gave up.
  add(503, 'unavailable', RETRY_AFTER);
  return statuses;
}

const NOT_MODIFIED: ResponseObject = {
  description: docsKey('responses.not_modified'),
  headers: { ETag: { description: docsKey('headers.etag'), schema: { type: 'string' } } },
};

/** Replaces whatever error answers the operation had with the table's, each with the error body; reads get their 304. */
export function declareErrorResponses(operation: OperationObject, route: RouteTraits): void {
  const responses: Record<string, ResponseObject> = {};
  for (const [status, response] of Object.entries(operation.responses ?? {})) {
    if (Number(status) < 300) responses[status] = response as ResponseObject;
  }
  if (route.method === 'get' && answersNotModified(route.path)) responses['304'] = NOT_MODIFIED;
  for (const [status, { key, headers }] of errorStatusesOf(route)) {
    responses[String(status)] = {
      description: docsKey(`responses.${key}`),
      ...(headers ? { headers } : {}),
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    };
  }
  operation.responses = responses;
}
