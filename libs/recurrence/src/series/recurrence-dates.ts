import { instantToWallTime, naiveMillis, parseDateInput, WallTime } from '@app/common';
import { Zone } from 'luxon';
import { recurrenceError } from '../recurrence-error';

type DateListName = 'rdates' | 'exdates';

interface DateListContext {
  zone: Zone;
  allDay: boolean;
  now: Date;
  maxDates: number;
}

/** A list of dates as bodies send it: an array, one value, or nothing (`null`, `""`). */
function listItems(name: DateListName, value: unknown): unknown[] {
  if (value === undefined || value === null || value === '') return [];
  if (Array.isArray(value)) return value;
  if (typeof value === 'string' || typeof value === 'number') return [value];
  throw recurrenceError('dateList', { part: name });
}

/**
 * RDATEs or EXDATEs as wall times in the series' zone, read from any date the API accepts (a
 * wall time there, an instant, a phrase). All-day series recur by date: only the day counts.
 * Sorted, repeats dropped.
 */
export function parseDateList(name: DateListName, value: unknown, context: DateListContext): WallTime[] {
  const items = listItems(name, value);
  if (items.length > context.maxDates) throw recurrenceError('tooManyDates', { part: name, max: context.maxDates });
  const byMillis = new Map<number, WallTime>();
  for (const item of items) {
    const instant = parseDateInput(item, context.zone, context.now);
    if (!instant) throw recurrenceError('date', { part: name, value: String(item) });
    const wall = instantToWallTime(instant, context.zone);
    const dated = context.allDay ? { ...wall, hour: 0, minute: 0, second: 0 } : wall;
    byMillis.set(naiveMillis(dated), dated);
  }
  return [...byMillis.entries()].sort(([a], [b]) => a - b).map(([, wall]) => wall);
}
