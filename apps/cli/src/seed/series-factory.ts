import { zoneByName } from '@app/common';
import { occurrenceSlug, seriesHorizon } from '@app/domain';
import { expandOccurrences, parseRRule, Series, seriesTimingOf, toStoredRecurrence } from '@app/recurrence';
import { EventPlan, EventRow } from './event-factory';
import { Random } from './random';

/** The rules seeded series follow, with their shares: classes on weekdays, short daily runs, some without end. */
const RULES: ReadonlyArray<{ share: number; rule: (random: Random) => string }> = [
  { share: 0.5, rule: (random) => `FREQ=DAILY;COUNT=${random.int(3, 14)}` },
  { share: 0.4, rule: (random) => `FREQ=WEEKLY;COUNT=${random.int(4, 12)}` },
  { share: 0.1, rule: () => 'FREQ=WEEKLY' },
];

/** Longest occurrence of a seeded series: events running over several days become evening events. */
const MAX_SERIES_SPAN_MS = 4 * 3_600_000;
const EVENING_SPAN_MS = 2 * 3_600_000;

/**
 * Turns a generated event into a series (its row gets the rule) and plans its occurrence rows up
 * to the horizon, as a series write through the API stores them: copies of the series row with
 * their own start, end, internal slug and the series' links and texts.
 */
export class SeriesFactory {
  constructor(
    private readonly random: Random,
    private readonly now: Date,
    private readonly horizonMonths: number,
    private readonly maxOccurrences: number,
  ) {}

  /** Makes the plan's row a series (in place). */
  makeSeries(plan: EventPlan): void {
    const row = plan.row as EventRow;
    const start = row.startUtc;
    if (row.endUtc.getTime() - start.getTime() > MAX_SERIES_SPAN_MS && !row.allDay) {
      row.endUtc = new Date(start.getTime() + EVENING_SPAN_MS);
    }
    if (row.allDay && row.endUtc.getTime() - start.getTime() > 86_400_000) {
      row.endUtc = new Date(start.getTime() + 86_399_000);
    }
    const series = this.seriesOf(plan, this.pickRule());
    row.recurrence = JSON.stringify(toStoredRecurrence(series.recurrence));
    row.isSeries = true;
    const endless = series.recurrence.rule.count === undefined && series.recurrence.rule.until === undefined;
    row.materializedUntil = endless ? this.until(start) : null;
  }

  /** The occurrence rows of a series plan whose row now has its ID. */
  occurrencesOf(plan: EventPlan, seriesId: number): EventPlan[] {
    const row = plan.row as EventRow;
    const stored = JSON.parse(row.recurrence as string) as { rrule: string };
    const occurrences = expandOccurrences(this.seriesOf(plan, stored.rrule), {
      until: this.until(row.startUtc),
      maxOccurrences: this.maxOccurrences,
    });
    return occurrences.map(({ start, end }) => ({
      ...plan,
      prepared: undefined,
      row: {
        ...row,
        slug: occurrenceSlug(seriesId, start),
        startUtc: start,
        endUtc: end,
        recurrence: null,
        isSeries: false,
        recurringEventId: seriesId,
        // Its series' texts: written with the row, not by a later UPDATE.
        textId: seriesId,
        recurrenceIdUtc: start,
        ownFields: null,
        materializedUntil: null,
      },
    }));
  }

  private until(start: Date): Date {
    return new Date(Math.max(seriesHorizon(this.now, this.horizonMonths).getTime(), start.getTime()));
  }

  private pickRule(): string {
    let left = this.random.next();
    for (const { share, rule } of RULES) {
      if (left < share) return rule(this.random);
      left -= share;
    }
    return RULES[0].rule(this.random);
  }

  private seriesOf(plan: EventPlan, rrule: string): Series {
    const row = plan.row as EventRow;
    const rule = parseRRule(rrule, zoneByName(row.timezone));
    return { ...seriesTimingOf(row), recurrence: { rule, rdates: [], exdates: [] } };
  }
}
