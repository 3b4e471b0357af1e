import { APP_CONFIG, AppConfig } from '@app/config';
import { PresentContext } from '@app/posts';
import { Inject, Injectable } from '@nestjs/common';
import { CalendarEvent } from './entities/event.entity';
import { EventLinksService, noLinks } from './event-links.service';
import { eventJsonLd, toEventResponse } from './event.mapper';

/** Events as returned, their linked records loaded for the whole page at once. */
@Injectable()
export class EventPresenter {
  constructor(
    private readonly links: EventLinksService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  readonly present = async (events: CalendarEvent[], context: PresentContext<CalendarEvent>): Promise<object[]> => {
    const linked = await this.links.load(
      events.map((event) => event.id),
      context.user,
      context.now,
    );
    return events.map((event) => {
      const eventLinks = linked.get(event.id) ?? noLinks();
      const presentation = {
        links: context.links,
        siteTimezone: this.config.siteTimezone,
        now: context.now,
        locked: context.isLocked(event),
      };
      return {
        ...toEventResponse(event, eventLinks, presentation),
        ...(context.single ? { json_ld: eventJsonLd(event, eventLinks, context.links) } : {}),
      };
    });
  };
}
