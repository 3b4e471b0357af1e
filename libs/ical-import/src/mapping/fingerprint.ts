import { createHash } from 'node:crypto';
import { Geo, ImportItem, ImportTime } from './import-item';

const FIELD = '\u0000';
const PART = '\u0001';

/**
 * A hash of everything an item says except where in the file it stands (`line`), so an unchanged
 * event gives the same fingerprint on every run. Built by hand rather than with JSON.stringify:
 * on a 10,000-event feed that was a third of the reading time.
 */
export function fingerprintOf(item: Omit<ImportItem, 'fingerprint'>): string {
  const fields = [
    item.uid,
    time(item.recurrenceId),
    item.recurrenceRange,
    item.sequence,
    item.lastModified?.getTime(),
    item.status,
    item.summary,
    item.description,
    item.descriptionHtml,
    item.allDay,
    time(item.start),
    time(item.end),
    item.floating,
    [item.timeZone.name, item.timeZone.source, item.timeZone.tzid, item.timeZone.approximate].join(PART),
    item.rrules.join(PART),
    item.rdates.map(time).join(PART),
    item.exdates.map(time).join(PART),
    item.location,
    geo(item.geo),
    item.structuredLocation &&
      [item.structuredLocation.title, item.structuredLocation.address, geo(item.structuredLocation.geo)].join(PART),
    item.organizer && [item.organizer.name, item.organizer.email].join(PART),
    item.categories.join(PART),
    item.url,
    item.images.map((image) => `${image.url} ${image.mediaType}`).join(PART),
  ];
  return createHash('sha256').update(fields.map(String).join(FIELD)).digest('base64url');
}

function time(value: ImportTime | null): string {
  if (!value) return '';
  return value.type === 'date' ? value.date : `${value.wall}@${value.instant.getTime()}`;
}

function geo(value: Geo | null): string {
  return value ? `${value.lat},${value.lng}` : '';
}
