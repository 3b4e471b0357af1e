import { FixedOffsetZone, Zone } from 'luxon';

/**
 * ICU knows the usual abbreviations only per region: en-US has EST/PST but writes Berlin as
 * "GMT+1", en-GB has CET/CEST/BST, en-IN has IST, en-AU AEST... The first English locale that
 * gives letters wins; the order puts the most widely read names first.
 */
const ENGLISH_LOCALES = ['en-US', 'en-GB', 'en-AU', 'en-IN', 'en-IE', 'en-NZ', 'en-ZA', 'en-CA', 'en-SG', 'en-HK'];
const LETTERS_ONLY = /^[A-Z]{2,6}$/;

/** Creating Intl formatters is slow and lists show the same few zones again and again. */
const cache = new Map<string, string>();

/**
 * The abbreviation a zone uses at an instant: `CET`/`CEST`, `EST`/`EDT`, `UTC`; a fixed-offset
 * zone's own name (`UTC+2`); for a zone without an English abbreviation its offset (`UTC+9`).
 */
export function timezoneAbbreviation(zone: Zone, instant: Date): string {
  if (zone.type === 'fixed') return zone.name;
  const ts = instant.getTime();
  const offset = zone.offset(ts);
  const key = `${zone.name}|${offset}`;
  let abbreviation = cache.get(key);
  if (abbreviation === undefined) {
    abbreviation = lettersName(zone, ts) ?? FixedOffsetZone.instance(offset).name;
    cache.set(key, abbreviation);
  }
  return abbreviation;
}

function lettersName(zone: Zone, ts: number): string | undefined {
  for (const locale of ENGLISH_LOCALES) {
    const name = zone.offsetName(ts, { format: 'short', locale });
    if (name && LETTERS_ONLY.test(name)) return name;
  }
  return undefined;
}
