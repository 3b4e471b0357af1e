import { AuthenticatedUser, Errors, QueryValue, splitList } from '@app/common';
import { ListPostsQuery } from './dto/list-posts.query';
import { ALL_STATUSES, PostStatus, WRITABLE_STATUSES } from '@app/domain';

/**
 * The statuses a list covers (docs/api-rules.md, Statuses, users and permissions): the requested ones, else published only for anonymous
 * callers and everything but trash for signed-in users (whose reach `whereVisible` narrows).
 * Anonymous callers may ask for `publish` only.
 */
export function listStatuses(user: AuthenticatedUser | undefined, requested: unknown): PostStatus[] {
  const values = splitList(requested);
  if (values.length === 0) return user ? [...WRITABLE_STATUSES] : ['publish'];
  if (values.includes('any')) return user ? [...WRITABLE_STATUSES] : ['publish'];
  for (const value of values) {
    if (typeof value !== 'string' || !(ALL_STATUSES as readonly string[]).includes(value)) {
      throw Errors.invalidParam('status', 'validation.isIn', { c0: ALL_STATUSES.join(', ') });
    }
  }
  const statuses = [...new Set(values as PostStatus[])];
  if (!user && statuses.some((status) => status !== 'publish')) throw Errors.invalidParam('status', 'validation.statusNotAllowed');
  return statuses;
}

/** The effective venue/organizer list query as `rest_url` repeats it, every filter kept (docs/api-rules.md, Lists). */
export function effectivePostListQuery(query: ListPostsQuery): Record<string, QueryValue> {
  const status = splitList(query.status).map(String);
  return {
    search: query.search,
    status: status.length ? status : undefined,
    event: query.event,
    has_events: query.has_events,
    only_with_upcoming: query.only_with_upcoming,
    translation_language: query.translation_language,
  };
}
