import { APP_CONFIG, AppConfig } from '@app/config';
import { CalendarEvent } from '@app/domain';
import { AuthenticatedUser, mapInTurns } from '@app/common';
import { isLockedFor, PostPresenter, PresentOptions } from '@app/posts';
import { Inject, Injectable } from '@nestjs/common';
import { EventResponse } from './dto/event.response';
import { organizerWithoutContent } from '../organizers/organizer.mapper';
import { venueWithoutContent } from '../venues/venue.mapper';
import { EventLinks, EventLinksService, noLinks } from './event-links.service';
import { EventFeedView, eventJsonLd, EventPresentation, toEventFeedView, toEventResponse } from './event.mapper';
import { LinkedResponses } from './linked-responses';

/** Events as returned, their linked records loaded for the whole page at once. */
@Injectable()
export class EventPresenter implements PostPresenter<CalendarEvent, EventResponse> {
  constructor(
    private readonly links: EventLinksService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  present(events: CalendarEvent[], options: PresentOptions<CalendarEvent>): Promise<EventResponse[]> {
    return this.map(events, options, (event, eventLinks, presentation) => ({
      ...toEventResponse(event, eventLinks, presentation),
      ...(options.single ? { json_ld: eventJsonLd(event, eventLinks, options.context.links) } : {}),
    }));
  }

  /** The same events as present() gives them, only the fields a calendar feed shows. */
  presentForFeed(events: CalendarEvent[], options: PresentOptions<CalendarEvent>): Promise<EventFeedView[]> {
    return this.map(events, options, toEventFeedView);
  }

  private async map<T>(
    events: CalendarEvent[],
    { context, user, isLocked }: PresentOptions<CalendarEvent>,
    toResponse: (event: CalendarEvent, links: EventLinks, presentation: EventPresentation) => T,
  ): Promise<T[]> {
    const linked = await this.links.load(
      events.map((event) => event.id),
      user,
      context,
    );
    const siteTimezone = this.config.siteTimezone;
    const shared = new LinkedResponses(context.links, siteTimezone, context.now);
    // In turns: a feed presents thousands of events, and other requests must not wait for all of them.
    return mapInTurns(events, (event) => {
      const eventLinks = withoutLockedContent(linked.get(event.id) ?? noLinks(), user);
      return toResponse(event, eventLinks, { links: context.links, siteTimezone, now: context.now, locked: isLocked(event), shared });
    });
  }
}

/** Embedded venues and organizers the caller cannot open show without their content, as in their own lists. */
function withoutLockedContent(links: EventLinks, user: AuthenticatedUser | undefined): EventLinks {
  return {
    ...links,
    venues: links.venues.map((venue) => (isLockedFor(venue, user) ? venueWithoutContent(venue) : venue)),
    organizers: links.organizers.map((organizer) => (isLockedFor(organizer, user) ? organizerWithoutContent(organizer) : organizer)),
  };
}
