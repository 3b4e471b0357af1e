import type { AppConfig } from '@app/config';
import type { NextFunction, Request, Response } from 'express';
import helmet from 'helmet';

/** Headers every answer shares (helmet 8's defaults, minus HSTS, which belongs to the TLS proxy). */
const COMMON = {
  strictTransportSecurity: false,
  referrerPolicy: { policy: 'no-referrer' as const },
  xFrameOptions: { action: 'deny' as const },
};

/** JSON answers load nothing and are framed by nobody. */
const API_POLICY = { 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] };

/**
 * Swagger UI: its scripts, styles and images come from this service (styles partly inline, icons
 * as data: URLs), and "Try it out" calls this service; nobody may frame it.
 */
const DOCS_POLICY = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'font-src': ["'self'", 'data:'],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/**
 * The one place the service's security headers are decided (README, Security): nosniff, Referrer-Policy,
 * frame protection and a Content-Security-Policy (Swagger UI's lets the page work), and
 * `Cache-Control: no-store` by default, so no shared or browser cache keeps an error, a write's
 * answer or what only one caller may see; reads of the API relax it with their ETags (docs/api-rules.md,
 * HTTP caching and preconditions; HttpCachingInterceptor). Runs first, so error answers carry them too.
 */
export function securityHeadersMiddleware(config: Pick<AppConfig, 'basePath'>) {
  const api = helmet({ ...COMMON, contentSecurityPolicy: { useDefaults: false, directives: API_POLICY } });
  const docs = helmet({ ...COMMON, contentSecurityPolicy: { useDefaults: false, directives: DOCS_POLICY } });
  const prefix = config.basePath;
  const isDocs = (path: string) => {
    const rest = prefix !== '' && path.startsWith(prefix) ? path.slice(prefix.length) : path;
    return /^(?:\/(?:en|de))?\/docs(?:\/|$)/.test(rest);
  };
  return (req: Request, res: Response, next: NextFunction): void => {
    // Stored by nobody unless a read of the API says otherwise (HttpCachingInterceptor: `public`
    // or `private, no-cache` with an ETag). Swagger UI's pages and assets keep the defaults.
    if (!isDocs(req.path) || req.headers.authorization !== undefined) res.setHeader('Cache-Control', 'no-store');
    (isDocs(req.path) ? docs : api)(req, res, next);
  };
}
