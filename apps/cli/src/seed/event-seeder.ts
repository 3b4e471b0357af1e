import { mapInTurns, slugify, TimeZone } from '@app/common';
import { BATCH_SIZE, BulkInsertRepository, CalendarEvent, Category, Organizer, Tag, Venue } from '@app/domain';
import { EntityManager } from 'typeorm';
import { EventFactory, EventPools } from './event-factory';
import { organizerRow, venueRow } from './place-factory';
import { Random } from './random';
import { SeedContext } from './seed-context';
import { CATEGORY_NAMES, TAG_NAMES } from './seed-data';
import { seedProportions } from './seed-proportions';
import { SeriesFactory } from './series-factory';
import { SlugAllocator } from './slug-allocator';

export interface SeedOptions {
  events: number;
  /** Seed of the pseudo-random generator: the same seed gives the same data set. */
  seed: number;
  /** Share of the events that are series (weekly and daily), 0 to 1. */
  series: number;
}

/** Limits of the series the seed writes, as the service applies them (RECURRENCE_*). */
interface SeriesLimits {
  horizonMonths: number;
  maxOccurrences: number;
}

interface SeedSummary {
  events: number;
  venues: number;
  organizers: number;
  categories: number;
  tags: number;
  /** Of the events, how many are series; their occurrence rows besides (with --series only). */
  series?: number;
  occurrences?: number;
  ms: number;
}

/**
 * Events per write transaction: large, since each commit costs (SQLite syncs the file), yet a
 * service beside the seed waits at most a second or so for the write lock.
 */
const EVENTS_PER_TRANSACTION = 20 * BATCH_SIZE;

/** Events generated between two turns of the event loop (a few milliseconds of work): the database's answers wait no longer. */
const PLANS_PER_TURN = 250;

/** Names with their slugs, as the seeder creates (or reuses) terms. */
const named = (names: readonly string[]) => names.map((name) => ({ name, slug: slugify(name) }));

/**
 * Writes generated events straight to the tables through the bulk-insert repository. Venues,
 * organizers and terms go in first in one transaction, then the events with their links in
 * transactions of EVENTS_PER_TRANSACTION events, so an event is never stored without its links.
 */
export class EventSeeder {
  constructor(
    private readonly bulk: BulkInsertRepository,
    private readonly siteZone: TimeZone,
    private readonly seriesLimits: SeriesLimits,
  ) {}

  async run(options: SeedOptions, authorId: number): Promise<SeedSummary> {
    const started = Date.now();
    const context: SeedContext = { random: new Random(options.seed), authorId, now: new Date(Math.floor(started / 1000) * 1000) };
    const marks = await this.bulk.searchMarks();
    const pools = await this.bulk.transaction((manager) => this.writePools(manager, context, options.events));
    const eventSlugs = new SlugAllocator(await this.bulk.existingSlugs(CalendarEvent), 'event');
    const factory = new EventFactory(context, pools, eventSlugs, this.siteZone);
    const { horizonMonths, maxOccurrences } = this.seriesLimits;
    const series = new SeriesFactory(context.random, context.now, horizonMonths, maxOccurrences);
    const counted = { series: 0, occurrences: 0 };
    // SQLite: the search index is filled in one pass after the last event (far cheaper than by trigger).
    await this.bulk.bulkLoad(() => this.writeEvents(factory, eventSlugs, options, series, counted));
    // MySQL/MariaDB: the n-grams of the loaded records, in bulk (the repositories write them otherwise).
    await this.bulk.fillSearchIndex(marks);
    return {
      events: options.events,
      venues: pools.venueIds.length,
      organizers: pools.organizerIds.length,
      categories: pools.categoryIds.size,
      tags: pools.tagIds.size,
      // Without --series the summary stays as it was (scripts compare it).
      ...(options.series > 0 ? counted : {}),
      ms: Date.now() - started,
    };
  }

  /**
   * The events in transactions of EVENTS_PER_TRANSACTION, each with its links and counts; a series
   * with its occurrence rows in the same transaction. Event i is a series when floor((i + 1) × share)
   * passes an integer: exactly floor(n × share) series, spread evenly.
   */
  private async writeEvents(
    factory: EventFactory,
    eventSlugs: SlugAllocator,
    { events, series: share }: SeedOptions,
    series: SeriesFactory,
    counted: { series: number; occurrences: number },
  ): Promise<void> {
    const isSeries = (i: number) => Math.floor((i + 1) * share) > Math.floor(i * share);
    const planned = (from: number) =>
      mapInTurns(
        Array.from({ length: Math.min(EVENTS_PER_TRANSACTION, events - from) }, (_, i) => from + i),
        (index) => {
          const plan = factory.next();
          if (isSeries(index)) series.makeSeries(plan);
          this.bulk.prepareEvent(plan);
          return plan;
        },
        PLANS_PER_TURN,
      );
    // Search passages stored by committed transactions (a transaction run again starts from these).
    let storedPassages = new Set<string>();
    let upcoming = planned(0);
    for (let written = 0; written < events; written += EVENTS_PER_TRANSACTION) {
      const plans = await upcoming;
      // The next transaction's events are generated while the database writes this one's: the
      // generator and the server each keep a core busy instead of waiting for the other.
      const following = written + EVENTS_PER_TRANSACTION;
      upcoming = following < events ? planned(following) : Promise.resolve([]);
      let stored = storedPassages;
      try {
        const added = await this.bulk.transaction(async (manager) => {
          stored = new Set(storedPassages);
          // The service may have taken some of these slugs since they were handed out.
          const taken = await this.bulk.takenSlugs(
            CalendarEvent,
            plans.map((plan) => plan.row.slug),
            manager,
          );
          eventSlugs.markTaken(taken);
          for (const plan of plans) if (taken.has(plan.row.slug)) plan.row.slug = eventSlugs.allocate(plan.row.title);
          const ids = await this.bulk.insertEvents(plans, manager, stored);
          const occurrences = plans.flatMap((plan, i) => (plan.row.isSeries ? series.occurrencesOf(plan, ids[i]) : []));
          await this.bulk.insertEvents(occurrences, manager, stored);
          return occurrences.length;
        });
        storedPassages = stored;
        counted.series += plans.filter((plan) => plan.row.isSeries).length;
        counted.occurrences += added;
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        throw new Error(`Seeding stopped after ${written} of ${events} events: ${reason}`);
      }
    }
  }

  private async writePools(manager: EntityManager, context: SeedContext, events: number): Promise<EventPools> {
    const counts = seedProportions(events);
    const venueSlugs = new SlugAllocator(await this.bulk.existingSlugs(Venue, manager), 'venue');
    const organizerSlugs = new SlugAllocator(await this.bulk.existingSlugs(Organizer, manager), 'organizer');
    const venues = Array.from({ length: counts.venues }, () => venueRow(context, venueSlugs));
    const organizers = Array.from({ length: counts.organizers }, () => organizerRow(context, organizerSlugs));
    const categories = named(CATEGORY_NAMES.slice(0, counts.categories));
    const tags = named(TAG_NAMES.slice(0, counts.tags));
    return {
      categoryIds: await this.bulk.ensureTerms(Category, categories, manager),
      tagIds: await this.bulk.ensureTerms(Tag, tags, manager),
      venueIds: await this.bulk.insertWithIds(Venue, venues, manager),
      organizerIds: await this.bulk.insertWithIds(Organizer, organizers, manager),
    };
  }
}
