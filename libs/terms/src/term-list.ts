import { clampPerPage, QueryValue } from '@app/common';
import { ListHierarchicalTermsQuery } from './dto/list-terms.query';
import { TermKind } from './term-kind';

/** The effective term query, defaults filled in, as `rest_url` repeats it (docs/api-rules.md, Lists). */
export function effectiveTermQuery(kind: TermKind, query: ListHierarchicalTermsQuery): Record<string, QueryValue> {
  return {
    search: query.search,
    exclude: query.exclude,
    include: query.include,
    order: query.order ?? 'asc',
    orderby: query.orderby ?? 'name',
    hide_empty: query.hide_empty ?? true,
    parent: kind.hierarchical ? query.parent : undefined,
    post: query.event === undefined ? query.post : undefined,
    event: query.event,
    slug: query.slug,
    translation_language: query.translation_language,
  };
}

export function termPageRequest(query: ListHierarchicalTermsQuery, maxPerPage: number) {
  return { page: query.page ?? 1, perPage: clampPerPage(query.per_page, maxPerPage) };
}
