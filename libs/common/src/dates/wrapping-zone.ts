import { Zone, ZoneOffsetFormat, ZoneOffsetOptions } from 'luxon';

/**
 * A zone that answers as the zone it wraps, for zones that only find offsets faster (a cache, a
 * table): everything but `offset` is passed through, and two wrappings of equal zones are equal.
 */
export abstract class WrappingZone extends Zone {
  constructor(protected readonly inner: Zone) {
    super();
  }

  override get type(): string {
    return this.inner.type;
  }

  override get name(): string {
    return this.inner.name;
  }

  override get isUniversal(): boolean {
    return this.inner.isUniversal;
  }

  override get isValid(): boolean {
    return this.inner.isValid;
  }

  override offsetName(ts: number, options: ZoneOffsetOptions): string | null {
    return this.inner.offsetName(ts, options);
  }

  override formatOffset(ts: number, format: ZoneOffsetFormat): string {
    return this.inner.formatOffset(ts, format);
  }

  override equals(other: Zone): boolean {
    return other instanceof WrappingZone ? this.inner.equals(other.inner) : this.inner.equals(other);
  }
}
