import { QueryValue, splitList } from '@app/common';
import { DateWindow } from '@app/domain';
import { formatInZone } from '@app/posts';
import { ListEventsQuery } from './dto/list-events.query';

/**
 * The effective event query as `rest_url` repeats it: defaults filled in (the date window the
 * SQL used) and every filter kept, `categories` and `tags` included (docs/api-rules.md, Lists).
 */
export function effectiveEventQuery(query: ListEventsQuery, window: DateWindow, siteZone: string): Record<string, QueryValue> {
  const at = (date: Date | undefined) => (date ? formatInZone(date, siteZone) : undefined);
  const status = splitList(query.status).map(String);
  return {
    start_date: at(window.start),
    end_date: at(window.end),
    starts_before: at(window.startsBefore),
    starts_after: at(window.startsAfter),
    ends_before: at(window.endsBefore),
    ends_after: at(window.endsAfter),
    strict_dates: query.strict_dates,
    search: query.search,
    categories: query.categories,
    tags: query.tags,
    venue: query.venue,
    organizer: query.organizer,
    featured: query.featured,
    status: status.length ? status : undefined,
    geoloc: query.geoloc,
    geoloc_lat: query.geoloc_lat,
    geoloc_lng: query.geoloc_lng,
    geoloc_radius: query.geoloc_radius,
    include: query.include,
    post_parent: query.post_parent,
    recurring_event: query.recurring_event,
    expand: query.expand,
    ticketed: query.ticketed,
    translation_language: query.translation_language,
  };
}
