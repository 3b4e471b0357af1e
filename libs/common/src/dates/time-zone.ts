import { FixedOffsetZone, IANAZone, Zone } from 'luxon';

/** A zone as stored and reported (`name`) together with the luxon zone that does the arithmetic. */
export interface TimeZone {
  name: string;
  zone: Zone;
}

export const UTC_TIME_ZONE: TimeZone = { name: 'UTC', zone: FixedOffsetZone.utcInstance };

/** Real-world offsets run from UTC-12 to UTC+14; WordPress offers the same range. */
const MAX_OFFSET_MINUTES = 14 * 60;

/** `UTC+2`, `UTC-5`, `UTC+5:30` and WordPress's decimal form `UTC+5.5`. */
const FIXED_OFFSET = /^UTC([+-])(\d{1,2})(?::(\d{2})|\.(\d{1,2}))?$/i;

/** The fractions WordPress writes (`UTC+5.75` is UTC+5:45). */
const DECIMAL_MINUTES: Record<string, number> = { '0': 0, '00': 0, '25': 15, '5': 30, '50': 30, '75': 45 };

/** `Area/Location` names; bare legacy ids such as `EST` or `PST` are refused (they are not what they seem). */
const IANA_NAME = /^[A-Za-z]+(?:\/[\w+-]+)+$/;

/**
 * Reads a zone given as an IANA name (`Europe/Berlin`), `UTC`, or a fixed offset (`UTC+2`,
 * `UTC+5:30`, `UTC+5.5`). Returns the normalised name (IANA names as given with their letter case
 * corrected, offsets as `UTC+5:30`, zero offsets and UTC aliases as `UTC`) and the zone, or null when the input is none of these.
 */
export function parseTimeZone(input: unknown): TimeZone | null {
  if (typeof input !== 'string') return null;
  const text = input.trim();
  if (text.toUpperCase() === 'UTC') return UTC_TIME_ZONE;
  const fixed = FIXED_OFFSET.exec(text);
  if (fixed) return fixedOffsetZone(fixed);
  return IANA_NAME.test(text) ? ianaZone(text) : null;
}

function fixedOffsetZone([, sign, hoursText, minutesText, fractionText]: RegExpExecArray): TimeZone | null {
  const minutes = fractionText !== undefined ? DECIMAL_MINUTES[fractionText] : Number(minutesText ?? 0);
  if (minutes === undefined || minutes >= 60) return null;
  const total = (sign === '-' ? -1 : 1) * (Number(hoursText) * 60 + minutes);
  if (Math.abs(total) > MAX_OFFSET_MINUTES) return null;
  if (total === 0) return UTC_TIME_ZONE;
  const zone = FixedOffsetZone.instance(total);
  return { name: zone.name, zone };
}

/** Zones already read, by the text given: building an Intl.DateTimeFormat per read cost an import a few percent of its time. */
const IANA_ZONES = new Map<string, TimeZone | null>();
/** Distinct texts remembered at most (real input names a few dozen zones; anything beyond is read anew). */
const IANA_ZONES_MAX = 1000;

function ianaZone(text: string): TimeZone | null {
  const known = IANA_ZONES.get(text);
  if (known !== undefined) return known;
  const zone = readIanaZone(text);
  if (IANA_ZONES.size < IANA_ZONES_MAX) IANA_ZONES.set(text, zone);
  return zone;
}

function readIanaZone(text: string): TimeZone | null {
  let resolved: string;
  try {
    resolved = new Intl.DateTimeFormat('en-US', { timeZone: text }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
  if (resolved === 'UTC') return UTC_TIME_ZONE;
  const name = properCase(text, resolved);
  const zone = IANAZone.create(name);
  return zone.isValid ? { name, zone } : null;
}

/**
 * ICU "canonicalises" to old names (Asia/Kolkata becomes Asia/Calcutta, Europe/Kyiv Europe/Kiev),
 * so a valid name keeps the client's spelling; only its letter case is corrected where ICU
 * knows the name.
 */
function properCase(text: string, resolved: string): string {
  const lower = text.toLowerCase();
  if (resolved.toLowerCase() === lower) return resolved;
  return knownNames().get(lower) ?? text;
}

let knownNamesByLowerCase: Map<string, string> | undefined;

function knownNames(): Map<string, string> {
  knownNamesByLowerCase ??= new Map(Intl.supportedValuesOf('timeZone').map((name) => [name.toLowerCase(), name]));
  return knownNamesByLowerCase;
}
