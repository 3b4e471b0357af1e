import { AppConfig } from '@app/config';
import { randomUUID } from 'node:crypto';
import type { NextFunction, Response } from 'express';
import { isLanguage, Language, resolveLanguage } from '../i18n/language';
import { ApiRequest } from './api-request';

/** Paths served at the root, outside BASE_PATH and language segments (contract §9). */
const ROOT_PATHS = new Set(['/health', '/ready']);
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;
/**
 * Requests that can match no route (outside BASE_PATH, or a path that cannot be percent-decoded)
 * are routed here, where nothing is mounted, so they get 404 rest_no_route.
 */
export const UNROUTABLE_PREFIX = '/__unroutable__';

/**
 * Runs before Nest routes a request: assigns the request id, strips BASE_PATH and the `/en`|`/de`
 * segment from the URL (Nest's routes know neither) and records what it stripped, so that links
 * can put them back. Language is resolved here once so errors raised before any interceptor
 * (unknown routes, bad JSON) are translated too.
 */
export function requestContextMiddleware(config: AppConfig) {
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
    let pathSegment: Language | undefined;
    const match = /^\/(en|de)(\/.*)?$/.exec(path);
    if (match && !ROOT_PATHS.has(path)) {
      pathSegment = match[1] as Language;
      path = match[2] ?? '/';
    }
    // Express would fail to decode such a parameter with a bare 400 after matching the route.
    if (path.includes('%') && !isDecodable(path)) path = UNROUTABLE_PREFIX + path;
    req.url = path + search;

    req.context = {
      id,
      language: resolveLanguage({
        parameter: queryLanguage(req),
        pathSegment,
        acceptLanguage: req.headers['accept-language'],
      }),
      languageSegment: pathSegment ? `/${pathSegment}` : '',
      basePath,
      origin: `${req.protocol}://${req.get('host') ?? 'localhost'}`,
    };
    // Set here, not only after the body parsers, so that their failures (bad JSON, too large) carry them too.
    res.vary('Accept-Language');
    res.setHeader('Content-Language', req.context.language);
    next();
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

function queryLanguage(req: ApiRequest): unknown {
  const value = (req.query as Record<string, unknown>)?.translation_language;
  return isLanguage(value) ? value : undefined;
}
