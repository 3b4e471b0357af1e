/** Query parameters whose values are secrets, or may be: never written to a log. */
const SECRET_PARAMETER = /pass|pwd|token|secret|key|auth|sig|session|cookie|nonce|credential/i;
export const REDACTED = '[REDACTED]';

/**
 * A request path and query as logged: every value of a parameter that may carry a secret
 * (`password`, `token`, `api_key`, `_wpnonce`, ...) replaced, the rest kept as sent. A query that
 * cannot be parsed is left out whole rather than risk logging a secret.
 */
export function redactUrl(url: string): string {
  const index = url.indexOf('?');
  if (index === -1) return url;
  const path = url.slice(0, index);
  const parts = url
    .slice(index + 1)
    .split('&')
    .map((part) => {
      const equals = part.indexOf('=');
      if (equals === -1) return part;
      const rawName = part.slice(0, equals);
      let name: string;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      } catch {
        return undefined;
      }
      return SECRET_PARAMETER.test(name) ? `${rawName}=${REDACTED}` : part;
    });
  if (parts.includes(undefined)) return `${path}?${REDACTED}`;
  return `${path}?${parts.join('&')}`;
}
