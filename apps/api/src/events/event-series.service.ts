import { FieldErrors, Language, zoneByName } from '@app/common';
import { APP_CONFIG, AppConfig } from '@app/config';
import { TransactionRunner } from '@app/database';
import {
  CalendarEvent,
  EventsRepository,
  PlannedOccurrence,
  seriesGrowthTarget,
  seriesHorizon,
  SeriesOccurrencesRepository,
} from '@app/domain';
import {
  describeRule,
  expandOccurrences,
  fromStoredRecurrence,
  parseRecurrence,
  Recurrence,
  Series,
  seriesTimingOf,
  StoredRecurrence,
  toStoredRecurrence,
} from '@app/recurrence';
import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { wallTime } from './event-dates';

/** `recurrence` as an answer shows it. */
interface RecurrenceResponseValue extends StoredRecurrence {
  text: string;
}

/** What a series write does to the occurrence rows once the series' own row is saved. */
type OccurrencePlan = { kind: 'rewrite'; occurrences: PlannedOccurrence[] } | { kind: 'remove' };

/** A new series taking over another's occurrence rows from an instant on ("this and following"). */
interface Adoption {
  fromSeriesId: number;
  from: Date;
}

/**
 * Series (recurring events): reads `recurrence` from a write, computes the occurrences up to the
 * horizon (RECURRENCE_HORIZON_MONTHS after now, RECURRENCE_MAX_OCCURRENCES at most) and has them
 * written as rows of their own in the write's transaction.
 */
@Injectable()
export class EventSeriesService {
  private readonly plans = new WeakMap<CalendarEvent, OccurrencePlan>();
  private readonly adoptions = new WeakMap<CalendarEvent, Adoption>();

