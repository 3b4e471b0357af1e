import { AuthenticatedUser, Language, Reply, RequestContext } from '@app/common';
import { APP_CONFIG, AppConfig } from '@app/config';
import { CalendarEvent, EventsRepository, RecordRef } from '@app/domain';
import { recurrenceIdLine, recurrenceLines } from '@app/recurrence';
import { EventSeriesService } from '../event-series.service';
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
    private readonly series: EventSeriesService,
    private readonly records: EventsRepository,
  ) {}

  /** Not paged by default: the list's window up to ICS_MAX_EVENTS, in list order; `page`/`per_page` still work. */
  async list(query: ListEventsQuery, user: AuthenticatedUser | undefined, context: RequestContext): Promise<Reply<string>> {
    const limit = this.config.icsMaxEvents;
    // A series is one VEVENT with its rule unless `expand=true` asks for one per occurrence.
    const listQuery = Object.assign(Object.create(Object.getPrototypeOf(query) as object) as ListEventsQuery, query, {
      expand: query.expand === true,
    });
    const { items, page } = await this.events.list(listQuery, user, context, {
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
    const options = { context, user, single: false, isLocked };
    const responses = await this.presenter.presentForFeed(events, options);
    const entries: FeedEntry[] = [];
    const seriesById = new Map<number, { event: CalendarEvent; uid: string }>();
    events.forEach((event, i) => {
      const recurrence = event.isSeries ? this.series.recurrenceOf(event) : null;
      if (recurrence) seriesById.set(event.id, { event, uid: responses[i].global_id });
      entries.push({
        event,
        response: responses[i],
        ...(recurrence ? { recurrence: { lines: recurrenceLines(this.series.seriesOf(event, recurrence)) } } : {}),
      });
    });
    // Each changed occurrence of a series in the feed: a VEVENT with the series' UID and its RECURRENCE-ID.
    const exceptions = (await this.records.exceptionsOf([...seriesById.keys()])).filter((exception) => exception.status !== 'trash');
    const exceptionResponses = await this.presenter.presentForFeed(exceptions, options);
    exceptions.forEach((exception, i) => {
      const owner = seriesById.get(exception.recurringEventId as number);
      const recurrence = owner ? this.series.recurrenceOf(owner.event) : null;
      if (!owner || !recurrence || !exception.recurrenceIdUtc) return;
      const recurrenceId = recurrenceIdLine(this.series.seriesOf(owner.event, recurrence), exception.recurrenceIdUtc);
      entries.push({ event: exception, response: exceptionResponses[i], recurrence: { uid: owner.uid, recurrenceId } });
    });
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
