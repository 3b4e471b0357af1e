import { toPlainText } from '@app/common';
import { CalendarEvent } from '@app/domain';
import ical, { ICalCalendar, ICalEventData, ICalEventStatus } from 'ical-generator';
import { DateTime } from 'luxon';
import { EventResponse } from '../dto/event.response';
import { vtimezone } from './vtimezone';

/** An event as the feed shows it: the stored instants and revision, and the fields its reader may see. */
export interface FeedEntry {
  event: CalendarEvent;
  response: EventResponse;
}

export interface FeedHeader {
  name: string;
  description: string;
  language: string;
}

/** Calendar apps poll subscriptions; an hour keeps them current without hammering the service. */
const REFRESH_SECONDS = 3600;

/** HTML as readable plain text: paragraphs and line breaks kept as new lines. */
function htmlToText(html: string): string {
  const text = toPlainText(html.replace(/<br\s*\/?>/gi, '\n').replace(/<\/(?:p|div|li|h[1-6]|blockquote|figure)>/gi, '$&\n\n'));
  return text.replace(/\n{3,}/g, '\n\n').trim();
}

function location(response: EventResponse): ICalEventData['location'] {
  const venue = Array.isArray(response.venue) ? response.venue[0] : response.venue;
  if (!venue) return undefined;
  const street = [venue.address, [venue.zip, venue.city].filter(Boolean).join(' '), venue.stateprovince, venue.country];
  const address = street.filter((part) => part !== '').join(', ');
  const geo = venue.geo_lat !== null && venue.geo_lng !== null ? { lat: venue.geo_lat, lon: venue.geo_lng } : undefined;
  return { title: venue.venue, ...(address ? { address } : {}), ...(geo ? { geo } : {}) };
}

/** iCalendar needs an address for ORGANIZER: an organizer without a (visible) e-mail is left out. */
function organizer(response: EventResponse): ICalEventData['organizer'] {
  const first = response.organizer.find((candidate) => candidate.email !== '');
  return first ? { name: first.organizer, email: first.email } : undefined;
}

/**
 * One VEVENT per event (RFC 5545): wall times with the event's TZID (a VTIMEZONE per zone is
 * added by the calendar), all-day events as dates with the exclusive end, plain-text description.
 */
function toFeedEvent({ event, response }: FeedEntry): ICalEventData {
  const zone = event.timezone;
  const start = DateTime.fromJSDate(event.startUtc, { zone });
  const end = DateTime.fromJSDate(event.endUtc, { zone });
  return {
    id: response.global_id,
    sequence: event.revision,
    stamp: new Date(),
    lastModified: event.modifiedUtc,
    ...(event.allDay
      ? { allDay: true, start: start.startOf('day'), end: end.startOf('day').plus({ days: 1 }) }
      : { timezone: zone === 'UTC' ? null : zone, start, end }),
    summary: response.title,
    description: response.description === '' ? null : htmlToText(response.description),
    url: response.url,
    location: location(response),
    organizer: organizer(response),
    categories: [...response.categories, ...response.tags].map((term) => ({ name: term.name })),
    status: ICalEventStatus.CONFIRMED,
  };
}

/** The whole calendar: header properties, one VTIMEZONE per zone used, the events in list order. */
export function toFeed(entries: FeedEntry[], header: FeedHeader): ICalCalendar {
  return ical({
    prodId: { company: 'Calendar API', product: 'Event feed', language: header.language.toUpperCase() },
    name: header.name,
    description: header.description,
    ttl: REFRESH_SECONDS,
    timezone: { name: '', generator: vtimezone },
    events: entries.map(toFeedEvent),
  });
}
