import { AuthenticatedUser, cleanHtml, Errors, FieldErrors, RequestContext, requirePlainText } from '@app/common';
import {
  CalendarEvent,
  DueEventsPublisher,
  EventListCriteria,
  EventsRepository,
  EXCEPTION_FIELDS,
  parseOwnFields,
  PostListCriteria,
  RecordRef,
} from '@app/domain';
import {
  applyFields,
  canChangeSticky,
  EVENT_KIND,
  FieldsContext,
  fitTextColumn,
  initialFields,
  ListPlan,
  ListRepresentation,
  ListResult,
  DeleteResult,
  PostDraft,
  PostRecordsService,
  PostRecordTools,
} from '@app/posts';
import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { EventFieldsDto } from './dto/create-event.dto';
import { ListEventsQuery } from './dto/list-events.query';
import { UpdateEventDto } from './dto/update-event.dto';
import { dayEnd, dayStart, keepWallTime, parseWall, resolveZone } from './event-dates';
import { EventLinkPlan, EventLinksService } from './event-links.service';
import { EventListPlanner } from './event-list.planner';
import { EventSeriesService } from './event-series.service';
import { DeleteEventQuery } from './dto/delete-event.query';
import { feedUrl } from './feed/feed-query';
import { definedFields, OccurrenceWrites, Scope, SCOPES } from './occurrence-writes';
import { costText } from './event-cost-text';
import { EVENT_FIELDS } from './event.fields';

/** The event rules: its own fields, schedule and zones, links written in the same transaction. */
@Injectable()
export class EventsService extends PostRecordsService<CalendarEvent, EventFieldsDto, ListEventsQuery, EventListCriteria> {
  readonly kind = EVENT_KIND;

  constructor(
    private readonly events: EventsRepository,
    tools: PostRecordTools,
    private readonly links: EventLinksService,
    private readonly planner: EventListPlanner,
    private readonly dueEvents: DueEventsPublisher,
    private readonly series: EventSeriesService,
    private readonly occurrenceWrites: OccurrenceWrites,
  ) {
    super(events, tools);
  }

  /** The new series of "this and following" writes, answered as created. */
  private readonly splitResults = new WeakSet<CalendarEvent>();

  override createdByUpdate(record: CalendarEvent): boolean {
    return this.splitResults.has(record);
  }

  /**
   * A write to an occurrence's ID: `scope=all` edits its series; `scope=this` (the default) keeps
   * the change as this occurrence's exception, which only some fields may be.
   */
  override async update(user: AuthenticatedUser, ref: RecordRef, dto: EventFieldsDto, context?: RequestContext): Promise<CalendarEvent> {
    // The body itself goes on (the validation pipe's findings are attached to it), without `scope`.
    const fields = dto as UpdateEventDto;
    const scope = fields.scope;
    delete fields.scope;
    const target = await this.events.findByRef(ref);
    if (scope !== undefined && !SCOPES.includes(scope as Scope))
      throw Errors.invalidParam('scope', 'validation.isIn', { c0: SCOPES.join(', ') });
    if (!target || target.recurringEventId === null) return super.update(user, ref, fields);
    if (scope === 'all') return super.update(user, { id: target.recurringEventId }, fields);
    if (scope === 'following') return this.splitAt(user, target, fields);
    const errors = FieldErrors.of(dto);
    if (context) {
      const isLocked = (shown: CalendarEvent) => this.isLocked(shown, user);
      await this.occurrenceWrites.dropUnchanged(user, target, fields as unknown as Record<string, unknown>, context, isLocked);
    }
    for (const [field, value] of Object.entries(fields)) {
      if (value !== undefined && !(field in EXCEPTION_FIELDS) && field !== 'translation_language' && !errors.has(field)) {
        errors.invalidParam(field, 'validation.notPerOccurrence');
      }
    }
    errors.throwIfAny();
    return super.update(user, ref, fields);
  }

