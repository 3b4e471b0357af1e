import type { NextFunction, Request, Response } from 'express';
import { Errors } from '../errors/errors';

/** The methods a POST may stand for (docs/api-rules.md, Writes). */
const OVERRIDABLE = new Set(['PUT', 'PATCH', 'DELETE']);
const HEADER = 'x-http-method-override';
const PARAMETER = '_method';

/** The override a request asks for: the header first, then `_method` in the query; '' when none. */
function requestedOverride(req: Request): string {
  const header = req.headers[HEADER];
  const fromHeader = Array.isArray(header) ? header[0] : header;
  if (fromHeader !== undefined && fromHeader.trim() !== '') return fromHeader.trim();
  const parameter = (req.query as Record<string, unknown>)[PARAMETER];
  return typeof parameter === 'string' ? parameter.trim() : '';
}

/**
 * WordPress's JS client (apiFetch) sends every PUT, PATCH and DELETE as a POST with
 * `X-HTTP-Method-Override`, and other clients use `?_method=`: such a POST is routed exactly as
 * the method it names, before anything else sees the method. Any other value on a POST is a 400
 * naming `_method`; on every other method both are ignored, so GET, HEAD and OPTIONS never write.
 */
export function methodOverrideMiddleware() {
  return (req: Request, _res: Response, next: NextFunction): void => {
    if (req.method !== 'POST') return next();
    const override = requestedOverride(req);
    if (override === '') return next();
    const method = override.toUpperCase();
    if (!OVERRIDABLE.has(method)) return next(Errors.invalidParam(PARAMETER, 'validation.isIn', { c0: [...OVERRIDABLE].join(', ') }));
    req.method = method;
    next();
  };
}
