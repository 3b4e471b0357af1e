/** What the Authorization header claims; the token is verified separately. */
export type Credentials =
  | { kind: 'none' }
  | { kind: 'bearer'; token: string }
  | { kind: 'basic'; username: string; token: string }
  | { kind: 'malformed' };

/**
 * Bearer tokens, and HTTP Basic `<username>:<token>` as WordPress application-password clients
 * send it. Any other scheme is malformed rather than anonymous, so a typo never reads as public.
 */
export function parseAuthorizationHeader(header: string | undefined): Credentials {
  if (header === undefined || header.trim() === '') return { kind: 'none' };
  const [scheme, ...rest] = header.trim().split(/\s+/);
  const value = rest.join(' ');
  if (/^bearer$/i.test(scheme) && value !== '') return { kind: 'bearer', token: value };
  if (/^basic$/i.test(scheme) && value !== '') {
    const decoded = Buffer.from(value, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon > 0) {
      // Application-password clients may show the secret in groups separated by spaces.
      return { kind: 'basic', username: decoded.slice(0, colon), token: decoded.slice(colon + 1).replace(/\s+/g, '') };
    }
  }
  return { kind: 'malformed' };
}
