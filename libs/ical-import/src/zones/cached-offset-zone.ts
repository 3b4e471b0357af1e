import { WrappingZone } from '@app/common';
import { Zone } from 'luxon';

const HOUR_MS = 3_600_000;
/** Hours kept per zone: a feed's events rarely span more than a few years of distinct hours. */
const MAX_CACHED_HOURS = 100_000;

const shared = new Map<string, CachedOffsetZone>();
/** Zones kept across files: re-reading a feed every hour finds its offsets cached. */
const MAX_SHARED_ZONES = 64;

/** The cached form of a zone, one per zone name for the whole process. */
export function cachedOffsetZone(zone: Zone): Zone {
  let cached = shared.get(zone.name);
  if (!cached) {
    if (shared.size >= MAX_SHARED_ZONES) shared.clear();
    cached = new CachedOffsetZone(zone);
    shared.set(zone.name, cached);
  }
  return cached;
}

/**
 * An IANA zone whose offsets are remembered per hour. Luxon asks Intl for every offset, and
 * reading a file converts each start, end and EXDATE with several offset look-ups: a
 * 10,000-event feed spent most of its reading time there. An hour is cached only when its first
 * and last millisecond have the same offset, so an hour with a change of offset in it is always
 * computed exactly.
 */
export class CachedOffsetZone extends WrappingZone {
  private readonly hours = new Map<number, number>();

  override offset(ts: number): number {
    const hour = Math.floor(ts / HOUR_MS);
    const cached = this.hours.get(hour);
    if (cached !== undefined) return cached;
    const first = this.inner.offset(hour * HOUR_MS);
    const last = this.inner.offset(hour * HOUR_MS + HOUR_MS - 1);
    if (first !== last) return this.inner.offset(ts);
    if (this.hours.size >= MAX_CACHED_HOURS) this.hours.clear();
    this.hours.set(hour, first);
    return first;
  }
}
