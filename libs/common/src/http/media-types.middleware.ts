import type { NextFunction, Request, Response } from 'express';
import { Errors } from '../errors/errors';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The body media types the service reads (docs/api-rules.md, Writes): what `express.json` and `express.urlencoded` parse. */
function isReadable(contentType: string | undefined): boolean {
  const type = (contentType ?? '').split(';')[0].trim().toLowerCase();
  return type === 'application/json' || /^application\/[^/]+\+json$/.test(type) || type === 'application/x-www-form-urlencoded';
}

function hasBody(req: Request): boolean {
  return req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
}

/**
 * A write whose body is in another media type (text/plain, multipart, none named) answers 415
 * instead of running as if it had sent nothing: an update would answer 200 and change nothing,
 * which the client could not tell from success. Requests without a body pass, whatever their
 * Content-Type says. `readElsewhere`: bodies a route's own parser has read (a calendar upload).
 */
export function mediaTypesMiddleware(readElsewhere: (req: Request) => boolean = () => false) {
  return (req: Request, _res: Response, next: NextFunction): void => {
    if (WRITE_METHODS.has(req.method) && hasBody(req) && !isReadable(req.headers['content-type']) && !readElsewhere(req)) {
      return next(Errors.unsupportedMediaType());
    }
    next();
  };
}