  /**
   * "This and following" (`scope=following`): in one transaction a new series starting at the
   * occurrence takes the change, the rest of the rule and the later occurrences (their IDs and
   * exceptions kept); the old series ends before it. The answer is the new series.
   */
  private splitAt(user: AuthenticatedUser, occurrence: CalendarEvent, dto: EventFieldsDto): Promise<CalendarEvent> {
    let seriesId = occurrence.recurringEventId as number;
    const at = occurrence.recurrenceIdUtc as Date;
    return this.transactions
      .run(async (manager) => {
        FieldErrors.of(dto).throwIfAny();
        const locked = await this.occurrenceWrites.lockEditableSeries(user, occurrence.id, manager);
        const old = locked.series;
        seriesId = old.id;
        const { before, after } = this.occurrenceWrites.partsAt(locked, at);
        if (!before) {
          // Split at the first occurrence: the whole series changes.
          delete (dto as UpdateEventDto).scope;
          return null;
        }
        const body = { ...(await this.occurrenceWrites.seriesBody(old, after, manager)), ...definedFields(dto) } as EventFieldsDto;
        const errors = FieldErrors.of(dto);
        const draft = await this.draftNew(manager, user, body, errors);
        errors.throwIfAny();
        draft.record.authorId = old.authorId;
        this.series.adopt(draft.record, old.id, at);
        const { record } = await this.insertDraft(manager, user, draft);
        await this.occurrenceWrites.shorten(old, before, manager);
        this.splitResults.add(record);
        return record;
      })
      .then((created) => created ?? super.update(user, { id: seriesId }, dto));
  }

  /**
   * An occurrence is written under its series' lock, taken first: a series write (which takes the
   * same lock, then rewrites the occurrence rows) and an exception edit of one of its occurrences
   * take turns, so neither replaces what the other wrote.
   */
  protected override async lockForWrite(ref: RecordRef, manager: EntityManager): Promise<number | null> {
    const target = await this.events.findByRef(ref, manager);
    if (target?.recurringEventId) {
      await this.occurrenceWrites.lockSeriesOf(target.id, manager);
      return super.lockForWrite(ref, manager);
    }
    // Its slug was read just now, with nothing waited for since: the record's lock needs no second read.
    return super.lockForWrite(ref, manager, target?.slug);
  }

  /**
   * `DELETE` on an occurrence's ID cancels it: its original start joins the series' `exdates`; with
   * `scope=following` the series ends before it (at its first occurrence: the series is deleted).
   */
  override async delete(
    user: AuthenticatedUser,
    ref: RecordRef,
    force: boolean,
    query?: DeleteEventQuery,
  ): Promise<DeleteResult<CalendarEvent>> {
    const target = await this.events.findByRef(ref);
    if (!target || target.recurringEventId === null || target.recurrenceIdUtc === null) return super.delete(user, ref, force);
    if (query?.scope !== 'following') return this.occurrenceWrites.cancel(user, ref, target);
    const { ended, seriesId } = await this.occurrenceWrites.endBefore(user, ref, target);
    if (ended) return ended;
    const { deleted } = await super.delete(user, { id: seriesId }, force);
    target.status = 'trash';
    return { deleted, record: target };
  }

  /**
   * A single event without an image answers with the entity just written: after its save only
   * other rows change (links, counts). A series, an occurrence or an event with an image (the
   * answer shows its stored details) is read again.
   */
  protected override writtenRecord(saved: CalendarEvent, manager: EntityManager): Promise<CalendarEvent> {
    const single = !saved.isSeries && saved.recurringEventId === null && saved.recurrence === null && saved.materializedUntil === null;
    if (!single || saved.imageId !== null) return super.writtenRecord(saved, manager);
    saved.image = null;
    return Promise.resolve(saved);
  }

