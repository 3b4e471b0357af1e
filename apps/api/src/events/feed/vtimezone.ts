import { vtimezone as zoneBlock } from '@app/recurrence';
import { FixedOffsetZone } from 'luxon';
import { zoneByName } from '@app/common';

/** `+0530` / `-0500`, as VTIMEZONE writes offsets. */
function offsetText(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const absolute = Math.abs(minutes);
  return `${sign}${String(Math.floor(absolute / 60)).padStart(2, '0')}${String(absolute % 60).padStart(2, '0')}`;
}

/** `UTC+2`, `UTC-5:30`: the fixed offsets WordPress allows, which no tz database names. */
export function isFixedOffset(name: string): boolean {
  return name !== 'UTC' && zoneByName(name) instanceof FixedOffsetZone;
}

/**
 * The TZID a feed gives a zone: its name, but `UTC+5:30` as `UTC+530`, as a colon in a parameter
 * value would need quoting that not every generator or reader does.
 */
export function feedZoneId(name: string): string {
  return name.replace(':', '');
}

/**
 * The VTIMEZONE of a zone an event uses: for IANA names built from the time-zone data the service
 * runs on, covering the feed's dates with the offsets of those years; a single STANDARD block for
 * the fixed offsets `UTC+2`, `UTC-5:30` that WordPress allows and no database knows.
 */
export function vtimezone(name: string, range: { from: Date; to: Date }): string | null {
  const zone = zoneByName(name);
  if (!isFixedOffset(name)) return zoneBlock(name, range);
  const offset = offsetText(zone.offset(0));
  return [
    'BEGIN:VTIMEZONE',
    `TZID:${feedZoneId(name)}`,
    'BEGIN:STANDARD',
    'DTSTART:19700101T000000',
    `TZOFFSETFROM:${offset}`,
    `TZOFFSETTO:${offset}`,
    `TZNAME:${feedZoneId(name)}`,
    'END:STANDARD',
    'END:VTIMEZONE',
  ].join('\r\n');
}
