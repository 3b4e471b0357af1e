/**
 * The routes of the API (paths relative to `{ns}`, OpenAPI style), by-slug term routes included
 * (every module has them), which the namespace index and the OpenAPI document
 * must both list with exactly these methods.
 */
const RECORD = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
const COLLECTION = ['GET', 'POST'];

export const SPEC_ROUTES: Record<string, string[]> = {
  '/': ['GET'],
  '/doc': ['GET'],
  '/events': COLLECTION,
  '/events.ics': ['GET'],
  '/events/{id}.ics': ['GET'],
  '/events/by-slug/{slug}.ics': ['GET'],
  '/events/{id}': RECORD,
  '/events/by-slug/{slug}': RECORD,
  '/venues': COLLECTION,
  '/venues/{id}': RECORD,
  '/venues/by-slug/{slug}': RECORD,
  '/organizers': COLLECTION,
  '/organizers/{id}': RECORD,
  '/organizers/by-slug/{slug}': RECORD,
  '/categories': COLLECTION,
  '/categories/{id}': RECORD,
  '/categories/by-slug/{slug}': RECORD,
  '/tags': COLLECTION,
  '/tags/{id}': RECORD,
  '/tags/by-slug/{slug}': RECORD,
  '/imports': COLLECTION,
  '/imports/{id}': RECORD,
  '/imports/{id}/run': ['POST'],
};

/** `/events/{id}` → `/calendar/events/v1/events/(?P<id>\d+)`, as WordPress writes routes. */
export function wordpressRoute(path: string): string {
  const regex = path.replace('{id}', '(?P<id>\\d+)').replace('{slug}', '(?P<slug>[^/]+)');
  return `/calendar/events/v1${regex === '/' ? '' : regex}`;
}
