import { SetMetadata } from '@nestjs/common';

const UNCACHED_KEY = 'calendar:uncached';

/**
 * Reads of these routes get no ETag and stay `no-store`: what they show changes without a new data
 * version (an import source's state after a run that wrote no event), so a version-derived ETag
 * could answer 304 for a changed body.
 */
export const Uncached = () => SetMetadata(UNCACHED_KEY, true);

export function isUncached(controller: object, handler: object): boolean {
  return Reflect.getMetadata(UNCACHED_KEY, handler) === true || Reflect.getMetadata(UNCACHED_KEY, controller) === true;
}
