import type { NextFunction, Request, Response } from 'express';
import { RouteTable } from './route-table';

/**
 * `OPTIONS` on a known path answers 204 with the methods it accepts in `Allow` (as WordPress
 * does), instead of a 405; unknown paths fall through to the 404. It never writes anything.
 * CORS preflight requests are answered earlier by the CORS middleware when CORS is enabled.
 */
export function optionsMiddleware(routes: RouteTable) {
  return (req: Request, res: Response, next: NextFunction): void => {
    if (req.method !== 'OPTIONS') return next();
    const allow = routes.allowedMethods(req.path);
    if (allow.length === 0) return next();
    res.setHeader('Allow', [...allow, 'OPTIONS'].join(', '));
    res.status(204).end();
  };
}
