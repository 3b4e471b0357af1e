import { APP_CONFIG, AppConfig } from '@app/config';
import { CalendarEvent, EventsRepository } from '@app/domain';
import { AuthenticatedUser, mapInTurns } from '@app/common';
import { isLockedFor, PostPresenter, PresentOptions } from '@app/posts';
import { Inject, Injectable } from '@nestjs/common';
import { EventResponse } from './dto/event.response';
import { organizerWithoutContent } from '../organizers/organizer.mapper';
import { venueWithoutContent } from '../venues/venue.mapper';
import { EventLinks, EventLinksService, noLinks } from './event-links.service';
import { EventFeedView, eventJsonLd, EventPresentation, importLinkOf, shownEvent, toEventFeedView, toEventResponse } from './event.mapper';
import { LinkedResponses } from './linked-responses';
import { EventSeriesService } from './event-series.service';
import { wallTime } from './event-dates';

/** Events as returned, their linked records loaded for the whole page at once. */
@Injectable()
export class EventPresenter implements PostPresenter<CalendarEvent, EventResponse> {
  constructor(
    private readonly links: EventLinksService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly events: EventsRepository,
    private readonly series: EventSeriesService,
  ) {}

  async present(events: CalendarEvent[], options: PresentOptions<CalendarEvent>): Promise<EventResponse[]> {
    const [seriesById, linked] = await this.seriesAndLinksOf(events, options);
    const language = options.context.language;
    const originals = new Map(events.map((event) => [event.id, event]));
    // The occurrence's own page is set before the locked view is taken, so that a locked occurrence
    // keeps it (url is shown); the series fields are read from the view, so that they stay hidden.
    const viewed = events.map((event) => occurrenceView(event, seriesFor(event, seriesById)));
    return this.map(viewed, linked, options, (view, eventLinks, presentation) => {
      const event = originals.get(view.id) ?? view;
      const series = seriesFor(event, seriesById);
      const response = toEventResponse(view, eventLinks, presentation, {
        slug: series?.slug ?? event.slug,
        recurrence: this.series.present(view.recurringEventId === null ? view : series, language),
        recurring_event_id: view.recurringEventId,
        recurrence_id: view.recurrenceIdUtc ? wallTime(view.recurrenceIdUtc, view.timezone) : null,
        recurrence_id_utc: view.recurrenceIdUtc ? wallTime(view.recurrenceIdUtc, 'UTC') : null,
        import: importLinkOf(view.recurringEventId === null || presentation.locked ? view : series),
      });
      return options.single ? { ...response, json_ld: eventJsonLd(view, eventLinks, options.context.links) } : response;
    });
  }

  /** The series of the occurrences among the events, by ID. */
  private async seriesOf(events: CalendarEvent[]): Promise<Map<number, CalendarEvent>> {
    const ids = [...new Set(events.map((event) => event.recurringEventId).filter((id): id is number => id !== null))];
    return new Map((await this.events.findByIds(ids)).map((series) => [series.id, series]));
  }

  /**
   * The series of the occurrences and the links of the events (by the events' own IDs, whatever
   * their series), read at once: neither waits for the other.
   */
  private seriesAndLinksOf(
    events: CalendarEvent[],
    { context, user }: PresentOptions<CalendarEvent>,
  ): Promise<[Map<number, CalendarEvent>, Map<number, EventLinks>]> {
    return Promise.all([
      this.seriesOf(events),
      this.links.load(
        events.map((event) => event.id),
        user,
        context,
      ),
    ]);
  }

  /** The same events as present() gives them, only the fields a calendar feed shows. */
  async presentForFeed(events: CalendarEvent[], options: PresentOptions<CalendarEvent>): Promise<EventFeedView[]> {
    const [seriesById, linked] = await this.seriesAndLinksOf(events, options);
    const viewed = events.map((event) => occurrenceView(event, seriesFor(event, seriesById)));
    return this.map(viewed, linked, options, (view, eventLinks, presentation) => toEventFeedView(view, eventLinks, presentation));
  }

  private map<T>(
    events: CalendarEvent[],
    linked: Map<number, EventLinks>,
    { context, user, isLocked }: PresentOptions<CalendarEvent>,
    toResponse: (event: CalendarEvent, links: EventLinks, presentation: EventPresentation) => T,
  ): Promise<T[]> {
    const siteTimezone = this.config.siteTimezone;
    const shared = new LinkedResponses(context.links, siteTimezone, context.now);
    // In turns: a feed presents thousands of events, and other requests must not wait for all of them.
    return mapInTurns(events, (event) => {
      const eventLinks = withoutLockedContent(linked.get(event.id) ?? noLinks(), user);
      const locked = isLocked(event);
      return toResponse(shownEvent(event, locked), eventLinks, { links: context.links, siteTimezone, now: context.now, locked, shared });
    });
  }
}

/** An occurrence's series (a single event or a series row is its own). */
function seriesFor(event: CalendarEvent, seriesById: Map<number, CalendarEvent>): CalendarEvent | undefined {
  return event.recurringEventId === null ? event : seriesById.get(event.recurringEventId);
}

/**
 * An occurrence as the mappers read it: its public page is its series' page with the date of its
 * original start (`/event/<slug>/<YYYY-MM-DD>/`).
 */
function occurrenceView(event: CalendarEvent, series: CalendarEvent | undefined): CalendarEvent {
  if (event.recurringEventId === null || event.recurrenceIdUtc === null || !series) return event;
  const day = wallTime(event.recurrenceIdUtc, event.timezone).slice(0, 10);
  return Object.assign(Object.create(Object.getPrototypeOf(event) as object) as CalendarEvent, event, { slug: `${series.slug}/${day}` });
}

/** Embedded venues and organizers the caller cannot open show without their content, as in their own lists. */
function withoutLockedContent(links: EventLinks, user: AuthenticatedUser | undefined): EventLinks {
  return {
    ...links,
    venues: links.venues.map((venue) => (isLockedFor(venue, user) ? venueWithoutContent(venue) : venue)),
    organizers: links.organizers.map((organizer) => (isLockedFor(organizer, user) ? organizerWithoutContent(organizer) : organizer)),
  };
}
