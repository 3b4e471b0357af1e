import { formatUtc } from '@app/common/dates/date-output';
import { groupByUid, ImportCalendar, ImportGroup, ImportItem, ImportTime } from '@app/ical-import';
import { key, occurrenceStarts } from './expand-series';

/** The parts of the corpus's expected/<file>.json this check compares. */
export interface Expected {
  options: { timezone: string };
  counts: {
    importable: number;
    series: number;
    overrides: number;
    cancelled_occurrences: number;
    cancelled_events: number;
    skipped: number;
  };
  events: ExpectedEvent[];
}

interface ExpectedEvent {
  uid: string;
  line: number;
  title: string;
  location: string | null;
  geo: [number, number] | null;
  organizer: { name: string | null; email: string | null } | null;
  categories: string[];
  url: string | null;
  status: string | null;
  all_day: boolean;
  start: string;
  end: string;
  zone: string | null;
  zone_kind: string;
  recurrence: {
    rrule: string[];
    occurrences: string[];
    occurrences_in_window: number;
    exdates: { value: string }[];
    cancelled: string[];
    overrides: { recurrence_id: string; start: string; end: string; title: string }[];
  } | null;
}

/** Geo is not compared where SOURCES.md says it is not: one TripIt place with several GEO values. */
const GEO_NOT_COMPARED = new Set(['Phoenix (PHX)']);
const WINDOW_END = new Date(Date.UTC(2030, 11, 31, 23, 59, 59));

export function compareFile(calendar: ImportCalendar, expected: Expected): string[] {
  const differences: string[] = [];
  const groups = groupByUid(calendar.items).filter((group) => group.master);
  const counts = {
    importable: groups.length,
    series: groups.filter((group) => group.master!.rrules.length > 0 || group.master!.rdates.length > 0).length,
    overrides: groups.flatMap((group) => group.exceptions).filter((item) => item.status !== 'CANCELLED').length,
    cancelled_occurrences: groups.flatMap((group) => group.exceptions).filter((item) => item.status === 'CANCELLED').length,
    cancelled_events: groups.filter((group) => group.master!.status === 'CANCELLED').length,
    skipped: calendar.skipped.length,
  };
  for (const [name, value] of Object.entries(counts)) {
    const wanted = expected.counts[name as keyof Expected['counts']];
    if (value !== wanted) differences.push(`count ${name}: ${value}, expected ${wanted}`);
  }
  for (const event of expected.events) {
    const group = groups.find((candidate) => candidate.uid === event.uid);
    if (!group) differences.push(`${event.uid}: missing`);
    else differences.push(...compareEvent(group, event).map((text) => `${event.title} (${event.uid.slice(0, 24)}): ${text}`));
  }
  return differences;
}

function compareEvent(group: ImportGroup, expected: ExpectedEvent): string[] {
  const item = group.master!;
  const actual: Record<string, unknown> = {
    line: Math.min(item.line, ...group.exceptions.map((exception) => exception.line)),
    title: item.summary,
    location: item.location,
    organizer: item.organizer,
    categories: item.categories,
    url: item.url,
    status: item.status,
    all_day: item.allDay,
    start: shown(item.start),
    end: shown(item.end),
    zone_kind: item.timeZone.source,
    zone: zoneShown(item),
  };
  // The reference reads GEO only; coordinates taken from Apple's structured location are an addition.
  const geoFromAppleOnly = item.structuredLocation?.geo && expected.geo === null;
  if (!GEO_NOT_COMPARED.has(item.location ?? '') && !geoFromAppleOnly) actual.geo = item.geo ? [item.geo.lat, item.geo.lng] : null;
  const differences = Object.entries(actual)
    .filter(([name, value]) => JSON.stringify(value) !== JSON.stringify(expected[name as keyof ExpectedEvent]))
    .map(([name, value]) => `${name} ${JSON.stringify(value)}, expected ${JSON.stringify(expected[name as keyof ExpectedEvent])}`);
  if (expected.recurrence) differences.push(...compareSeries(group, expected.recurrence));
  else if (item.rrules.length > 0) differences.push(`has rules ${item.rrules.join(' ')}, expected none`);
  return differences;
}

function compareSeries(group: ImportGroup, expected: NonNullable<ExpectedEvent['recurrence']>): string[] {
  const item = group.master!;
  const differences: string[] = [];
  const same = (name: string, actual: unknown, wanted: unknown) => {
    if (JSON.stringify(actual) !== JSON.stringify(wanted))
      differences.push(`${name} ${JSON.stringify(actual)}, expected ${JSON.stringify(wanted)}`);
  };
  same('rrule', item.rrules.map(comparableRule), expected.rrule.map(comparableRule));
  same('exdates', item.exdates.map(shown).sort(), expected.exdates.map((exdate) => exdate.value).sort());
  const cancelled = group.exceptions.filter((exception) => exception.status === 'CANCELLED');
  same(
    'cancelled',
    cancelled.map((exception) => shown(exception.recurrenceId!)),
    expected.cancelled,
  );
  const overrides = group.exceptions.filter((exception) => exception.status !== 'CANCELLED');
  same(
    'overrides',
    overrides.map((o) => ({ recurrence_id: shown(o.recurrenceId!), start: shown(o.start), end: shown(o.end), title: o.summary })),
    expected.overrides.map(({ recurrence_id, start, end, title }) => ({ recurrence_id, start, end, title })),
  );
  const occurrences = expandedOccurrences(item, group.exceptions);
  same('occurrences (first 50)', occurrences.slice(0, expected.occurrences.length), expected.occurrences);
  same('occurrences in window', occurrences.length, expected.occurrences_in_window);
  return differences;
}

/** Occurrences as the reference lists them: EXDATEs and cancelled ones out, moved ones at their new start. */
function expandedOccurrences(item: ImportItem, exceptions: ImportItem[]): string[] {
  const removed = new Set([...item.exdates, ...exceptions.map((exception) => exception.recurrenceId!)].map(key));
  const moved = exceptions.filter((exception) => exception.status !== 'CANCELLED').map((exception) => shown(exception.start));
  const starts = occurrenceStarts(item, WINDOW_END, 2000)
    .filter((time) => !removed.has(key(time)))
    .map(shown);
  return [...starts, ...moved].sort();
}

/** Rules as the same set of parts: the reference reorders them and drops `INTERVAL=1`. */
function comparableRule(rule: string): string {
  return rule
    .split(';')
    .filter((part) => part !== 'INTERVAL=1')
    .sort()
    .join(';');
}

function shown(time: ImportTime): string {
  return time.type === 'date' ? time.date : formatUtc(time.instant);
}

function zoneShown(item: ImportItem): string | null {
  const { source, name, tzid } = item.timeZone;
  if (source === 'date') return null;
  if (source === 'vtimezone') return `VTIMEZONE:${tzid}`;
  return name;
}
