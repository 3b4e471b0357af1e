import { API_NAMESPACE } from '@app/common';
import type { NextFunction, Request, Response } from 'express';

const EVENT_LIST = `/${API_NAMESPACE}/events`;

/**
 * `GET {ns}/events` with `Accept: text/calendar` (preferred over JSON) answers the feed of the same
 * filters: the request is routed to `events.ics`. Runs after the request-address middleware, so the
 * path no longer carries BASE_PATH or the language segment.
 */
export function feedNegotiationMiddleware(req: Request, res: Response, next: NextFunction): void {
  if (req.method === 'GET' || req.method === 'HEAD') {
    const queryStart = req.url.indexOf('?');
    const path = queryStart === -1 ? req.url : req.url.slice(0, queryStart);
    if (path === EVENT_LIST || path === `${EVENT_LIST}/`) {
      res.vary('Accept');
      if (req.headers.accept && req.accepts(['application/json', 'text/calendar']) === 'text/calendar') {
        req.url = `${EVENT_LIST}.ics${queryStart === -1 ? '' : req.url.slice(queryStart)}`;
      }
    }
  }
  next();
}
