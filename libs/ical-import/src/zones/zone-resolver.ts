import { Zone } from 'luxon';
import { parseTimeZone, UTC_TIME_ZONE } from '@app/common/dates/time-zone';
import { Component } from '../reader/read-calendar';
import { unescapeText } from '../reader/text-value';
import { cachedOffsetZone } from './cached-offset-zone';
import { VTimezoneRules } from './vtimezone-rules';
import { VTimezoneZone } from './vtimezone-zone';
import { windowsZoneToIana } from './windows-zones';

/**
 * How a TZID was understood:
 * - `utc`: UTC under any of its names;
 * - `offset`: a fixed offset written as `UTC+2`, `UTC-05:30`;
 * - `iana`: an IANA name (directly, or at the end of a path such as `/mozilla.org/20050126_1/Europe/Berlin`);
 * - `windows`: a Windows zone name, through CLDR;
 * - `vtimezone`: none of these, but the file's own VTIMEZONE with that TZID defines it.
 */
type TzidKind = 'utc' | 'offset' | 'iana' | 'windows' | 'vtimezone';

interface ResolvedTzid {
  kind: TzidKind;
  tzid: string;
  zone: Zone;
  /** The name the service stores (`Europe/Berlin`, `UTC`, `UTC+2`); null for a `vtimezone` zone until it is matched to one. */
  name: string | null;
}

/** Names of UTC that are not IANA `Area/Location` names. */
const UTC_NAMES = new Set(['z', 'gmt', 'ut', 'utc', 'zulu', 'universal', 'greenwich']);

/**
 * Resolves the TZIDs of one VCALENDAR. IANA data wins over a VTIMEZONE of the same name (files
 * carry stale or partial copies of IANA zones), Windows names go through CLDR, and only a name
 * that is neither is read from the file's VTIMEZONE. Results are cached per TZID.
 */
export class ZoneResolver {
  private readonly definitions = new Map<string, Component>();
  private readonly resolved = new Map<string, ResolvedTzid | null>();

  constructor(calendar: Component) {
    for (const component of calendar.components) {
      if (component.name !== 'VTIMEZONE') continue;
      const tzid = component.properties.find((property) => property.name === 'TZID');
      const key = tzid ? unescapeText(tzid.value).trim() : '';
      if (key !== '' && !this.definitions.has(key)) this.definitions.set(key, component);
    }
  }

  /** Null when the TZID is unknown and the file does not define it. */
  resolve(tzid: string): ResolvedTzid | null {
    const key = tzid.trim();
    if (!this.resolved.has(key)) this.resolved.set(key, this.resolveUncached(key));
    return this.resolved.get(key)!;
  }

  private resolveUncached(tzid: string): ResolvedTzid | null {
    if (UTC_NAMES.has(tzid.toLowerCase())) return { kind: 'utc', tzid, zone: UTC_TIME_ZONE.zone, name: 'UTC' };
    const iana = parseTimeZone(tzid) ?? ianaAtEndOfPath(tzid);
    if (iana) return { kind: kindOfName(iana.name), tzid, zone: cachedOffsetZone(iana.zone), name: iana.name };
    const windows = windowsZoneToIana(tzid);
    const fromWindows = windows ? parseTimeZone(windows) : null;
    if (fromWindows) return { kind: 'windows', tzid, zone: cachedOffsetZone(fromWindows.zone), name: fromWindows.name };
    const definition = this.definition(tzid);
    const rules = definition ? VTimezoneRules.fromComponent(definition) : null;
    return rules ? { kind: 'vtimezone', tzid, zone: new VTimezoneZone(tzid, rules), name: null } : null;
  }

  private definition(tzid: string): Component | undefined {
    const exact = this.definitions.get(tzid);
    if (exact) return exact;
    const wanted = tzid.toLowerCase();
    return [...this.definitions].find(([key]) => key.toLowerCase() === wanted)?.[1];
  }
}

function kindOfName(name: string): TzidKind {
  if (name === 'UTC') return 'utc';
  return name.includes('/') ? 'iana' : 'offset';
}

/** Evolution, Thunderbird 2 and libical prefix IANA names with their own path. */
function ianaAtEndOfPath(tzid: string): ReturnType<typeof parseTimeZone> {
  const segments = tzid.split('/').filter((segment) => segment !== '');
  for (const length of [3, 2]) {
    if (segments.length <= length) continue;
    const zone = parseTimeZone(segments.slice(-length).join('/'));
    if (zone) return zone;
  }
  return null;
}
