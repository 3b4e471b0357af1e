import { Param, PipeTransform } from '@nestjs/common';
import { Errors } from '../errors/errors';

const MAX_ID = 2_147_483_647;

/** `{id}` matches digits only (docs/api-rules.md, Errors), within the integer range of the ID columns. */
function isRouteId(value: unknown): boolean {
  return (typeof value === 'string' || typeof value === 'number') && /^\d{1,10}$/.test(String(value)) && Number(value) <= MAX_ID;
}

/**
 * A request whose `{id}` segment is not digits matched no route (404 rest_no_route), whoever asks.
 * Express cannot constrain a parameter to digits, so this runs as the first step after routing,
 * before permissions (which would otherwise answer 401/403 for a path that does not exist) and
 * before the global validation pipe (which would coerce "0x1F" or "1e3" into numbers).
 */
export function assertRouteIds(params: Record<string, unknown> | undefined): void {
  if (params && 'id' in params && !isRouteId(params.id)) throw Errors.noRoute();
}

/** `{id}` as a number; `assertRouteIds` already turned away anything but digits. */
class RouteIdPipe implements PipeTransform<string | number, number> {
  transform(value: string | number): number {
    return Number(value);
  }
}

export const IdParam = () => Param('id', RouteIdPipe);
