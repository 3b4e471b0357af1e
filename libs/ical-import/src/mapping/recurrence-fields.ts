import { Zone } from 'luxon';
import { paramValue, Property } from '../reader/property';
import { dateListValues } from '../values/date-values';
import { ImportTime } from './import-item';
import { readTimeValue, TimeContext, toImportTime } from './time-property';

interface RecurrenceFields {
  rrules: string[];
  rdates: ImportTime[];
  exdates: ImportTime[];
}

/**
 * RRULE, RDATE and EXDATE of a VEVENT, passed on for the recurrence rules to check and expand.
 * Rules are only normalised (upper case, no `RRULE:` prefix, empty parts dropped). Dates are read
 * with their own TZID (a UTC EXDATE on a zoned series, as DAVx5 writes them, is the same instant)
 * and shown in the item's zone; values that are not dates are dropped.
 */
export function readRecurrenceFields(properties: Property[], allDay: boolean, itemZone: Zone, context: TimeContext): RecurrenceFields {
  return {
    rrules: properties
      .filter((property) => property.name === 'RRULE')
      .map((property) => normaliseRule(property.value))
      .filter(Boolean),
    rdates: readDateList(properties, 'RDATE', allDay, itemZone, context),
    exdates: readDateList(properties, 'EXDATE', allDay, itemZone, context),
  };
}

function normaliseRule(raw: string): string {
  return raw
    .trim()
    .replace(/^RRULE:/i, '')
    .split(';')
    .map((part) => part.trim().toUpperCase())
    .filter((part) => part !== '')
    .join(';');
}

function readDateList(properties: Property[], name: string, allDay: boolean, itemZone: Zone, context: TimeContext): ImportTime[] {
  const times: ImportTime[] = [];
  const seen = new Set<string>();
  for (const property of properties) {
    if (property.name !== name) continue;
    for (const raw of dateListValues(property.value)) {
      const time = readTimeValue(property, raw, context);
      if (!time) continue;
      const value = toImportTime(time, allDay, itemZone);
      const key = timeKey(value);
      if (!seen.has(key)) {
        seen.add(key);
        times.push(value);
      }
    }
  }
  return times;
}

/** A string that is equal for equal times: the day, or the instant. */
export function timeKey(time: ImportTime): string {
  return time.type === 'date' ? time.date : String(time.instant.getTime());
}

/** RECURRENCE-ID: null when absent, `'invalid'` when present but not a date. */
export function readRecurrenceId(
  properties: Property[],
  allDay: boolean,
  itemZone: Zone,
  context: TimeContext,
): { time: ImportTime; range: 'THISANDFUTURE' | null; property: Property } | null | 'invalid' {
  const property = properties.find((candidate) => candidate.name === 'RECURRENCE-ID');
  if (!property) return null;
  const time = readTimeValue(property, property.value, context);
  if (!time) return 'invalid';
  const range = paramValue(property, 'RANGE')?.toUpperCase() === 'THISANDFUTURE' ? 'THISANDFUTURE' : null;
  return { time: toImportTime(time, allDay, itemZone), range, property };
}
