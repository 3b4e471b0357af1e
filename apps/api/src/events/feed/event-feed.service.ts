import { AuthenticatedUser, Language, Reply, RequestContext } from '@app/common';
import { APP_CONFIG, AppConfig } from '@app/config';
import { CalendarEvent, RecordRef } from '@app/domain';
import { ReadPostQuery } from '@app/posts';
import { Inject, Injectable } from '@nestjs/common';
import { I18nService } from 'nestjs-i18n';
import { ListEventsQuery } from '../dto/list-events.query';
import { EventPresenter } from '../event.presenter';
import { EventsService } from '../events.service';
import { FeedEntry, FeedHeader, toFeed } from './event-feed.mapper';
import { givenFilters } from './feed-query';

const CONTENT_TYPE = 'text/calendar; charset=utf-8';

/**
 * Calendar feeds (RFC 5545) of event lists and single events: the same filters, validation and
 * visibility as the JSON routes, because they are read through the same service and presenter.
 */
@Injectable()
export class EventFeedService {
  constructor(
    private readonly events: EventsService,
    private readonly presenter: EventPresenter,
    private readonly i18n: I18nService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Not paged by default: the list's window up to ICS_MAX_EVENTS, in list order; `page`/`per_page` still work. */
  async list(query: ListEventsQuery, user: AuthenticatedUser | undefined, context: RequestContext): Promise<Reply<string>> {
    const limit = this.config.icsMaxEvents;
    const { items, page } = await this.events.list(query, user, context, {
      perPageLimit: limit,
      url: `${context.links.restBase}/events.ics`,
    });
    const paged = query.page !== undefined || query.per_page !== undefined;
    const body = await this.render(items, user, context, this.listHeader(query, context.language));
    return new Reply(body, {
      ...page.headers,
      'Content-Type': CONTENT_TYPE,
      'Content-Disposition': 'inline; filename="events.ics"',
      'X-ICS-Limit': String(limit),
      'X-ICS-Truncated': String(!paged && page.total > items.length),
    });
  }

  async one(ref: RecordRef, query: ReadPostQuery, user: AuthenticatedUser | undefined, context: RequestContext): Promise<Reply<string>> {
    const event = await this.events.getReadable(ref, user, query.password, context);
    const header = {
      name: this.text('event_name', context.language, { title: event.title }),
      description: this.text('description', context.language, { site: this.site() }),
      language: context.language,
    };
    // Readable as a whole here: getReadable checked the password, so nothing is emptied.
    const body = await this.render([event], user, context, header, () => false);
    return new Reply(body, { 'Content-Type': CONTENT_TYPE, 'Content-Disposition': `inline; filename="${event.slug}.ics"` });
  }

  private async render(
    events: CalendarEvent[],
    user: AuthenticatedUser | undefined,
    context: RequestContext,
    header: FeedHeader,
    isLocked = (event: CalendarEvent) => this.events.isLocked(event, user),
  ) {
    const responses = await this.presenter.presentForFeed(events, { context, user, single: false, isLocked });
    const entries: FeedEntry[] = events.map((event, i) => ({ event, response: responses[i] }));
    return toFeed(entries, header);
  }

  /** X-WR-CALNAME and X-WR-CALDESC say which events the feed holds, in the request's language. */
  private listHeader(query: ListEventsQuery, language: Language): FeedHeader {
    const filters = Object.entries(givenFilters(query))
      .map(([name, value]) => this.text(`filters.${name}`, language, { value: Array.isArray(value) ? value.join(', ') : String(value) }))
      .join('; ');
    const site = this.site();
    return filters === ''
      ? { name: this.text('name', language), description: this.text('description', language, { site }), language }
      : {
          name: this.text('name_filtered', language, { filters }),
          description: this.text('description_filtered', language, { site, filters }),
          language,
        };
  }

  private site(): string {
    return new URL(this.config.siteUrl).host;
  }

  private text(key: string, language: Language, args?: Record<string, string>): string {
    return this.i18n.translate(`feeds.${key}`, { lang: language, args }) as string;
  }
}
