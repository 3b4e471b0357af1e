import { parseTimeZone, TimeZone, UTC_TIME_ZONE } from '@app/common/dates/time-zone';
import { FileProblem, SkippedEvent } from '../problems/import-problem';
import { Component, readCalendar } from '../reader/read-calendar';
import { singleLine, unescapeText } from '../reader/text-value';
import { cachedOffsetZone } from '../zones/cached-offset-zone';
import { ZoneResolver } from '../zones/zone-resolver';
import { ImportItem } from './import-item';
import { mapEvent } from './map-event';
import { timeKey } from './recurrence-fields';

export interface ImportOptions {
  /** The source's zone for floating times and all-day days (an IANA name, `UTC` or `UTC+2`); wins over the file's X-WR-TIMEZONE. */
  timezone?: string;
  /** Used when neither `timezone` nor a valid X-WR-TIMEZONE is there (the integrator passes SITE_TIMEZONE); default UTC. */
  fallbackTimezone?: string;
}

export interface ImportCalendar {
  /** X-WR-CALNAME, or null. */
  name: string | null;
  /** X-WR-CALDESC, or null. */
  description: string | null;
  prodId: string | null;
  method: string | null;
  /** REFRESH-INTERVAL or X-PUBLISHED-TTL as written (`PT1H`), or null. */
  refreshInterval: string | null;
  /** The zone floating times and all-day days were read in. */
  timezone: string;
  /** Every VEVENT that could be read, in file order (series, single events and exceptions alike). */
  items: ImportItem[];
  skipped: SkippedEvent[];
}

type ReadImportResult = { ok: true; calendar: ImportCalendar } | { ok: false; problem: FileProblem };

/**
 * Reads a calendar file into import items. A file that cannot be read at all answers its problem
 * (with the line); otherwise every VEVENT is either an item or a skipped entry.
 */
export function readImportFile(input: Buffer | string, options: ImportOptions = {}): ReadImportResult {
  const read = readCalendar(input);
  return read.ok ? { ok: true, calendar: mapCalendars(read.calendars, options) } : read;
}

function mapCalendars(calendars: Component[], options: ImportOptions = {}): ImportCalendar {
  const first = calendars[0];
  const text = (name: string) => {
    const property = first?.properties.find((candidate) => candidate.name === name);
    const value = property ? singleLine(unescapeText(property.value)) : '';
    return value === '' ? null : value;
  };
  const chosen = chooseSourceZone(options, text('X-WR-TIMEZONE'));
  const sourceZone = { name: chosen.name, zone: cachedOffsetZone(chosen.zone) };
  const items: ImportItem[] = [];
  const skipped: SkippedEvent[] = [];
  for (const calendar of calendars) {
    const context = { resolver: new ZoneResolver(calendar), sourceZone };
    for (const event of calendar.components.filter((component) => component.name === 'VEVENT')) {
      const mapped = mapEvent(event, context);
      if (mapped.ok) items.push(mapped.item);
      else skipped.push(mapped.skipped);
    }
  }
  const kept = withoutDuplicates(items, skipped);
  return {
    name: text('X-WR-CALNAME'),
    description: text('X-WR-CALDESC'),
    prodId: text('PRODID'),
    method: text('METHOD')?.toUpperCase() ?? null,
    refreshInterval: text('REFRESH-INTERVAL') ?? text('X-PUBLISHED-TTL'),
    timezone: sourceZone.name,
    items: kept,
    skipped: skipped.sort((a, b) => a.line - b.line),
  };
}

function chooseSourceZone(options: ImportOptions, fileZone: string | null): TimeZone {
  if (options.timezone !== undefined) return validZone(options.timezone);
  const fromFile = fileZone ? parseTimeZone(fileZone) : null;
  if (fromFile) return fromFile;
  return options.fallbackTimezone !== undefined ? validZone(options.fallbackTimezone) : UTC_TIME_ZONE;
}

/** The options come from validated settings: a bad zone there is a programming error. */
function validZone(name: string): TimeZone {
  const zone = parseTimeZone(name);
  if (!zone) throw new RangeError(`Not a time zone: ${name}`);
  return zone;
}

/**
 * Two VEVENTs for the same UID and occurrence: the one with the higher SEQUENCE, then the later
 * LAST-MODIFIED, then the later in the file is kept; the other is reported as a duplicate.
 */
function withoutDuplicates(items: ImportItem[], skipped: SkippedEvent[]): ImportItem[] {
  const kept = new Map<string, ImportItem>();
  for (const item of items) {
    const key = `${item.uid}\u0000${item.recurrenceId ? timeKey(item.recurrenceId) : ''}`;
    const known = kept.get(key);
    if (!known) {
      kept.set(key, item);
      continue;
    }
    const [winner, loser] = newer(item, known) ? [item, known] : [known, item];
    kept.set(key, winner);
    skipped.push({ uid: loser.uid, line: loser.line, reason: 'event_duplicate' });
  }
  const winners = new Set(kept.values());
  return items.filter((item) => winners.has(item));
}

function newer(candidate: ImportItem, known: ImportItem): boolean {
  if (candidate.sequence !== known.sequence) return candidate.sequence > known.sequence;
  const candidateTime = candidate.lastModified?.getTime() ?? 0;
  const knownTime = known.lastModified?.getTime() ?? 0;
  return candidateTime >= knownTime;
}
