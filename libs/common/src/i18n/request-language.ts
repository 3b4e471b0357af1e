import type { ApiRequest } from '../http/api-request';
import { isLanguage, Language, resolveLanguage } from './language';

interface ResolvedLanguage {
  language: Language;
  /** `translation_language` was given with a value other than en/de (a 400 where it is checked). */
  invalidParameter: boolean;
}

/**
 * The language of a request (docs/api-rules.md, Addresses and languages): `translation_language` in the query or the body, the
 * path segment, Accept-Language, English. The request-context interceptor resolves it once for
 * routed requests; responses produced before routing (errors, OPTIONS, Swagger UI) call it too.
 */
export function requestLanguage(req: ApiRequest): ResolvedLanguage {
  const fromQuery = (req.query as Record<string, unknown> | undefined)?.translation_language;
  const body = req.body as Record<string, unknown> | undefined;
  const given = fromQuery ?? (body !== null && typeof body === 'object' ? body.translation_language : undefined);
  return {
    language: resolveLanguage({ parameter: given, pathSegment: req.address?.pathLanguage, acceptLanguage: req.headers['accept-language'] }),
    invalidParameter: given !== undefined && !isLanguage(given),
  };
}
