import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import { FixedOffsetZone } from 'luxon';
import { zoneByName } from '@app/common';

/** `+0530` / `-0500`, as VTIMEZONE writes offsets. */
function offsetText(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const absolute = Math.abs(minutes);
  return `${sign}${String(Math.floor(absolute / 60)).padStart(2, '0')}${String(absolute % 60).padStart(2, '0')}`;
}

/**
 * The VTIMEZONE of a zone an event uses: the tz database's for IANA names; a single STANDARD
 * block for the fixed offsets `UTC+2`, `UTC-5:30` that WordPress allows and no database knows.
 */
export function vtimezone(name: string): string | null {
  const zone = zoneByName(name);
  if (!(zone instanceof FixedOffsetZone)) return getVtimezoneComponent(name) ?? null;
  const offset = offsetText(zone.offset(0));
  return [
    'BEGIN:VTIMEZONE',
    `TZID:${name}`,
    'BEGIN:STANDARD',
    'DTSTART:19700101T000000',
    `TZOFFSETFROM:${offset}`,
    `TZOFFSETTO:${offset}`,
    `TZNAME:${name}`,
    'END:STANDARD',
    'END:VTIMEZONE',
  ].join('\r\n');
}
