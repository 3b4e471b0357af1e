import { Zone, ZoneOffsetFormat } from 'luxon';
import { VTimezoneRules } from './vtimezone-rules';

/**
 * A zone defined only by a file's own VTIMEZONE (Outlook's `Kuala Lumpur, Singapore`), as a luxon
 * zone so that the service's wall-time arithmetic (gaps move forward, ambiguous times take the
 * earlier instant) works on it unchanged.
 */
export class VTimezoneZone extends Zone {
  constructor(
    private readonly tzid: string,
    readonly rules: VTimezoneRules,
  ) {
    super();
  }

  override get type(): string {
    return 'vtimezone';
  }

  override get name(): string {
    return this.tzid;
  }

  override get isUniversal(): boolean {
    return false;
  }

  override offsetName(ts: number): string {
    return this.rules.nameAt(ts) ?? this.formatOffset(ts, 'short');
  }

  override formatOffset(ts: number, format: ZoneOffsetFormat): string {
    return formatOffsetMinutes(this.offset(ts), format);
  }

  override offset(ts: number): number {
    return this.rules.offsetAt(ts);
  }

  override equals(other: Zone): boolean {
    return other === this;
  }

  override get isValid(): boolean {
    return true;
  }
}

/** `+07:00` (short), `+7` (narrow, minutes only when not zero), `+0700` (techie). */
export function formatOffsetMinutes(offset: number, format: ZoneOffsetFormat): string {
  const sign = offset < 0 ? '-' : '+';
  const total = Math.round(Math.abs(offset));
  const hours = Math.floor(total / 60);
  const minutes = total % 60;
  const hh = String(hours).padStart(2, '0');
  const mm = String(minutes).padStart(2, '0');
  if (format === 'narrow') return minutes === 0 ? `${sign}${hours}` : `${sign}${hours}:${mm}`;
  if (format === 'techie') return `${sign}${hh}${mm}`;
  return `${sign}${hh}:${mm}`;
}