  constructor(
    private readonly occurrences: SeriesOccurrencesRepository,
    private readonly events: EventsRepository,
    private readonly transactions: TransactionRunner,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Endless series grow as the horizon moves, with no job to run: every list read first asks
   * (one lookup on the materialized_until index) whether a series' occurrences end before today's
   * horizon, and extends each such series in a transaction of its own. Idempotent: the series row
   * is locked and its horizon read again, so instances racing here add each occurrence once.
   */
  async growDue(now: Date, seriesDue?: boolean): Promise<number> {
    // The request's data version, read at `now`, found none due: no lookup needed.
    if (seriesDue === false) return 0;
    const target = seriesGrowthTarget(now, this.config.recurrenceHorizonMonths);
    let grown = 0;
    for (;;) {
      const due = await this.events.seriesMaterializedBefore(target, GROWTH_BATCH);
      for (const id of due) if (await this.transactions.run((manager) => this.grow(id, now, manager))) grown++;
      if (due.length < GROWTH_BATCH) return grown;
    }
  }

  private async grow(id: number, now: Date, manager: EntityManager): Promise<boolean> {
    if ((await this.events.lockForWrite({ id }, manager)) === null) return false;
    const series = await this.events.findByRef({ id }, manager);
    const recurrence = series ? this.recurrenceOf(series) : null;
    if (!series?.materializedUntil || !recurrence) return false;
    const until = this.horizon(now);
    if (series.materializedUntil.getTime() >= seriesGrowthTarget(now, this.config.recurrenceHorizonMonths).getTime()) return false;
    const existing = await this.occurrences.occurrencesOf(series.id, manager);
    const room = Math.max(0, this.config.recurrenceMaxOccurrences - existing.length);
    const added = expandOccurrences(this.seriesOf(series, recurrence), { after: series.materializedUntil, until, maxOccurrences: Infinity })
      .slice(0, room)
      .map(({ start, end }) => ({ start, end }));
    await this.occurrences.append(series, added, manager);
    await manager.update(CalendarEvent, { id: series.id }, { materializedUntil: until });
    await this.events.flushTermCounts(manager);
    return true;
  }

  /** Occurrences exist up to here. */
  horizon(now: Date): Date {
    return seriesHorizon(now, this.config.recurrenceHorizonMonths);
  }

  /** The event's rule, as stored; null on single events and occurrences. */
  recurrenceOf(event: CalendarEvent): Recurrence | null {
    return event.recurrence ? fromStoredRecurrence(JSON.parse(event.recurrence) as StoredRecurrence, event.timezone) : null;
  }

  seriesOf(event: CalendarEvent, recurrence: Recurrence): Series {
    return { ...seriesTimingOf(event), recurrence };
  }

  /**
   * Applies `recurrence` of a write (or, on a series, a change of its schedule) to the record in
   * memory and plans its occurrences; errors name `recurrence`. Called once the schedule is sound.
   */
  apply(event: CalendarEvent, input: unknown, errors: FieldErrors, now: Date): void {
    const wasSeries = event.isSeries;
    if (input === undefined && !wasSeries) return;
    errors.check(() => {
      const limits = { maxOccurrences: this.config.recurrenceMaxOccurrences };
      const recurrence = input === undefined ? this.recurrenceOf(event) : parseRecurrence(input, seriesTimingOf(event), now, limits);
      if (!recurrence) {
        event.recurrence = null;
        event.isSeries = false;
        event.materializedUntil = null;
        if (wasSeries) this.plans.set(event, { kind: 'remove' });
        return;
      }
      const series = this.seriesOf(event, recurrence);
      const until = new Date(Math.max(this.horizon(now).getTime(), event.startUtc.getTime()));
      const occurrences = expandOccurrences(series, { until, maxOccurrences: limits.maxOccurrences });
      event.recurrence = JSON.stringify(toStoredRecurrence(recurrence));
      event.isSeries = true;
      event.materializedUntil = isEndless(recurrence) ? until : null;
      this.plans.set(event, { kind: 'rewrite', occurrences: occurrences.map(({ start, end }) => ({ start, end })) });
    });
  }

  /** When `event` (a new series) is written, it takes over `fromSeriesId`'s occurrence rows from `from` on, IDs and exceptions kept. */
  adopt(event: CalendarEvent, fromSeriesId: number, from: Date): void {
    this.adoptions.set(event, { fromSeriesId, from });
  }

  /** Writes the planned occurrence rows (after the series' row and links). */
  async write(event: CalendarEvent, manager: EntityManager): Promise<void> {
    const plan = this.plans.get(event);
    this.plans.delete(event);
    const adoption = this.adoptions.get(event);
    this.adoptions.delete(event);
    if (adoption) await this.occurrences.moveOccurrences(adoption.fromSeriesId, event.id, adoption.from, manager);
    if (!plan) return;
    if (plan.kind === 'remove') await this.occurrences.removeAll(event.id, manager);
    else await this.occurrences.rewrite(event, plan.occurrences, manager);
  }

  /** The series' stored rule with one more cancelled start (an occurrence deleted on its own). */
  withExdate(series: CalendarEvent, originalStart: Date): string {
    const stored = JSON.parse(series.recurrence ?? '{}') as StoredRecurrence;
    const exdate = wallTime(originalStart, series.timezone);
    const exdates = [...new Set([...stored.exdates, exdate])].sort();
    return JSON.stringify({ ...stored, exdates });
  }

  /** `recurrence` of an answer: the stored rule with its description in the request's language. */
  present(series: CalendarEvent | undefined, language: Language): RecurrenceResponseValue | null {
    if (!series?.recurrence) return null;
    const stored = JSON.parse(series.recurrence) as StoredRecurrence;
    const recurrence = fromStoredRecurrence(stored, series.timezone);
    return { ...stored, text: describeRule(recurrence.rule, zoneByName(series.timezone), language) };
  }
}

/** Endless series extended per round of growDue. */
const GROWTH_BATCH = 50;

/** A rule without COUNT or UNTIL grows as the horizon moves. */
function isEndless(recurrence: Recurrence): boolean {
  return recurrence.rule.count === undefined && recurrence.rule.until === undefined;
}
