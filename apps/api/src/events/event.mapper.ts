import { LinkContext, parseCost, toPlainText } from '@app/common';
import { CalendarEvent } from '@app/domain';
import { EVENT_KIND, globalId, lockedRecord, postBody, postHead, publicUrl, recordResponse, shownWhenLocked } from '@app/posts';
import { CATEGORY_KIND, TAG_KIND } from '@app/terms';
import { organizerJsonLd } from '../organizers/organizer.mapper';
import { venueJsonLd } from '../venues/venue.mapper';
import { EventResponse } from './dto/event.response';
import { abbreviation, details, isoWithOffset, wallTime } from './event-dates';
import { EventLinks } from './event-links.service';
import { EVENT_FIELDS, EVENT_INTERNAL_SHOWN_WHEN_LOCKED } from './event.fields';
import { LinkedResponses } from './linked-responses';

export interface EventPresentation {
  links: LinkContext;
  siteTimezone: string;
  now: Date;
  /** Password-protected and not opened: the event is shown through its allow-list, without linked records. */
  locked: boolean;
  /** The page's venues, organizers and terms, each formatted once. */
  shared: LinkedResponses;
}

/** What a calendar feed shows of an event: no date strings (the feed writes its own), no cost. */
export type EventFeedView = Pick<
  EventResponse,
  'global_id' | 'title' | 'description' | 'url' | 'categories' | 'tags' | 'venue' | 'organizer'
>;

function schedule(event: CalendarEvent) {
  const start = wallTime(event.startUtc, event.timezone);
  const end = wallTime(event.endUtc, event.timezone);
  const utcStart = wallTime(event.startUtc, 'UTC');
  const utcEnd = wallTime(event.endUtc, 'UTC');
  return {
    start_date: start,
    start_date_details: details(start),
    end_date: end,
    end_date_details: details(end),
    utc_start_date: utcStart,
    utc_start_date_details: details(utcStart),
    utc_end_date: utcEnd,
    utc_end_date_details: details(utcEnd),
    timezone: event.timezone,
    timezone_abbr: abbreviation(event.timezone, event.startUtc),
  };
}

/** A locked event shows none of its linked records (docs/api-rules.md, Statuses, users and permissions). */
function linkedRecords(
  linked: EventLinks,
  { locked, shared }: EventPresentation,
): Pick<EventResponse, 'categories' | 'tags' | 'venue' | 'organizer'> {
  if (locked) return { categories: [], tags: [], venue: [], organizer: [] };
  const venues = linked.venues.map((venue) => shared.venue(venue));
  return {
    categories: linked.categories.map((term) => shared.term(term, CATEGORY_KIND)),
    tags: linked.tags.map((term) => shared.term(term, TAG_KIND)),
    venue: venues.length === 1 ? venues[0] : venues,
    organizer: linked.organizers.map((organizer) => shared.organizer(organizer)),
  };
}

/**
 * What a locked event shows besides the head, title and slug: the columns of the fields
 * event.fields.ts declares shown (its schedule and flags) and its revision. Everything else, its
 * linked records too, is hidden.
 */
const EVENT_SHOWN_WHEN_LOCKED = shownWhenLocked<CalendarEvent>(EVENT_FIELDS, EVENT_INTERNAL_SHOWN_WHEN_LOCKED);

/** An event as the response shows it: a locked one (README, Security) through the allow-list above. */
export function shownEvent(event: CalendarEvent, locked: boolean): CalendarEvent {
  return locked ? lockedRecord(event, EVENT_SHOWN_WHEN_LOCKED) : event;
}

/** The keys EventPresenter computes from an occurrence's series (for a single event, from itself). */
export type SeriesFields = Pick<
  EventResponse,
  'slug' | 'recurrence' | 'recurring_event_id' | 'recurrence_id' | 'recurrence_id_utc' | 'import'
>;

export function toEventResponse(event: CalendarEvent, linked: EventLinks, p: EventPresentation, series: SeriesFields): EventResponse {
  const { links, siteTimezone, now } = p;
  const body = postBody(event);
  const head = postHead(event, EVENT_KIND, links, siteTimezone, now);
  // The fields in the order event.fields.ts declares them; the hand-written ones computed here
  // and by EventPresenter (`series`, whose slug is the body's).
  return recordResponse(
    [head, { title: event.title, description: body.description, excerpt: body.excerpt, slug: series.slug, image: body.image }],
    event,
    EVENT_FIELDS,
    [schedule(event), parseCost(event.cost), linkedRecords(linked, p), { custom_fields: [] }, series],
  );
}

/** `import` of an answer: the source and UID (hidden with the rest of a locked event, whose link columns are emptied). */
export function importLinkOf(event: CalendarEvent | undefined): { id: number; uid: string } | null {
  return event?.importSourceId && event.importUid ? { id: event.importSourceId, uid: event.importUid } : null;
}

/** The fields of toEventResponse a feed reads, computed the same way and nothing more. */
export function toEventFeedView(event: CalendarEvent, linked: EventLinks, p: EventPresentation): EventFeedView {
  return {
    global_id: globalId(p.links.siteUrl, event.id),
    title: event.title,
    description: event.description,
    url: publicUrl(event, EVENT_KIND, p.links),
    ...linkedRecords(linked, p),
  };
}

/** schema.org `Event` with `Place` and `Organization`, ISO 8601 dates with offset. */
export function eventJsonLd(event: CalendarEvent, linked: EventLinks, links: LinkContext) {
  const withoutContext = <T extends Record<string, unknown>>(value: T) => {
    const { ['@context']: _context, ...rest } = value;
    return rest;
  };
  const cost = parseCost(event.cost).cost_details;
  return {
    '@context': 'http://schema.org',
    '@type': 'Event',
    name: event.title,
    description: toPlainText(event.description),
    url: publicUrl(event, EVENT_KIND, links),
    ...(event.image ? { image: event.image.url } : {}),
    startDate: isoWithOffset(event.startUtc, event.timezone),
    endDate: isoWithOffset(event.endUtc, event.timezone),
    eventStatus: 'https://schema.org/EventScheduled',
    ...(linked.venues[0] ? { location: withoutContext(venueJsonLd(linked.venues[0], links)) } : {}),
    ...(linked.organizers.length ? { organizer: linked.organizers.map((o) => withoutContext(organizerJsonLd(o, links))) } : {}),
    ...(cost.values.length
      ? {
          offers: {
            '@type': 'Offer',
            price: cost.values[0],
            priceCurrency: cost.currency_code,
            url: publicUrl(event, EVENT_KIND, links),
          },
        }
      : {}),
  };
}