  protected blankRecord(): Partial<CalendarEvent> {
    return {
      title: '',
      ...initialFields<CalendarEvent>(EVENT_FIELDS),
      timezone: this.config.siteTimezone,
      cost: '',
      postParentId: null,
      recurrence: null,
      isSeries: false,
      recurringEventId: null,
      recurrenceIdUtc: null,
      ownFields: null,
      materializedUntil: null,
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
    // Due scheduled events are published first: the total and the term counts read kept counts.
    await this.dueEvents.promote(context.now, context.eventsDue);
    await this.series.growDue(context.now, context.seriesDue);
    const result = await super.list(query, user, context, as);
    if (!as) {
      const alternate = `<${feedUrl(context.links.restBase, query)}>; rel="alternate"; type="text/calendar"`;
      result.page.headers.Link = result.page.headers.Link ? `${result.page.headers.Link}, ${alternate}` : alternate;
    }
    return result;
  }

  protected applyOwnFields(event: CalendarEvent, dto: EventFieldsDto, { errors, isCreate, user }: FieldsContext): void {
    // A right, not a field's value: 403 at once, as for naming another author.
    if (dto.sticky !== undefined && dto.sticky !== event.sticky && !canChangeSticky(user)) throw Errors.forbidden();
    event.revision = isCreate ? 0 : event.revision + 1;
    if (event.recurringEventId !== null) {
      // An occurrence's exception remembers the fields it changed: series edits keep them.
      const changed = Object.keys(EXCEPTION_FIELDS).filter((field) => dto[field as keyof EventFieldsDto] !== undefined);
      event.ownFields = [...new Set([...parseOwnFields(event.ownFields), ...changed])].join(',') || null;
    }
    const { title, excerpt, cost } = dto;
    if (title !== undefined) errors.check(() => (event.title = requirePlainText('title', title)));
    if (excerpt !== undefined) errors.check(() => (event.excerpt = fitTextColumn('excerpt', cleanHtml(excerpt))));
    this.applySchedule(event, dto, isCreate, errors);
    if (!['timezone', 'start_date', 'end_date'].some((field) => errors.has(field)))
      this.series.apply(event, dto.recurrence, errors, new Date());
    if (cost !== undefined) errors.check(() => (event.cost = costText(cost)));
    // The website and the flags, as event.fields.ts declares them (all_day again: applySchedule set it already).
    applyFields(event, dto, EVENT_FIELDS);
  }

  /**
   * Time zone, start and end (docs/api-rules.md, Writes): wall times are read in the request's `timezone`, else
   * the event's, else the site's; a new zone alone keeps the wall times; all-day events span whole
   * days; the end may not precede the start (checked only when zone, start and end all passed).
   */
  private applySchedule(event: CalendarEvent, dto: EventFieldsDto, isCreate: boolean, errors: FieldErrors): void {
    const previousZone = event.timezone || this.config.siteTimezone;
    let zone = previousZone;
    if (dto.timezone !== undefined) {
      const resolved = dto.timezone.trim() === '' ? this.config.siteTimezone : resolveZone(dto.timezone);
      if (resolved) zone = resolved;
      else errors.invalidParam('timezone', 'validation.timezone');
    }
    let start = event.startUtc;
    let end = event.endUtc;
    if (!isCreate && zone !== previousZone) {
      start = keepWallTime(start, previousZone, zone);
      end = keepWallTime(end, previousZone, zone);
    }
    const now = new Date();
    const read = (field: 'start_date' | 'end_date', current: Date): Date => {
      if (dto[field] === undefined) return current;
      const parsed = parseWall(dto[field], zone, now);
      if (!parsed) errors.invalidParam(field, 'validation.date');
      return parsed ?? current;
    };
    start = read('start_date', start);
    end = read('end_date', end);
    if (dto.all_day !== undefined) event.allDay = dto.all_day;
    // A field rejected above leaves nothing sound to compare (on create, not even a value).
    if (['timezone', 'start_date', 'end_date'].some((field) => errors.has(field))) return;
    if (event.allDay) {
      start = dayStart(start, zone);
      end = dayEnd(end, zone);
    }
    if (end.getTime() < start.getTime()) errors.invalidParam('end_date', 'validation.endBeforeStart');
    event.timezone = zone;
    event.startUtc = start;
    event.endUtc = end;
  }

  protected override draftExtras(
    manager: EntityManager,
    dto: EventFieldsDto,
    user: AuthenticatedUser,
    errors: FieldErrors,
  ): Promise<EventLinkPlan> {
    return this.links.draft(manager, dto, user, errors);
  }

  protected override async afterSave(
    manager: EntityManager,
    event: CalendarEvent,
    draft: PostDraft<CalendarEvent, EventFieldsDto>,
    isCreate: boolean,
    user: AuthenticatedUser,
  ): Promise<void> {
    await this.links.write(manager, event, draft.extras as EventLinkPlan, user, isCreate);
    await this.series.write(event, manager);
    // Last: the term rows' counts are locked only for the end of the transaction.
    await this.events.flushTermCounts(manager);
  }
}
