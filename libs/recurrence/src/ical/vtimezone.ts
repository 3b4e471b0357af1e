import { timezoneAbbreviation, zoneByName } from '@app/common';
import { Zone } from 'luxon';
import { formatUtcDateTime } from '../rule/format-rrule';
import { icalZoneId } from './ical-recurrence';
import { OffsetChange, offsetChanges } from '../zone/zone-transitions';

/** `+0100`, `-0530`; seconds only where an offset has them (local mean times of old years). */
function offsetText(minutes: number): string {
  const seconds = Math.round(Math.abs(minutes) * 60);
  const parts = [Math.floor(seconds / 3600), Math.floor(seconds / 60) % 60, seconds % 60].map((n) => String(n).padStart(2, '0'));
  return `${minutes < 0 ? '-' : '+'}${parts[0]}${parts[1]}${seconds % 60 === 0 ? '' : parts[2]}`;
}

/** The local time (in the offset before the change) at which an observance begins. */
function localOnset(at: number, offsetBefore: number): string {
  return formatUtcDateTime(new Date(at + Math.round(offsetBefore * 60) * 1000)).slice(0, -1);
}

interface Observance {
  kind: 'STANDARD' | 'DAYLIGHT';
  from: number;
  to: number;
  name: string;
  onsets: string[];
}

/**
 * Daylight time is whatever is ahead of the year's smallest offset. Intl gives offsets, not the
 * DST flag; readers of a VTIMEZONE use only the offsets, so the label only needs to be plausible.
 */
function kindOf(change: OffsetChange, changes: OffsetChange[], startOffset: number): Observance['kind'] {
  const year = new Date(change.at).getUTCFullYear();
  const offsets = [startOffset, ...changes.filter((c) => new Date(c.at).getUTCFullYear() === year).flatMap((c) => [c.from, c.to])];
  return change.to > Math.min(...offsets) ? 'DAYLIGHT' : 'STANDARD';
}

/** Observances with the same kind, offsets and name share one block: its first onset and RDATEs for the rest. */
function group(zone: Zone, start: number, changes: OffsetChange[]): Observance[] {
  const startOffset = zone.offset(start);
  const first: OffsetChange = { at: start, from: startOffset, to: startOffset };
  const observances: Observance[] = [];
  for (const change of [first, ...changes]) {
    const kind = kindOf(change, changes, startOffset);
    const name = timezoneAbbreviation(zone, new Date(change.at));
    const onset = localOnset(change.at, change.from);
    const same = observances.find((o) => o.kind === kind && o.from === change.from && o.to === change.to && o.name === name);
    if (same) same.onsets.push(onset);
    else observances.push({ kind, from: change.from, to: change.to, name, onsets: [onset] });
  }
  return observances;
}

function observanceLines(observance: Observance): string[] {
  const [first, ...rest] = observance.onsets;
  return [
    `BEGIN:${observance.kind}`,
    `DTSTART:${first}`,
    ...(rest.length > 0 ? [`RDATE:${rest.join(',')}`] : []),
    `TZOFFSETFROM:${offsetText(observance.from)}`,
    `TZOFFSETTO:${offsetText(observance.to)}`,
    `TZNAME:${observance.name}`,
    `END:${observance.kind}`,
  ];
}

/**
 * The VTIMEZONE of a series' zone for a feed whose dates lie between `from` and `to`, built from the
 * time-zone data the service runs on (Intl): the offset in force at the start of `from`'s year and
 * every change until the end of `to`'s year, with the offsets of those years (not today's rules).
 * A fixed offset (`UTC+5:30`) is one STANDARD block. UTC needs none (feeds write its times with
 * `Z`): null. Lines joined with CRLF, unfolded.
 */
export function vtimezone(timeZone: string, range: { from: Date; to: Date }): string | null {
  if (timeZone === 'UTC') return null;
  const zone = zoneByName(timeZone);
  const start = Date.UTC(range.from.getUTCFullYear(), 0, 1);
  const end = Date.UTC(range.to.getUTCFullYear() + 1, 0, 1);
  const changes = zone.isUniversal ? [] : offsetChanges(zone, start, end);
  const observances = group(zone, start, changes);
  return ['BEGIN:VTIMEZONE', `TZID:${icalZoneId(timeZone)}`, ...observances.flatMap(observanceLines), 'END:VTIMEZONE'].join('\r\n');
}
