import { declareErrorResponses, errorStatusesOf, RouteTraits } from './operation-responses';

const statuses = (route: RouteTraits) => [...errorStatusesOf(route).keys()];
const keys = (route: RouteTraits) => Object.fromEntries([...errorStatusesOf(route)].map(([status, { key }]) => [status, key]));

describe('the error statuses of a route', () => {
  it('lists, reads and the index: a bad parameter or token, a missing page or record, limits, outages', () => {
    expect(statuses({ method: 'get', path: '/events', needsCredentials: false })).toEqual([400, 401, 404, 429, 503]);
    expect(keys({ method: 'get', path: '/events/{id}', needsCredentials: false })).toMatchObject({
      403: 'not_readable',
      404: 'record_not_found',
    });
    expect(statuses({ method: 'get', path: '/tags/by-slug/{slug}', needsCredentials: false })).toEqual([400, 401, 404, 429, 503]);
    expect(keys({ method: 'get', path: '/', needsCredentials: false })).toMatchObject({ 404: 'namespace_not_found' });
    expect(statuses({ method: 'get', path: '/doc', needsCredentials: false })).toEqual([400, 401, 429, 503]);
  });

  it('writes: credentials, rights, bodies; 410 only when deleting a post; 412 on a record', () => {
    expect(keys({ method: 'post', path: '/events', needsCredentials: true })).toEqual({
      400: 'invalid_body',
      401: 'unauthenticated',
      403: 'forbidden',
      413: 'payload_too_large',
      415: 'unsupported_media_type',
      429: 'too_many_requests',
      503: 'unavailable',
    });
    expect(statuses({ method: 'delete', path: '/venues/{id}', needsCredentials: true })).toEqual([
      400, 401, 403, 404, 410, 412, 413, 415, 429, 503,
    ]);
    expect(keys({ method: 'delete', path: '/categories/{id}', needsCredentials: true })).not.toHaveProperty('410');
    // If-Match applies to a record's routes only (docs/api-rules.md, HTTP caching and preconditions), not to a create.
    expect(keys({ method: 'patch', path: '/events/by-slug/{slug}', needsCredentials: true })).toHaveProperty('412', 'precondition_failed');
    expect(keys({ method: 'post', path: '/events', needsCredentials: true })).not.toHaveProperty('412');
    expect(keys({ method: 'patch', path: '/tags/{id}', needsCredentials: true })).toMatchObject({
      403: 'forbidden_record',
      400: 'invalid_body',
    });
  });

  it('replaces the error answers an operation had and keeps its success answers', () => {
    const operation = {
      responses: { 200: { description: 'ok' }, 418: { description: 'stale' } },
    } as unknown as Parameters<typeof declareErrorResponses>[0];
    declareErrorResponses(operation, { method: 'get', path: '/doc', needsCredentials: false });
    expect(Object.keys(operation.responses)).toEqual(['200', '304', '400', '401', '429', '503']);
    expect(operation.responses[304]).not.toHaveProperty('content');
    expect(operation.responses[429]).toMatchObject({
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      headers: { 'Retry-After': { required: true } },
    });
  });
});
