import { Zone } from 'luxon';
import { parseDatePhrase } from './date-phrase';
import { looksLikeFormattedDate, parseFormattedDate } from './formatted-date';
import { wholeSecondInstant } from './instant';

const UNIX_TIMESTAMP = /^\d+$/;
const HAS_LETTER = /[a-z]/i;

/**
 * Reads a date as the API accepts it (docs/api-rules.md, Writes) and returns the instant, to the second, or null
 * when the value is not a date:
 * - a Unix timestamp in seconds (a number or a string of digits): that instant;
 * - `YYYY-MM-DD`, `YYYY-MM-DD HH:MM[:SS]`, ISO 8601 with `T`: a wall time in `zone`, or the
 *   instant when it carries `Z` or an offset (see parseFormattedDate);
 * - an English phrase relative to `now` in `zone` (see parseDatePhrase).
 * A `Date` is taken as the instant it is. Wall times that a DST change skips or repeats are
 * resolved as wallTimeToInstant documents.
 */
export function parseDateInput(value: unknown, zone: Zone, now: Date): Date | null {
  if (value instanceof Date) return wholeSecondInstant(value.getTime());
  if (typeof value === 'number') return wholeSecondInstant(value * 1000);
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (UNIX_TIMESTAMP.test(text)) return wholeSecondInstant(Number(text) * 1000);
  if (looksLikeFormattedDate(text)) return parseFormattedDate(text, zone);
  if (HAS_LETTER.test(text)) return parseDatePhrase(text, zone, now);
  return null;
}
