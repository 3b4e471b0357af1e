import { AppConfig } from '@app/config';
import { randomUUID } from 'node:crypto';
import type { NextFunction, Response } from 'express';
import { Language } from '../i18n/language';
import { requestLanguage } from '../i18n/request-language';
import { Errors } from '../errors/errors';
import { ApiRequest } from './api-request';
import { TrustedHosts } from './trusted-hosts';

/** Paths served at the root, outside BASE_PATH and language segments (docs/api-rules.md, Running it). */
const ROOT_PATHS = new Set(['/health', '/ready']);
const REQUEST_ID = /^[\w.:-]{1,128}$/;
/**
 * Requests that can match no route (outside BASE_PATH, or a path that cannot be percent-decoded)
 * are routed here, where nothing is mounted, so they get 404 rest_no_route.
 */
const UNROUTABLE_PREFIX = '/__unroutable__';

/**
 * Runs before Nest routes a request: assigns the request id, strips BASE_PATH and the `/en`|`/de`
 * segment from the URL (Nest's routes know neither) and records what it stripped, so that links
 * can put them back and the language can be resolved from it. A request naming an untrusted host
 * goes straight to the error handler with 400 rest_invalid_host: nothing else runs for it.
 */
export function requestAddressMiddleware(config: AppConfig) {
  const trustedHosts = new TrustedHosts(config);
  return (req: ApiRequest, res: Response, next: NextFunction): void => {
    const incomingId = req.headers['x-request-id'];
    const id = typeof incomingId === 'string' && REQUEST_ID.test(incomingId) ? incomingId : randomUUID();
    res.setHeader('X-Request-Id', id);

    const [pathname, search = ''] = splitUrl(req.url);
    let path = pathname;
    let basePath = '';
    if (!ROOT_PATHS.has(path) && config.basePath !== '') {
      if (path === config.basePath || path.startsWith(`${config.basePath}/`)) {
        basePath = config.basePath;
        path = path.slice(config.basePath.length) || '/';
      } else {
        path = UNROUTABLE_PREFIX + path;
      }
    }
    let pathLanguage: Language | undefined;
    const match = /^\/(en|de)(\/.*)?$/.exec(path);
    if (match) {
      pathLanguage = match[1] as Language;
      path = match[2] ?? '/';
    }
    // Health checks live at the root only: `/de/health` or `<BASE_PATH>/ready` is no route.
    if ((basePath !== '' || pathLanguage) && ROOT_PATHS.has(path)) path = UNROUTABLE_PREFIX + path;
    // Express would fail to decode such a parameter with a bare 400 after matching the route.
    if (path.includes('%') && !isDecodable(path)) path = UNROUTABLE_PREFIX + path;
    req.url = path + search;
    const origin = trustedHosts.originOf(req);
    req.address = { id, pathLanguage, basePath, origin: origin ?? config.siteUrl };
    res.vary('Accept-Language');
    // What the body may still change is settled by the request-context interceptor (or the error
    // responder); failures before that (bad JSON, too large) carry this one.
    res.setHeader('Content-Language', requestLanguage(req).language);
    next(origin === undefined ? Errors.invalidHost() : undefined);
  };
}

function isDecodable(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

function splitUrl(url: string): [string, string] {
  const index = url.indexOf('?');
  return index === -1 ? [url, ''] : [url.slice(0, index), url.slice(index)];
}
