import { AuthenticatedUser, cleanHtml, Errors, FieldErrors, RequestContext, requirePlainText, toPlainText } from '@app/common';
import {
  CalendarEvent,
  DueEventsPublisher,
  EventListCriteria,
  EventLinksRepository,
  EventsRepository,
  EXCEPTION_FIELDS,
  parseOwnFields,
  PostListCriteria,
  RecordRef,
  SeriesOccurrencesRepository,
} from '@app/domain';
import {
  canChangeSticky,
  EVENT_KIND,
  FieldsContext,
  fitTextColumn,
  ListPlan,
  ListRepresentation,
  ListResult,
  DeleteResult,
  canEdit,
  PostErrors,
  wholeSeconds,
  PostDraft,
  PostRecordsService,
  PostRecordTools,
} from '@app/posts';
import { formatStoredWallTime, Recurrence, Series, splitSeries, toStoredRecurrence } from '@app/recurrence';
import { WallTime } from '@app/common';
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
import { EventPresenter } from './event.presenter';
import { fieldsShownUnchanged } from './occurrence-body';

const FLAGS = [
  ['show_map', 'showMap'],
  ['show_map_link', 'showMapLink'],
  ['hide_from_listings', 'hideFromListings'],
  ['sticky', 'sticky'],
  ['featured', 'featured'],
] as const;

/** The fields a body gives (undefined ones left out). */
function definedFields(dto: EventFieldsDto): Record<string, unknown> {
  return Object.fromEntries(Object.entries(dto).filter(([field, value]) => value !== undefined && field !== 'scope'));
}

