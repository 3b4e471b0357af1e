import { UsersService } from '@app/auth';
import { AuthenticatedUser, cleanHtml, Errors, toPlainText } from '@app/common';
import { APP_CONFIG, AppConfig } from '@app/config';
import { containsPattern, LIKE_ESCAPE, TransactionRunner } from '@app/database';
import { EVENT_KIND, fitTextColumn, ImagesService, PostRecordsService } from '@app/posts';
import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Brackets, EntityManager, ObjectLiteral, Repository, SelectQueryBuilder } from 'typeorm';
import { EventFieldsDto } from './dto/create-event.dto';
import { ListEventsQuery } from './dto/list-events.query';
import { EventOrganizer, EventTerm, EventVenue } from './entities/event-link.entities';
import { CalendarEvent } from './entities/event.entity';
import { dayEnd, dayStart, keepWallTime, parseWall, resolveZone } from './event-dates';
import { EventLinksService } from './event-links.service';
import { EventListFilters } from './event-list-filters';

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

@Injectable()
export class EventsService extends PostRecordsService<CalendarEvent, EventFieldsDto> {
  protected readonly kind = EVENT_KIND;
  protected readonly searchColumns = ['title', 'description', 'excerpt'];

  constructor(
    @InjectRepository(CalendarEvent) repository: Repository<CalendarEvent>,
    transactions: TransactionRunner,
    images: ImagesService,
    users: UsersService,
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly links: EventLinksService,
  ) {
    super(repository, transactions, images, users, config);
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

  protected applyOwnFields(event: CalendarEvent, dto: EventFieldsDto, _manager: EntityManager, isCreate: boolean): void {
    if (dto.title !== undefined) {
      event.title = toPlainText(dto.title);
      if (event.title === '') throw Errors.invalidParam('title', 'validation.isNotEmpty');
    }
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

  protected override afterSave(
    manager: EntityManager,
    event: CalendarEvent,
    dto: EventFieldsDto,
    _isCreate: boolean,
    user: AuthenticatedUser,
  ): Promise<void> {
    return this.links.write(manager, event.id, dto, user);
  }

  /** Contract §3 for events: the whole search text within title, description or excerpt. */
  protected override applySearch(qb: SelectQueryBuilder<ObjectLiteral>, search: string): void {
    const pattern = containsPattern(search.trim());
    qb.andWhere(
      new Brackets((inner) => {
        for (const column of this.searchColumns)
          inner.orWhere(`LOWER(p.${column}) LIKE :eventSearch ESCAPE '${LIKE_ESCAPE}'`, { eventSearch: pattern });
      }),
    );
  }

  protected applyListFilters(
    qb: SelectQueryBuilder<CalendarEvent>,
    query: ListEventsQuery,
    user: AuthenticatedUser | undefined,
    now: Date,
  ) {
    return new EventListFilters(this.repository.manager, this.config.siteTimezone).apply(qb, query, user, now);
  }

  protected override orderList(qb: SelectQueryBuilder<CalendarEvent>, query: ListEventsQuery): void {
    new EventListFilters(this.repository.manager, this.config.siteTimezone).order(qb, query);
  }

  protected async deleteLinks(manager: EntityManager, id: number): Promise<void> {
    await manager.delete(EventTerm, { eventId: id });
    await manager.delete(EventVenue, { eventId: id });
    await manager.delete(EventOrganizer, { eventId: id });
  }
}
