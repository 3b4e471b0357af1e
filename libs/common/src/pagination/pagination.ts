import { Errors } from '../errors/errors';

export type QueryValue = string | number | boolean | Array<string | number> | undefined;

interface PageRequest {
  page: number;
  perPage: number;
}

interface PageLinks {
  rest_url: string;
  next_rest_url?: string;
  previous_rest_url?: string;
  total: number;
  total_pages: number;
}

export interface PageResult extends PageLinks {
  headers: Record<string, string>;
}

/** Serialises the effective query; arrays become comma-separated lists, which every list route accepts back. */
export function buildQueryString(query: Record<string, QueryValue>): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === '') continue;
    if (Array.isArray(value)) {
      if (value.length === 0) continue;
      parts.push(`${encodeURIComponent(key)}=${value.map((v) => encodeURIComponent(String(v))).join(',')}`);
    } else {
      parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
    }
  }
  return parts.join('&');
}

function withQuery(url: string, query: Record<string, QueryValue>): string {
  const qs = buildQueryString(query);
  return qs ? `${url}?${qs}` : url;
}

/** Lowers `per_page` to the configured ceiling (docs/api-rules.md, Lists: silently, not an error). */
export function clampPerPage(perPage: number | undefined, maxPerPage: number, fallback = 10): number {
  return Math.min(perPage ?? fallback, maxPerPage);
}

/**
 * The list envelope's links and counts plus the `X-TEC-*` and `Link` headers. `query` is the
 * effective query with defaults filled in, without `page`/`per_page`; it is repeated in every link.
 * Throws `<kind>-archive-page-not-found` for a page past the end (page 1 is always valid).
 */
export function paginate(
  kind: string,
  collectionUrl: string,
  query: Record<string, QueryValue>,
  { page, perPage }: PageRequest,
  total: number,
): PageResult {
  const totalPages = total === 0 ? 0 : Math.ceil(total / perPage);
  if (page > 1 && page > totalPages) throw Errors.archivePageNotFound(kind);
  const urlFor = (p: number | undefined) => withQuery(collectionUrl, { ...query, page: p, per_page: perPage });
  const result: PageResult = {
    rest_url: urlFor(page),
    total,
    total_pages: totalPages,
    headers: { 'X-TEC-Total': String(total), 'X-TEC-TotalPages': String(totalPages) },
  };
  const links: string[] = [];
  if (page < totalPages) {
    result.next_rest_url = urlFor(page + 1);
    links.push(`<${result.next_rest_url}>; rel="next"`);
  }
  if (page > 1) {
    result.previous_rest_url = urlFor(page === 2 ? undefined : page - 1);
    links.push(`<${result.previous_rest_url}>; rel="prev"`);
  }
  if (links.length > 0) result.headers.Link = links.join(', ');
  return result;
}
