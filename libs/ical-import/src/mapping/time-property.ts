import { Zone } from 'luxon';
import { TimeZone, UTC_TIME_ZONE } from '@app/common/dates/time-zone';
import { naiveMillis, WallTime, wallTimeToInstant } from '@app/common/dates/wall-time';
import { formatWallTime } from '@app/common/dates/date-output';
import { paramValue, Property } from '../reader/property';
import { DateValue, parseDateValue } from '../values/date-values';
import { nameFileZone } from '../zones/iana-equivalent';
import { VTimezoneZone } from '../zones/vtimezone-zone';
import { ZoneResolver } from '../zones/zone-resolver';
import { ImportTime, ImportTimeZone, TimeZoneSource } from './import-item';

/** What the times of one VCALENDAR are read with. */
export interface TimeContext {
  resolver: ZoneResolver;
  /** The source's zone: floating times, unknown TZIDs and all-day days are read in it. */
  sourceZone: TimeZone;
}

/** A DATE, or a DATE-TIME read into an instant with the zone it was written in. */
export type ReadTime =
  | { type: 'date'; date: WallTime }
  | { type: 'date-time'; instant: Date; wall: WallTime; zone: Zone; source: TimeZoneSource; tzid: string | null; zoneName: string | null };

/** Reads one value of a date property (`DTSTART`, an `EXDATE` list item) with the property's TZID; null when it is not a date. */
export function readTimeValue(property: Property, raw: string, context: TimeContext): ReadTime | null {
  const value = parseDateValue(raw);
  return value ? readParsedValue(value, paramValue(property, 'TZID'), context) : null;
}

function readParsedValue(value: DateValue, tzid: string | undefined, context: TimeContext): ReadTime {
  if (value.type === 'date') return { type: 'date', date: value.date };
  const { wall } = value;
  if (value.utc) return zoned(wall, new Date(naiveMillis(wall)), UTC_TIME_ZONE.zone, 'utc', null, 'UTC');
  const resolved = tzid === undefined || tzid.trim() === '' ? null : context.resolver.resolve(tzid);
  if (resolved) return zoned(wall, wallTimeToInstant(wall, resolved.zone), resolved.zone, resolved.kind, tzid!, resolved.name);
  const { zone, name } = context.sourceZone;
  return zoned(wall, wallTimeToInstant(wall, zone), zone, tzid === undefined ? 'floating' : 'unknown-tzid', tzid ?? null, name);
}

function zoned(wall: WallTime, instant: Date, zone: Zone, source: TimeZoneSource, tzid: string | null, zoneName: string | null): ReadTime {
  return { type: 'date-time', instant, wall, zone, source, tzid, zoneName };
}

/** The time zone an item gets from its DTSTART. */
export function itemTimeZone(start: ReadTime, context: TimeContext): ImportTimeZone {
  if (start.type === 'date') return { name: context.sourceZone.name, source: 'date', tzid: null, approximate: false };
  if (start.zone instanceof VTimezoneZone) {
    const named = nameFileZone(start.zone, start.instant.getTime());
    return { name: named.name, source: start.source, tzid: start.tzid, approximate: named.approximate };
  }
  return { name: start.zoneName ?? context.sourceZone.name, source: start.source, tzid: start.tzid, approximate: false };
}

/**
 * A read time in the item's terms: a date stays a date on all-day items; a date-time becomes its
 * instant with the wall time it shows in the item's zone, or its day (as written) on all-day items.
 */
export function toImportTime(time: ReadTime, allDay: boolean, itemZone: Zone): ImportTime {
  if (time.type === 'date') return { type: 'date', date: formatDate(time.date) };
  if (allDay) return { type: 'date', date: formatDate(time.wall) };
  return { type: 'date-time', wall: formatWallTime(time.instant, itemZone), instant: time.instant };
}

function formatDate({ year, month, day }: WallTime): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
