import { CalendarEvent } from '@app/domain';
import { mapInTurns } from '@app/common';
import ical, { ICalEvent, ICalEventData, ICalEventStatus } from 'ical-generator';
import { DateTime } from 'luxon';
import { EventFeedView } from '../event.mapper';
import { foldLines } from './fold-lines';
import { htmlToText } from './html-to-text';
import { escapeText, feedLine, feedParagraphs, mailtoUri, quotedParameter } from './ical-text';
import { feedZoneId, isFixedOffset, vtimezone } from './vtimezone';

/** An event as the feed shows it: the stored instants and revision, and the fields its reader may see. */
export interface FeedEntry {
  event: CalendarEvent;
  response: EventFeedView;
  /**
   * A series written as one VEVENT: its RRULE/RDATE/EXDATE lines. A changed occurrence written
   * beside it: the series' UID and its RECURRENCE-ID line.
   */
  recurrence?: { lines: string[] } | { uid: string; recurrenceId: string };
}

export interface FeedHeader {
  name: string;
  description: string;
  language: string;
}

/** Calendar apps poll subscriptions; an hour keeps them current without hammering the service. */
const REFRESH_SECONDS = 3600;

function location(response: EventFeedView): ICalEventData['location'] {
  const venue = Array.isArray(response.venue) ? response.venue[0] : response.venue;
  if (!venue) return undefined;
  const street = [venue.address, [venue.zip, venue.city].filter(Boolean).join(' '), venue.stateprovince, venue.country];
  const address = feedLine(street.filter((part) => part !== '').join(', '));
  const geo = venue.geo_lat !== null && venue.geo_lng !== null ? { lat: venue.geo_lat, lon: venue.geo_lng } : undefined;
  return { title: feedLine(venue.venue), ...(address ? { address } : {}), ...(geo ? { geo } : {}) };
}

/**
 * iCalendar needs an address for ORGANIZER: an organizer without a (visible) e-mail is left out.
 * Written here, not by ical-generator, which escapes a `"` in the quoted CN with a backslash that
 * no reader honours (the quote would end the parameter) and TEXT-escapes the address.
 */
function organizerLine(response: EventFeedView): string | undefined {
  const first = response.organizer.find((candidate) => candidate.email !== '');
  return first ? `ORGANIZER;CN=${quotedParameter(first.organizer)}:${mailtoUri(first.email)}\r\n` : undefined;
}

/**
 * How a VEVENT's times name their zone: UTC instants for UTC, TZID wall times otherwise. Fixed
 * offsets (`UTC+5:30`) are no zone a date library knows by that ID, so their wall times are written
 * floating and given the TZID afterwards (see withFixedOffsetZone).
 */
function zoneOf(zone: string): Pick<ICalEventData, 'timezone' | 'floating'> {
  if (zone === 'UTC') return { timezone: null };
  return isFixedOffset(zone) ? { floating: true } : { timezone: zone };
}

function withFixedOffsetZone(vevent: string, zone: string): string {
  return vevent.replace(/^(DTSTART|DTEND):/gm, `$1;TZID=${feedZoneId(zone)}:`);
}

function withOrganizer(vevent: string, line: string | undefined): string {
  return line === undefined ? vevent : vevent.replace(/END:VEVENT\r\n$/, `${line}END:VEVENT\r\n`);
}

/**
 * One VEVENT per event (RFC 5545): wall times with the event's TZID (a VTIMEZONE per zone is
 * added by the calendar), all-day events as dates with the exclusive end, plain-text description.
 */
function toFeedEvent(entry: FeedEntry): ICalEventData {
  const { event, response } = entry;
  const zone = event.timezone;
  const start = DateTime.fromJSDate(event.startUtc, { zone });
  const end = DateTime.fromJSDate(event.endUtc, { zone });
  return {
    id: entry.recurrence && 'uid' in entry.recurrence ? entry.recurrence.uid : response.global_id,
    sequence: event.revision,
    stamp: new Date(),
    lastModified: event.modifiedUtc,
    ...(event.allDay
      ? { allDay: true, start: start.startOf('day'), end: end.startOf('day').plus({ days: 1 }) }
      : { ...zoneOf(zone), start, end }),
    // ical-generator escapes TEXT values; control characters it would pass on are replaced first.
    summary: feedLine(response.title),
    description: response.description === '' ? null : feedParagraphs(htmlToText(response.description)),
    url: response.url,
    location: location(response),
    categories: [...response.categories, ...response.tags].map((term) => ({ name: feedLine(term.name) })),
    status: ICalEventStatus.CONFIRMED,
  };
}

/** The lines that make a VEVENT a series, or a changed occurrence of one, after its DTEND. */
function withRecurrence(vevent: string, entry: FeedEntry): string {
  if (!entry.recurrence) return vevent;
  const lines = 'lines' in entry.recurrence ? entry.recurrence.lines : [entry.recurrence.recurrenceId];
  return vevent.replace(/^(DTEND[^\r\n]*\r\n)/m, `$1${lines.map((line) => `${line}\r\n`).join('')}`);
}

/** The dates a feed's VTIMEZONEs cover: from its first start to its last end (a series' horizon included). */
function feedRange(entries: FeedEntry[]): { from: Date; to: Date } {
  const starts = entries.map(({ event }) => event.startUtc.getTime());
  const ends = entries.map(({ event }) => Math.max(event.endUtc.getTime(), event.materializedUntil?.getTime() ?? 0));
  return { from: new Date(Math.min(...starts)), to: new Date(Math.max(...ends)) };
}

/**
 * The whole calendar as text: ical-generator writes the header and every VEVENT (unfolded, one
 * event at a time), our vtimezone() a VTIMEZONE per zone used, and foldLines folds the lot once.
 */
export async function toFeed(entries: FeedEntry[], header: FeedHeader): Promise<string> {
  // The name and description are written here: ical-generator would write them unescaped.
  const calendar = ical({
    prodId: { company: 'Calendar API', product: 'Event feed', language: header.language.toUpperCase() },
    ttl: REFRESH_SECONDS,
  });
  const name = escapeText(feedLine(header.name));
  const head = [
    calendar
      .toString()
      .replace(/\r\n /g, '')
      .replace(/END:VCALENDAR$/, ''),
    `NAME:${name}\r\nX-WR-CALNAME:${name}\r\nX-WR-CALDESC:${escapeText(feedLine(header.description))}\r\n`,
  ].join('');
  const zones = [...new Set(entries.filter(({ event }) => !event.allDay && event.timezone !== 'UTC').map(({ event }) => event.timezone))];
  const timezones = zones.map((zone) => vtimezone(zone, feedRange(entries))).filter((block): block is string => block !== null);
  // Written and folded in turns of the event loop: a feed of thousands of events takes a second.
  const events = await mapInTurns(entries, (entry) => {
    const vevent = withOrganizer(new ICalEvent(toFeedEvent(entry), calendar).toString(), organizerLine(entry.response));
    const zoned = !entry.event.allDay && isFixedOffset(entry.event.timezone) ? withFixedOffsetZone(vevent, entry.event.timezone) : vevent;
    return foldLines(withRecurrence(zoned, entry));
  });
  // Every content line ends with CRLF, the last one too (RFC 5545, section 3.1).
  return [foldLines([head, ...timezones.map((block) => `${block}\r\n`)].join('')), ...events, 'END:VCALENDAR\r\n'].join('');
}
