import { isEditorial } from '@app/auth/role';
import { AuthenticatedUser, Errors } from '@app/common';
import { SelectQueryBuilder } from 'typeorm';
import { ListPostsQuery } from './dto/list-posts.query';
import { publishedCondition } from './visibility';

/** How a venue or organizer is linked to events. */
export interface EventLink {
  table: 'event_venues' | 'event_organizers';
  column: 'venue_id' | 'organizer_id';
}

/** Events the caller may read, not in trash (contract §3 `has_events`). */
function readableEventSql(user: AuthenticatedUser | undefined): string {
  if (isEditorial(user?.role)) return `e.status <> 'trash'`;
  if (!user) return publishedCondition('e');
  return `(${publishedCondition('e')} OR (e.author_id = :viewerId AND e.status <> 'trash'))`;
}

/** The `event`, `has_events` and `only_with_upcoming` filters of venue and organizer lists. */
export async function applyEventLinkFilters(
  qb: SelectQueryBuilder<object>,
  link: EventLink,
  query: ListPostsQuery,
  user: AuthenticatedUser | undefined,
  now: Date,
): Promise<void> {
  const linked = (extra: string) =>
    `EXISTS (SELECT 1 FROM ${link.table} l INNER JOIN events e ON e.id = l.event_id WHERE l.${link.column} = p.id AND ${extra})`;
  const params = { now, viewerId: user?.id ?? 0 };
  if (query.event !== undefined) {
    const exists = await qb.connection
      .createQueryBuilder()
      .select('1', 'one')
      .from('events', 'e')
      .where('e.id = :id', { id: query.event })
      .getRawOne();
    if (!exists) throw Errors.invalidParam('event', 'validation.eventExists');
    qb.andWhere(`EXISTS (SELECT 1 FROM ${link.table} le WHERE le.${link.column} = p.id AND le.event_id = :linkedEvent)`, {
      linkedEvent: query.event,
    });
  }
  if (query.has_events !== undefined) {
    const condition = linked(readableEventSql(user));
    qb.andWhere(query.has_events ? condition : `NOT ${condition}`, params);
  }
  if (query.only_with_upcoming) {
    qb.andWhere(linked(`${readableEventSql(user)} AND e.end_utc >= :now`), params);
  }
}
