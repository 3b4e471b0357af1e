import * as chrono from 'chrono-node';
import { Zone } from 'luxon';
import { wholeSecondInstant } from './instant';
import { instantToWallTime, isValidWallTime, naiveMillis, naiveWallTime, WallTime, wallTimeToInstant } from './wall-time';

/** Long enough for any real phrase; bounds the work a request can ask of the parser. */
export const MAX_PHRASE_LENGTH = 100;

/** Phrases that set a time of day without chrono marking the hour as certain ("tonight" = 22:00). */
const TIME_OF_DAY_REFERENCES = ['tonight', 'morning', 'afternoon', 'evening', 'noon', 'midnight'].map((word) => `casualReference/${word}`);

/**
 * Reads an English phrase (`now`, `today`, `tomorrow 9am`, `next wednesday 4pm`, `+2 days`,
 * `-1 week`, `in 3 hours`, `March 5 2026 8pm`) relative to `now` as seen in `zone`.
 * The whole text must be one date: "tomorrow banana" and ranges ("monday to friday") are null.
 *
 * Time of day, following PHP's strtotime (which the original plugin uses):
 * - `now` is now; an offset in hours, minutes or seconds (`+3 hours`, `in 30 minutes`) is elapsed
 *   time from now;
 * - an offset in days, weeks, months or years (`+2 days`, `next week`) keeps the current wall time;
 * - a phrase naming a day without a time (`today`, `tomorrow`, `friday`, `March 5`) is 00:00:00;
 * - a time in the phrase (`9am`, `16:30`, `tonight`) is used as given, in `zone` unless the phrase
 *   names its own zone or offset (`9am EST`, `9am +0200`).
 * Weekdays follow chrono: a bare weekday is that day in the current week, `next wednesday` the
 * Wednesday of next week, `last friday` the Friday of last week.
 */
export function parseDatePhrase(text: string, zone: Zone, now: Date): Date | null {
  if (text.length > MAX_PHRASE_LENGTH) return null;
  const nowWall = instantToWallTime(now, zone);
  const reference = chronoReference(nowWall);
  const results = chrono.en.casual.parse(text, reference);
  if (results.length !== 1) return null;
  const [result] = results;
  if (result.index !== 0 || result.text.length !== text.length || result.end) return null;
  return phraseInstant(result.start, nowWall, reference, zone, now);
}

/**
 * chrono computes with the host's local `Date`, so its reference is a local date whose fields are
 * the wall time in `zone`. It is taken at noon, where no zone changes its clocks, so the host's own
 * DST changes cannot shift day arithmetic. (Hour offsets that land in the host zone's DST gap can
 * still be off by the gap; that only happens on hosts not running in UTC.)
 */
function chronoReference(wall: WallTime): Date {
  const reference = new Date(2000, 0, 1, 12, 0, 0, 0);
  reference.setFullYear(wall.year, wall.month - 1, wall.day);
  return reference;
}

function phraseInstant(components: chrono.ParsedComponents, nowWall: WallTime, reference: Date, zone: Zone, now: Date): Date | null {
  const tags = components.tags();
  if (tags.has('casualReference/now')) return wholeSecondInstant(now.getTime());
  const parsed = parsedWallTime(components);
  if (tags.has('result/relativeDateAndTime')) {
    const elapsed = naiveMillis(parsed) - naiveMillis(localWallTime(reference));
    return wholeSecondInstant(now.getTime() + elapsed);
  }
  const wall = { ...parsed, ...timeOfDay(components, parsed, nowWall) };
  if (!isValidWallTime(wall)) return null;
  if (components.isCertain('timezoneOffset')) {
    return wholeSecondInstant(naiveMillis(wall) - (components.get('timezoneOffset') ?? 0) * 60_000);
  }
  return wholeSecondInstant(wallTimeToInstant(wall, zone).getTime());
}

type TimeOfDay = Pick<WallTime, 'hour' | 'minute' | 'second'>;

function timeOfDay(components: chrono.ParsedComponents, parsed: WallTime, nowWall: WallTime): TimeOfDay {
  const tags = components.tags();
  if (components.isCertain('hour') || TIME_OF_DAY_REFERENCES.some((tag) => tags.has(tag))) return clockOf(parsed);
  if (tags.has('result/relativeDate')) return clockOf(nowWall);
  return { hour: 0, minute: 0, second: 0 };
}

function clockOf({ hour, minute, second }: WallTime): TimeOfDay {
  return { hour, minute, second };
}

function parsedWallTime(components: chrono.ParsedComponents): WallTime {
  const value = (component: chrono.Component) => components.get(component) ?? 0;
  return {
    year: value('year'),
    month: value('month'),
    day: value('day'),
    hour: value('hour'),
    minute: value('minute'),
    second: value('second'),
  };
}

/** The wall time a local `Date` shows on the host's clock (its local fields, read through the UTC ones). */
function localWallTime(date: Date): WallTime {
  return naiveWallTime(date.getTime() - date.getTimezoneOffset() * 60_000);
}
