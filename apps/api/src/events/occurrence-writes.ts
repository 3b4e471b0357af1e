import { AuthenticatedUser, Errors, FieldErrors, RequestContext, WallTime } from '@app/common';
import { TransactionRunner } from '@app/database';
import { CalendarEvent, EventLinksRepository, EventsRepository, RecordRef, SeriesOccurrencesRepository } from '@app/domain';
import { bodyOfFields, canEdit, DeleteResult, EVENT_KIND, PostErrors, wholeSeconds } from '@app/posts';
import { formatStoredWallTime, Recurrence, Series, splitSeries, toStoredRecurrence } from '@app/recurrence';
import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { EVENT_FIELDS } from './event.fields';
import { EventPresenter } from './event.presenter';
import { EventSeriesService } from './event-series.service';
import { fieldsShownUnchanged } from './occurrence-body';

/** How far a write to an occurrence's ID reaches. */
export const SCOPES = ['this', 'following', 'all'] as const;
export type Scope = (typeof SCOPES)[number];

/** The fields a body gives (undefined ones, and `scope`, left out). */
export function definedFields(body: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(body).filter(([field, value]) => value !== undefined && field !== 'scope'));
}

/** A series and its rule, locked for a write to one of its occurrences. */
interface LockedSeries {
  series: CalendarEvent;
  recurrence: Recurrence;
}

/**
 * The parts of writes to an occurrence's ID that concern its series (docs/api-rules.md, Recurring
 * events): finding and locking the series it belongs to now, the body of a split's new series,
 * cancelling one occurrence and ending a series before one.
 */
@Injectable()
export class OccurrenceWrites {
  constructor(
    private readonly events: EventsRepository,
    private readonly occurrences: SeriesOccurrencesRepository,
    private readonly linkRows: EventLinksRepository,
    private readonly series: EventSeriesService,
    private readonly presenter: EventPresenter,
    private readonly transactions: TransactionRunner,
  ) {}

  /**
   * Locks the series an occurrence belongs to now and returns it: another split may have moved the
   * occurrence to a new series since it was read, so it is read again once its series is locked
   * (until the two agree).
   */
  async lockSeriesOf(occurrenceId: number, manager: EntityManager): Promise<CalendarEvent | null> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const before = await this.events.findByRef({ id: occurrenceId }, manager);
      if (before?.recurringEventId == null) return null;
      const locked = await this.events.lockForWrite({ id: before.recurringEventId }, manager);
      const after = await this.events.findByRef({ id: occurrenceId }, manager);
      if (locked !== null && after?.recurringEventId === locked) return this.events.findByRef({ id: locked }, manager);
    }
    return null;
  }

  /** The occurrence's series, locked, with its rule; 404 when gone, 403 when the caller may not edit it. */
  async lockEditableSeries(user: AuthenticatedUser, occurrenceId: number, manager: EntityManager): Promise<LockedSeries> {
    const series = await this.lockSeriesOf(occurrenceId, manager);
    const recurrence = series ? this.series.recurrenceOf(series) : null;
    if (!series || !recurrence) throw PostErrors.notFound(EVENT_KIND, { id: occurrenceId });
    if (!canEdit(user, series, new Date())) throw Errors.forbidden();
    return { series, recurrence };
  }

  /** The series' parts before and after an occurrence's original start (`before` null at its first). */
  partsAt({ series, recurrence }: LockedSeries, at: Date): { before: Recurrence | null; after: Series } {
    const errors = FieldErrors.empty();
    const parts = errors.check(() => splitSeries(this.series.seriesOf(series, recurrence), at));
    errors.throwIfAny();
    return { before: parts?.before ?? null, after: parts?.after as Series };
  }

  /** Ends the series before the split point: its rule becomes `before`, its later occurrence rows go. */
  async shorten(series: CalendarEvent, before: Recurrence, manager: EntityManager): Promise<void> {
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

  /** A create body repeating the series' fields and links, starting at the split's new series. */
  async seriesBody(old: CalendarEvent, after: Series, manager: EntityManager): Promise<Record<string, unknown>> {
    const links = await this.linkRows.rowsOf([old.id], manager);
    const wall = (time: WallTime) => formatStoredWallTime(time);
    return {
      title: old.title,
      description: old.description,
      excerpt: old.excerpt,
      status: old.status,
      timezone: old.timezone,
      // The website and the flags, every one event.fields.ts declares (a field declared later too).
      ...bodyOfFields(old, EVENT_FIELDS),
      start_date: wall(after.start),
      end_date: wall(after.end),
      cost: old.cost,
      ...(old.imageId !== null ? { image: old.imageId } : {}),
      ...(old.password ? { password: old.password } : {}),
      categories: links.terms.map((link) => link.termId),
      venue: links.venues.map((link) => link.placeId),
      organizer: links.organizers.map((link) => link.placeId),
      recurrence: toStoredRecurrence(after.recurrence),
    };
  }

  /** Leaves out of an occurrence's body the fields sent as its answer shows them: they are no exception. */
  async dropUnchanged(
    user: AuthenticatedUser,
    occurrence: CalendarEvent,
    body: Record<string, unknown>,
    context: RequestContext,
    isLocked: (shown: CalendarEvent) => boolean,
  ): Promise<void> {
    const [shown] = await this.presenter.present([occurrence], { context, user, single: false, isLocked });
    for (const field of fieldsShownUnchanged(body, shown as unknown as Record<string, unknown>)) delete body[field];
  }

  /** `DELETE` on an occurrence's ID: its original start joins the series' `exdates`, its row goes. */
  cancel(user: AuthenticatedUser, ref: RecordRef, target: CalendarEvent): Promise<DeleteResult<CalendarEvent>> {
    return this.transactions.run(async (manager) => {
      const { series } = await this.lockEditableSeries(user, target.id, manager);
      const occurrence = await this.events.findByRef({ id: target.id }, manager);
      if (!occurrence) throw PostErrors.notFound(EVENT_KIND, ref);
      series.recurrence = this.series.withExdate(series, target.recurrenceIdUtc as Date);
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

  /**
   * Ends the occurrence's series before it (one transaction); the answer is the occurrence, trashed.
   * At the series' first occurrence nothing of it would be left: `ended` is null and `seriesId`
   * names the series to delete.
   */
  async endBefore(
    user: AuthenticatedUser,
    ref: RecordRef,
    target: CalendarEvent,
  ): Promise<{ ended: DeleteResult<CalendarEvent> | null; seriesId: number }> {
    let seriesId = target.recurringEventId as number;
    const ended = await this.transactions.run(async (manager) => {
      const locked = await this.lockEditableSeries(user, target.id, manager);
      seriesId = locked.series.id;
      const occurrence = await this.events.findByRef({ id: target.id }, manager);
      if (!occurrence) throw PostErrors.notFound(EVENT_KIND, ref);
      const { before } = this.partsAt(locked, target.recurrenceIdUtc as Date);
      if (!before) return null;
      await this.shorten(locked.series, before, manager);
      occurrence.status = 'trash';
      return { deleted: false, record: occurrence };
    });
    return { ended, seriesId };
  }
}
