import { AuthenticatedUser, cleanHtml, Errors, RequestContext, requirePlainText, toPlainText } from '@app/common';
import { CalendarEvent, EventListCriteria, EventsRepository, PostListCriteria } from '@app/domain';
import { EVENT_KIND, fitTextColumn, ListPlan, ListRepresentation, ListResult, PostRecordsService, PostRecordTools } from '@app/posts';
import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { EventFieldsDto } from './dto/create-event.dto';
import { ListEventsQuery } from './dto/list-events.query';
import { dayEnd, dayStart, keepWallTime, parseWall, resolveZone } from './event-dates';
import { EventLinksService, ResolvedLinks } from './event-links.service';
import { EventListPlanner } from './event-list.planner';
import { feedUrl } from './feed/feed-query';

const FLAGS = [
  ['show_map', 'showMap'],
  ['show_map_link', 'showMapLink'],
  ['hide_from_listings', 'hideFromListings'],
  ['sticky', 'sticky'],
  ['featured', 'featured'],
] as const;

/** Length of the cost column (varchar). */
const MAX_COST_LENGTH = 255;

/** Cost as stored: the text given, lists joined; the display form is derived on output. */
function costText(cost: unknown): string {
  const part = (value: unknown): string => {
    if (typeof value === 'number' && Number.isFinite(value)) return String(value);
    if (typeof value === 'string') return toPlainText(value);
    throw Errors.invalidParam('cost', 'validation.isStringOrNumber');
  };
  const text = Array.isArray(cost) ? cost.map(part).filter(Boolean).join(', ') : part(cost);
  if (text.length > MAX_COST_LENGTH) throw Errors.invalidParam('cost', 'validation.maxLength', { c0: MAX_COST_LENGTH });
  return text;
}

/** The event rules: its own fields, schedule and zones, links written in the same transaction. */
@Injectable()
export class EventsService extends PostRecordsService<CalendarEvent, EventFieldsDto, ListEventsQuery, EventListCriteria> {
  readonly kind = EVENT_KIND;

  constructor(
    events: EventsRepository,
    tools: PostRecordTools,
    private readonly links: EventLinksService,
    private readonly planner: EventListPlanner,
  ) {
    super(events, tools);
  }

  protected blankRecord(): Partial<CalendarEvent> {
    return {
      title: '',
      timezone: this.config.siteTimezone,
      allDay: false,
      cost: '',
      website: '',
      showMap: true,
      showMapLink: true,
      hideFromListings: false,
      sticky: false,
      featured: false,
      postParentId: null,
    };
  }

  protected planList(query: ListEventsQuery, base: PostListCriteria): Promise<ListPlan<EventListCriteria>> {
    return this.planner.plan(query, base);
  }

  /** A JSON list also points at the feed of its filters (`Link: <…/events.ics?…>; rel="alternate"`). */
  override async list(
    query: ListEventsQuery,
    user: AuthenticatedUser | undefined,
    context: RequestContext,
    as?: ListRepresentation,
  ): Promise<ListResult<CalendarEvent>> {
    const result = await super.list(query, user, context, as);
    if (!as) {
      const alternate = `<${feedUrl(context.links.restBase, query)}>; rel="alternate"; type="text/calendar"`;
      result.page.headers.Link = result.page.headers.Link ? `${result.page.headers.Link}, ${alternate}` : alternate;
    }
    return result;
  }

  protected applyOwnFields(event: CalendarEvent, dto: EventFieldsDto, _manager: EntityManager, isCreate: boolean): void {
    event.revision = isCreate ? 0 : event.revision + 1;
    if (dto.title !== undefined) event.title = requirePlainText('title', dto.title);
    if (dto.excerpt !== undefined) event.excerpt = fitTextColumn('excerpt', cleanHtml(dto.excerpt));
    this.applySchedule(event, dto, isCreate);
    if (dto.cost !== undefined) event.cost = costText(dto.cost);
    if (dto.website !== undefined) event.website = dto.website.trim();
    for (const [field, property] of FLAGS) {
      const value = dto[field];
      if (value !== undefined) event[property] = value;
    }
  }

  /**
   * Time zone, start and end (contract §4): wall times are read in the request's `timezone`, else
   * the event's, else the site's; a new zone alone keeps the wall times; all-day events span whole
   * days; the end may not precede the start.
   */
  private applySchedule(event: CalendarEvent, dto: EventFieldsDto, isCreate: boolean): void {
    const previousZone = event.timezone || this.config.siteTimezone;
    let zone = previousZone;
    if (dto.timezone !== undefined) {
      const resolved = dto.timezone.trim() === '' ? this.config.siteTimezone : resolveZone(dto.timezone);
      if (!resolved) throw Errors.invalidParam('timezone', 'validation.timezone');
      zone = resolved;
    }
    let start = event.startUtc;
    let end = event.endUtc;
    if (!isCreate && zone !== previousZone) {
      start = keepWallTime(start, previousZone, zone);
      end = keepWallTime(end, previousZone, zone);
    }
    const now = new Date();
    const read = (field: 'start_date' | 'end_date'): Date => {
      const parsed = parseWall(dto[field], zone, now);
      if (!parsed) throw Errors.invalidParam(field, 'validation.date');
      return parsed;
    };
    if (dto.start_date !== undefined) start = read('start_date');
    if (dto.end_date !== undefined) end = read('end_date');
    if (dto.all_day !== undefined) event.allDay = dto.all_day;
    if (event.allDay) {
      start = dayStart(start, zone);
      end = dayEnd(end, zone);
    }
    if (end.getTime() < start.getTime()) throw Errors.invalidParam('end_date', 'validation.endBeforeStart');
    event.timezone = zone;
    event.startUtc = start;
    event.endUtc = end;
  }

  protected override resolveLinks(manager: EntityManager, dto: EventFieldsDto, user: AuthenticatedUser): Promise<ResolvedLinks> {
    return this.links.resolve(manager, dto, user);
  }

  protected override afterSave(
    manager: EntityManager,
    event: CalendarEvent,
    _dto: EventFieldsDto,
    isCreate: boolean,
    _user: AuthenticatedUser,
    links: ResolvedLinks,
  ): Promise<void> {
    return this.links.write(manager, event.id, links, isCreate);
  }
}