/** How far a write to an occurrence's ID reaches. */
const SCOPES = ['this', 'following', 'all'] as const;
type Scope = (typeof SCOPES)[number];

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
    private readonly events: EventsRepository,
    tools: PostRecordTools,
    private readonly links: EventLinksService,
    private readonly planner: EventListPlanner,
    private readonly dueEvents: DueEventsPublisher,
    private readonly series: EventSeriesService,
    private readonly occurrences: SeriesOccurrencesRepository,
    private readonly linkRows: EventLinksRepository,
    private readonly presenter: EventPresenter,
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
    if (context) await this.dropUnchanged(user, target, fields, context);
    for (const [field, value] of Object.entries(fields)) {
      if (value !== undefined && !(field in EXCEPTION_FIELDS) && field !== 'translation_language' && !errors.has(field)) {
        errors.invalidParam(field, 'validation.notPerOccurrence');
      }
    }
    errors.throwIfAny();
    return super.update(user, ref, fields);
  }

  /** Leaves out of an occurrence's body the fields sent as its answer shows them: they are no exception. */
  private async dropUnchanged(user: AuthenticatedUser, occurrence: CalendarEvent, fields: UpdateEventDto, context: RequestContext) {
    const isLocked = (shown: CalendarEvent) => this.isLocked(shown, user);
    const [shown] = await this.presenter.present([occurrence], { context, user, single: false, isLocked });
    const body = fields as unknown as Record<string, unknown>;
    for (const field of fieldsShownUnchanged(body, shown as unknown as Record<string, unknown>)) delete body[field];
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
        const old = await this.lockSeriesOf(occurrence.id, manager);
        const recurrence = old ? this.series.recurrenceOf(old) : null;
        if (!old || !recurrence) throw PostErrors.notFound(this.kind, { id: occurrence.id });
        seriesId = old.id;
        if (!canEdit(user, old, new Date())) throw Errors.forbidden();
        const split = FieldErrors.empty();
        const parts = split.check(() => splitSeries(this.series.seriesOf(old, recurrence), at));
        split.throwIfAny();
        if (!parts?.before) {
          // Split at the first occurrence: the whole series changes.
          delete (dto as UpdateEventDto).scope;
          return null;
        }
        const body = { ...(await this.seriesBody(old, parts.after, manager)), ...definedFields(dto) } as EventFieldsDto;
        const errors = FieldErrors.of(dto);
        const draft = await this.draftNew(manager, user, body, errors);
        errors.throwIfAny();
        draft.record.authorId = old.authorId;
        this.series.adopt(draft.record, old.id, at);
        const { record } = await this.insertDraft(manager, user, draft);
        await this.endSeriesAt(old, parts.before, manager);
        this.splitResults.add(record);
        return record;
      })
      .then((created) => created ?? super.update(user, { id: seriesId }, dto));
  }

  /** A series that ends before a split: its rule shortened to `before`, checked, and stored with its occurrences and counts. */
  private async endSeriesAt(series: CalendarEvent, before: Recurrence, manager: EntityManager): Promise<void> {
    series.recurrence = JSON.stringify(toStoredRecurrence(before));
    const kept = FieldErrors.empty();
    this.series.apply(series, undefined, kept, new Date());
    kept.throwIfAny();
    series.modifiedUtc = wholeSeconds();
    series.revision += 1;
    delete (series as Partial<CalendarEvent>).image;
    await this.events.save(series, manager);
    await this.series.write(series, manager);
    await this.events.flushTermCounts(manager);
  }

  /**
   * Locks the series an occurrence belongs to now and returns it: another split may have moved the
   * occurrence to a new series since it was read, so it is read again once its series is locked
   * (until the two agree).
   */
  private async lockSeriesOf(occurrenceId: number, manager: EntityManager): Promise<CalendarEvent | null> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const before = await this.events.findByRef({ id: occurrenceId }, manager);
      if (before?.recurringEventId == null) return null;
      const locked = await this.events.lockForWrite({ id: before.recurringEventId }, manager);
      const after = await this.events.findByRef({ id: occurrenceId }, manager);
      if (locked !== null && after?.recurringEventId === locked) return this.events.findByRef({ id: locked }, manager);
    }
    return null;
  }

  /** A create body repeating the series' fields and links, starting at the split's new series. */
  private async seriesBody(old: CalendarEvent, after: Series, manager: EntityManager): Promise<Record<string, unknown>> {
    const links = await this.linkRows.rowsOf([old.id], manager);
    const wall = (time: WallTime) => formatStoredWallTime(time);
    return {
      title: old.title,
      description: old.description,
      excerpt: old.excerpt,
      status: old.status,
      timezone: old.timezone,
      all_day: old.allDay,
      start_date: wall(after.start),
      end_date: wall(after.end),
      cost: old.cost,
      website: old.website,
      show_map: old.showMap,
      show_map_link: old.showMapLink,
      hide_from_listings: old.hideFromListings,
      sticky: old.sticky,
      featured: old.featured,
      ...(old.imageId !== null ? { image: old.imageId } : {}),
      ...(old.password ? { password: old.password } : {}),
      categories: links.terms.map((link) => link.termId),
      venue: links.venues.map((link) => link.placeId),
      organizer: links.organizers.map((link) => link.placeId),
      recurrence: toStoredRecurrence(after.recurrence),
    };
  }

  /**
   * An occurrence is written under its series' lock, taken first: a series write (which takes the
   * same lock, then rewrites the occurrence rows) and an exception edit of one of its occurrences
   * take turns, so neither replaces what the other wrote.
   */
  protected override async lockForWrite(ref: RecordRef, manager: EntityManager): Promise<number | null> {
    const target = await this.events.findByRef(ref, manager);
    if (target?.recurringEventId) await this.lockSeriesOf(target.id, manager);
    return super.lockForWrite(ref, manager);
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
    const originalStart = target.recurrenceIdUtc;
    if (query?.scope === 'following') return this.endBefore(user, ref, target, force);
    return this.transactions.run(async (manager) => {
      const series = await this.lockSeriesOf(target.id, manager);
      const occurrence = await this.events.findByRef({ id: target.id }, manager);
      if (!series || !occurrence) throw PostErrors.notFound(this.kind, ref);
      if (!canEdit(user, series, new Date())) throw Errors.forbidden();
      series.recurrence = this.series.withExdate(series, originalStart);
      series.modifiedUtc = wholeSeconds();
      series.revision += 1;
      await manager.update(
        CalendarEvent,
        { id: series.id },
        // A cancelled occurrence is a hand edit of an imported series.
        {
          recurrence: series.recurrence,
          modifiedUtc: series.modifiedUtc,
          revision: series.revision,
          importEdited: series.importSourceId !== null,
        },
      );
      await this.occurrences.removeOne(occurrence.id, manager);
      await this.events.flushTermCounts(manager);
      occurrence.status = 'trash';
      return { deleted: false, record: occurrence };
    });
  }

  /** Ends the occurrence's series before it (one transaction); the answer is the occurrence, trashed. */
  private async endBefore(
    user: AuthenticatedUser,
    ref: RecordRef,
    target: CalendarEvent,
    force: boolean,
  ): Promise<DeleteResult<CalendarEvent>> {
    let seriesId = target.recurringEventId as number;
    const at = target.recurrenceIdUtc as Date;
    const ended = await this.transactions.run(async (manager) => {
      const series = await this.lockSeriesOf(target.id, manager);
      if (series) seriesId = series.id;
      const occurrence = await this.events.findByRef({ id: target.id }, manager);
      const recurrence = series ? this.series.recurrenceOf(series) : null;
      if (!series || !occurrence || !recurrence) throw PostErrors.notFound(this.kind, ref);
      if (!canEdit(user, series, new Date())) throw Errors.forbidden();
      const split = FieldErrors.empty();
      const parts = split.check(() => splitSeries(this.series.seriesOf(series, recurrence), at));
      split.throwIfAny();
      // Ending a series before its first occurrence leaves nothing of it: it is deleted below.
      if (!parts?.before) return null;
      await this.endSeriesAt(series, parts.before, manager);
      occurrence.status = 'trash';
      return { deleted: false, record: occurrence };
    });
    if (ended) return ended;
    const { deleted } = await super.delete(user, { id: seriesId }, force);
    target.status = 'trash';
    return { deleted, record: target };
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
    if (dto.website !== undefined) event.website = dto.website.trim();
    for (const [field, property] of FLAGS) {
      const value = dto[field];
      if (value !== undefined) event[property] = value;
    }
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
    await this.links.write(manager, event.id, draft.extras as EventLinkPlan, user, isCreate);
    await this.series.write(event, manager);
    // Last: the term rows' counts are locked only for the end of the transaction.
    await this.events.flushTermCounts(manager);
  }
}
