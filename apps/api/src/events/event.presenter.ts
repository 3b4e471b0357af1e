import { APP_CONFIG, AppConfig } from '@app/config';
import { CalendarEvent } from '@app/domain';
import { AuthenticatedUser } from '@app/common';
import { isLockedFor, PostPresenter, PresentOptions } from '@app/posts';
import { Inject, Injectable } from '@nestjs/common';
import { EventResponse } from './dto/event.response';
import { organizerWithoutContent } from '../organizers/organizer.mapper';
import { venueWithoutContent } from '../venues/venue.mapper';
import { EventLinks, EventLinksService, noLinks } from './event-links.service';
import { eventJsonLd, toEventResponse } from './event.mapper';

/** Events as returned, their linked records loaded for the whole page at once. */
@Injectable()
export class EventPresenter implements PostPresenter<CalendarEvent, EventResponse> {
  constructor(
    private readonly links: EventLinksService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async present(events: CalendarEvent[], { context, user, single, isLocked }: PresentOptions<CalendarEvent>): Promise<EventResponse[]> {
    const linked = await this.links.load(
      events.map((event) => event.id),
      user,
      context.now,
    );
    return events.map((event) => {
      const eventLinks = withoutLockedContent(linked.get(event.id) ?? noLinks(), user);
      const presentation = { links: context.links, siteTimezone: this.config.siteTimezone, now: context.now, locked: isLocked(event) };
      return {
        ...toEventResponse(event, eventLinks, presentation),
        ...(single ? { json_ld: eventJsonLd(event, eventLinks, context.links) } : {}),
      };
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
