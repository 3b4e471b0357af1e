import { createHmac } from 'node:crypto';

/**
 * A strong entity tag (RFC 9110, section 8.8.3) for everything an answer depends on: the data version,
 * the normalised request, the caller, the language. It is derived, never computed from the body,
 * so a 304 needs no body built. Keyed (HMAC-SHA-256 with a secret every instance shares): the
 * parts are guessable (a write counter, the next instant a scheduled record publishes), and an
 * unkeyed hash of them would give them away to an offline search.
 */
export function strongEtag(parts: readonly string[], key: Buffer): string {
  // JSON keeps the parts apart: ['a\nb', 'c'] and ['a', 'b\nc'] must not collide.
  return `"${createHmac('sha256', key).update(JSON.stringify(parts)).digest('base64url').slice(0, 27)}"`;
}

/** The entity tags of an If-None-Match or If-Match header; `*` stays `*`. */
export function parseEtagList(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag !== '');
}

const opaque = (tag: string) => (tag.startsWith('W/') ? tag.slice(2) : tag);

/** If-None-Match uses the weak comparison (RFC 9110, section 13.1.2): `W/"x"` matches `"x"`. `*` is asked with noneMatchAny. */
export function noneMatchHits(header: string | undefined, etag: string): boolean {
  return parseEtagList(header).some((tag) => opaque(tag) === etag);
}

/** `If-None-Match: *`: true only when a current representation exists, which the route must find first. */
export function noneMatchAny(header: string | undefined): boolean {
  return parseEtagList(header).includes('*');
}

/** If-Match uses the strong comparison (RFC 9110, section 13.1.1): a weak tag never matches. */
export function matchHits(header: string | undefined, etag: string | undefined): boolean {
  return parseEtagList(header).some((tag) => (tag === '*' ? etag !== undefined : !tag.startsWith('W/') && tag === etag));
}
