import { buildQueryString, QueryValue } from '@app/common';
import { ListEventsQuery } from '../dto/list-events.query';

/**
 * The filters a list request named, as given: no defaults filled in (a subscription's default
 * window must keep moving with the days) and no paging (a feed is not paged by default).
 */
export function givenFilters(query: ListEventsQuery): Record<string, QueryValue> {
  const { page: _page, per_page: _perPage, translation_language: _language, ...filters } = query;
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined)) as Record<string, QueryValue>;
}

/** The feed of the same events as a JSON list, for its `Link rel="alternate"`. */
export function feedUrl(restBase: string, query: ListEventsQuery): string {
  const search = buildQueryString({ ...givenFilters(query), translation_language: query.translation_language });
  return `${restBase}/events.ics${search ? `?${search}` : ''}`;
}
