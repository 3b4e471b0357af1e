import { IANAZone, Zone } from 'luxon';
import { formatOffsetMinutes, VTimezoneZone } from './vtimezone-zone';
import { windowsGoldenZones } from './windows-zones';

/** What a file-defined zone is stored as: an IANA zone with the same offsets, a fixed offset, or (approximate) its offset at the start. */
interface ZoneName {
  name: string;
  /** True when no IANA zone matched and the zone's offset changes: the name is only right near the start. */
  approximate: boolean;
}

const DAY_MS = 86_400_000;
const WEEK_MS = 7 * DAY_MS;
/** Two years from the start of the event's year: a series is compared over its coming changes of offset too. */
const COMPARED_YEARS = 2;

const cache = new Map<string, ZoneName>();

/**
 * Names a zone known only from its VTIMEZONE. The candidates are IANA zones whose city the TZID
 * mentions (`(UTC+07:00) Bangkok, Hanoi, Jakarta` → Asia/Bangkok first), then the golden zones of
 * CLDR's Windows table; the first whose offsets equal the VTIMEZONE's at every change of offset
 * and every week over two years from the start's year wins. A zone that never changes its offset
 * and matches none is named by that offset (`UTC+7`).
 */
export function nameFileZone(zone: VTimezoneZone, startMs: number): ZoneName {
  const year = new Date(startMs).getUTCFullYear();
  const key = `${zone.name}\u0000${year}`;
  let named = cache.get(key);
  if (!named) {
    named = nameUncached(zone, Date.UTC(year, 0, 1), Date.UTC(year + COMPARED_YEARS, 0, 1), startMs);
    if (cache.size > 1000) cache.clear();
    cache.set(key, named);
  }
  return named;
}

function nameUncached(zone: VTimezoneZone, from: number, to: number, startMs: number): ZoneName {
  const changes = zone.rules.transitionsBetween(from, to).flatMap((transition) => [transition.at - 1, transition.at]);
  const weeks = weeklySamples(from, to);
  for (const candidate of candidates(zone.name)) {
    const iana = IANAZone.create(candidate);
    if (!iana.isValid) continue;
    if (changes.every((ms) => sameOffset(iana, zone, ms)) && weeks.every((ms) => sameOffset(iana, zone, ms))) {
      return { name: candidate, approximate: false };
    }
  }
  const offset = zone.offset(startMs);
  return { name: offsetName(offset), approximate: changes.length > 0 };
}

function sameOffset(a: Zone, b: Zone, ms: number): boolean {
  return a.offset(ms) === b.offset(ms);
}

function weeklySamples(from: number, to: number): number[] {
  const samples: number[] = [];
  for (let ms = from; ms <= to; ms += WEEK_MS) samples.push(ms);
  return samples;
}

function candidates(tzid: string): string[] {
  return [...new Set([...zonesNamedIn(tzid), ...windowsGoldenZones()])];
}

let cities: { zone: string; city: string }[] | undefined;

/** IANA zones whose city appears in the text as a whole word, in the order the text names them. */
function zonesNamedIn(text: string): string[] {
  cities ??= Intl.supportedValuesOf('timeZone')
    .filter((zone) => zone.includes('/'))
    .map((zone) => ({
      zone,
      city: zone
        .slice(zone.lastIndexOf('/') + 1)
        .replace(/_/g, ' ')
        .toLowerCase(),
    }));
  const lower = text.toLowerCase();
  return cities
    .map(({ zone, city }) => ({ zone, position: wordPosition(lower, city) }))
    .filter(({ position }) => position >= 0)
    .sort((a, b) => a.position - b.position)
    .map(({ zone }) => zone);
}

function wordPosition(text: string, word: string): number {
  let from = 0;
  for (;;) {
    const index = text.indexOf(word, from);
    if (index < 0) return -1;
    const before = index === 0 ? ' ' : text[index - 1];
    const after = text[index + word.length] ?? ' ';
    if (!/\p{L}/u.test(before) && !/\p{L}/u.test(after)) return index;
    from = index + 1;
  }
}

/** The service's fixed-offset zone names: `UTC`, `UTC+7`, `UTC-3:30`. */
function offsetName(offset: number): string {
  return offset === 0 ? 'UTC' : `UTC${formatOffsetMinutes(offset, 'narrow')}`;
}
