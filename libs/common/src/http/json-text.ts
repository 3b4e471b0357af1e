/**
 * JSON as the service sends it: `<`, `>` and `&` are written as `\u003c`, `\u003e` and `\u0026`.
 * The parsed values are unchanged, but no text in an answer (a `json_ld` object above all) can
 * close or open a tag when a page puts the JSON inside `<script type="application/ld+json">`.
 * Express's own `json escape` setting does the same for `res.json`; this is for answers the
 * service serializes itself (the response cache), so that both are the same bytes.
 */
export function toJsonText(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&]/g, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
