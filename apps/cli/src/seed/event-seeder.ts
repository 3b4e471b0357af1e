import { TimeZone } from '@app/common';
import { CATEGORY_KIND, TAG_KIND } from '@app/terms';
import { DataSource, EntityManager } from 'typeorm';
import { EventOrganizer, EventTerm, EventVenue } from '../../../api/src/events/entities/event-link.entities';
import { CalendarEvent } from '../../../api/src/events/entities/event.entity';
import { Organizer } from '../../../api/src/organizers/entities/organizer.entity';
import { Venue } from '../../../api/src/venues/entities/venue.entity';
import { BATCH_SIZE, existingSlugs, insertRows, insertWithIds } from './batch-insert';
import { EventFactory, EventPlan, EventPools } from './event-factory';
import { organizerRow, venueRow } from './place-factory';
import { Random } from './random';
import { SeedContext } from './seed-context';
import { CATEGORY_NAMES, TAG_NAMES } from './seed-data';
import { seedProportions } from './seed-proportions';
import { SlugAllocator } from './slug-allocator';
import { ensureTerms } from './term-seeder';

export interface SeedOptions {
  events: number;
  /** Seed of the pseudo-random generator: the same seed gives the same data set. */
  seed: number;
}

export interface SeedSummary {
  events: number;
  venues: number;
  organizers: number;
  categories: number;
  tags: number;
  ms: number;
}

/**
 * Writes generated events straight to the tables, in multi-row INSERTs: through the HTTP layer
 * 10,000 events would take minutes. Venues, organizers and terms go in first in one transaction,
 * then the events with their links in transactions of BATCH_SIZE events, so an event is never
 * stored without its links.
 */
export class EventSeeder {
  constructor(
    private readonly dataSource: DataSource,
    private readonly siteZone: TimeZone,
  ) {}

  async run(options: SeedOptions, authorId: number): Promise<SeedSummary> {
    const started = Date.now();
    const context: SeedContext = { random: new Random(options.seed), authorId, now: new Date(Math.floor(started / 1000) * 1000) };
    const pools = await this.dataSource.transaction((manager) => this.writePools(manager, context, options.events));
    const eventSlugs = new SlugAllocator(await existingSlugs(this.dataSource.manager, CalendarEvent), 'event');
    const factory = new EventFactory(context, pools, eventSlugs, this.siteZone);
    for (let written = 0; written < options.events; written += BATCH_SIZE) {
      const plans = Array.from({ length: Math.min(BATCH_SIZE, options.events - written) }, () => factory.next());
      try {
        await this.dataSource.transaction((manager) => writeEvents(manager, plans));
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        throw new Error(`Seeding stopped after ${written} of ${options.events} events: ${reason}`);
      }
    }
    return {
      events: options.events,
      venues: pools.venueIds.length,
      organizers: pools.organizerIds.length,
      categories: pools.categoryIds.size,
      tags: pools.tagIds.size,
      ms: Date.now() - started,
    };
  }

  private async writePools(manager: EntityManager, context: SeedContext, events: number): Promise<EventPools> {
    const counts = seedProportions(events);
    const venueSlugs = new SlugAllocator(await existingSlugs(manager, Venue), 'venue');
    const organizerSlugs = new SlugAllocator(await existingSlugs(manager, Organizer), 'organizer');
    const venues = Array.from({ length: counts.venues }, () => venueRow(context, venueSlugs));
    const organizers = Array.from({ length: counts.organizers }, () => organizerRow(context, organizerSlugs));
    return {
      categoryIds: await ensureTerms(manager, CATEGORY_KIND.taxonomy, CATEGORY_NAMES.slice(0, counts.categories)),
      tagIds: await ensureTerms(manager, TAG_KIND.taxonomy, TAG_NAMES.slice(0, counts.tags)),
      venueIds: await insertWithIds(manager, Venue, venues),
      organizerIds: await insertWithIds(manager, Organizer, organizers),
    };
  }
}

async function writeEvents(manager: EntityManager, plans: EventPlan[]): Promise<void> {
  const ids = await insertWithIds(
    manager,
    CalendarEvent,
    plans.map((plan) => plan.row),
  );
  await insertRows(
    manager,
    EventVenue,
    plans.flatMap((plan, i) => plan.venueIds.map((venueId, position) => ({ eventId: ids[i], venueId, position }))),
  );
  await insertRows(
    manager,
    EventOrganizer,
    plans.flatMap((plan, i) => plan.organizerIds.map((organizerId, position) => ({ eventId: ids[i], organizerId, position }))),
  );
  await insertRows(
    manager,
    EventTerm,
    plans.flatMap((plan, i) => plan.termIds.map((termId) => ({ eventId: ids[i], termId }))),
  );
}
