import { SkippedEvent } from '../problems/import-problem';
import { Component } from '../reader/read-calendar';
import { unescapeText } from '../reader/text-value';
import { parseDateValue } from '../values/date-values';
import { readEventDetails } from './event-details';
import { readEventTimes } from './event-times';
import { fingerprintOf } from './fingerprint';
import { ImportItem } from './import-item';
import { readRecurrenceFields, readRecurrenceId } from './recurrence-fields';
import { TimeContext } from './time-property';

type MapEventResult = { ok: true; item: ImportItem } | { ok: false; skipped: SkippedEvent };

/** One VEVENT as an import item, or the reason it is left out. */
export function mapEvent(event: Component, context: TimeContext): MapEventResult {
  const { properties, line } = event;
  const uidProperty = properties.find((property) => property.name === 'UID');
  const uid = uidProperty ? unescapeText(uidProperty.value).trim() : '';
  const skip = (reason: SkippedEvent['reason'], at = line, property?: string): MapEventResult => ({
    ok: false,
    skipped: { uid: uid === '' ? null : uid, line: at, reason, ...(property ? { property } : {}) },
  });
  if (event.malformedLine !== undefined) return skip('event_malformed_line', event.malformedLine);
  if (uid === '') return skip('event_missing_uid', line, 'UID');
  const times = readEventTimes(properties, line, context);
  if (!times.ok) return skip(times.reason, times.line, times.property);
  const { allDay, zone, ...timeFields } = times.times;
  const recurrenceId = readRecurrenceId(properties, allDay, zone, context);
  if (recurrenceId === 'invalid') {
    const property = properties.find((candidate) => candidate.name === 'RECURRENCE-ID')!;
    return skip('event_invalid_recurrence_id', property.line, 'RECURRENCE-ID');
  }
  const fields: Omit<ImportItem, 'fingerprint'> = {
    uid,
    line,
    recurrenceId: recurrenceId?.time ?? null,
    recurrenceRange: recurrenceId?.range ?? null,
    sequence: readSequence(properties.find((property) => property.name === 'SEQUENCE')?.value),
    lastModified: readUtcStamp(properties.find((property) => property.name === 'LAST-MODIFIED')?.value),
    allDay,
    ...timeFields,
    ...readRecurrenceFields(properties, allDay, zone, context),
    ...readEventDetails(properties),
  };
  return { ok: true, item: { ...fields, fingerprint: fingerprintOf(fields) } };
}

function readSequence(raw: string | undefined): number {
  const value = Number(raw?.trim());
  return Number.isSafeInteger(value) && value >= 0 ? value : 0;
}

/** LAST-MODIFIED is UTC by definition; Synology writes it without the `Z`, which is read the same way. */
function readUtcStamp(raw: string | undefined): Date | null {
  const value = raw ? parseDateValue(raw) : null;
  if (!value) return null;
  const { year, month, day, hour, minute, second } = value.type === 'date' ? value.date : value.wall;
  return new Date(Date.UTC(year, month - 1, day, hour, minute, second));
}
