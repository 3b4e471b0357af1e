import { parseTimeZone, TimeZone } from '@app/common';
import { CalendarEvent, PlannedEvent } from '@app/domain';
import { CalendarDay, firstSeedDay, planSchedule } from './event-schedule';
import { fillSlots, publishedPost, SeedContext } from './seed-context';
import { seededCost } from './seed-cost';
import { CURRENCY_BY_ZONE, DESCRIPTION_SENTENCES, FILLERS, OTHER_TIME_ZONES, TITLE_TEMPLATES, TitleTemplate, WELCOME } from './seed-data';
import { SlugAllocator } from './slug-allocator';

export type EventRow = Omit<CalendarEvent, 'id' | 'image'>;

/** An event row and the records it links to, by ID. */
export type EventPlan = PlannedEvent & { row: EventRow };

/** The records events may link to; terms by name. */
export interface EventPools {
  venueIds: number[];
  organizerIds: number[];
  categoryIds: Map<string, number>;
  tagIds: Map<string, number>;
}

/** Share of events in a zone other than the site's. */
const FOREIGN_ZONE_SHARE = 0.1;

/** Generates events one by one; the sequence depends only on the random seed and the day. */
export class EventFactory {
  private readonly firstDay: CalendarDay;
  private readonly otherZones: TimeZone[];
  private readonly allCategoryIds: number[];
  private readonly allTagIds: number[];

  constructor(
    private readonly context: SeedContext,
    private readonly pools: EventPools,
    private readonly slugs: SlugAllocator,
    private readonly siteZone: TimeZone,
  ) {
    this.firstDay = firstSeedDay(context.now, siteZone);
    this.allCategoryIds = [...pools.categoryIds.values()];
    this.allTagIds = [...pools.tagIds.values()];
    this.otherZones = OTHER_TIME_ZONES.filter((name) => name !== siteZone.name).map((name) => parseTimeZone(name) as TimeZone);
  }

  next(): EventPlan {
    const { random } = this.context;
    const template = random.pick(TITLE_TEMPLATES);
    const title = fillSlots(template.title, random, FILLERS);
    const slug = this.slugs.allocate(title);
    const zone = random.chance(FOREIGN_ZONE_SHARE) ? random.pick(this.otherZones) : this.siteZone;
    const description = this.description(template, title);
    // A literal key opens the row (see publishedPost): opened by a spread, it costs about 45 µs.
    const row: EventRow = {
      timezone: zone.name,
      ...publishedPost(this.context, { slug, title, description: description.html, excerpt: random.chance(0.3) ? description.first : '' }),
      ...planSchedule(random, this.firstDay, zone),
      cost: seededCost(random, CURRENCY_BY_ZONE[zone.name] ?? '€'),
      website: random.chance(0.3) ? `https://tickets.example.com/${slug}` : '',
      showMap: true,
      showMapLink: true,
      hideFromListings: false,
      sticky: random.chance(0.01),
      featured: random.chance(0.05),
      postParentId: null,
      revision: 0,
      recurrence: null,
      isSeries: false,
      recurringEventId: null,
      recurrenceIdUtc: null,
      ownFields: null,
      textId: null,
      materializedUntil: null,
      importSourceId: null,
      importUid: null,
      importKey: null,
      importFingerprint: null,
      importSequence: null,
      importLastModified: null,
      importEdited: false,
    };
    return {
      row,
      venueIds: random.chance(0.9) ? [this.pools.venueIds[random.skewedIndex(this.pools.venueIds.length)]] : [],
      organizerIds: random.sample(this.pools.organizerIds, random.chance(0.75) ? 1 : 2),
      termIds: [...this.categories(template), ...this.tags(template)],
    };
  }

  private description(template: TitleTemplate, title: string): { html: string; first: string } {
    const { random } = this.context;
    const first = WELCOME[template.language](title);
    const sentences = random.sample(DESCRIPTION_SENTENCES[template.language], random.int(2, 4));
    return { html: `<p>${first} ${sentences[0]}</p>\n<p>${sentences.slice(1).join(' ')}</p>`, first };
  }

  /** The template's category (another when a small seed lacks it), sometimes a second one. */
  private categories(template: TitleTemplate): number[] {
    const { random } = this.context;
    const own = this.pools.categoryIds.get(template.category) ?? random.pick(this.allCategoryIds);
    if (!random.chance(0.3)) return [own];
    const second = random.pick(this.allCategoryIds);
    return second === own ? [own] : [own, second];
  }

  /** Zero to three tags, mostly ones that fit the template. */
  private tags(template: TitleTemplate): number[] {
    const { random } = this.context;
    const count = random.int(0, 3);
    const fitting = template.tags.map((name) => this.pools.tagIds.get(name)).filter((id): id is number => id !== undefined);
    const chosen = new Set(random.sample(fitting, Math.min(count, fitting.length - (random.chance(0.3) ? 1 : 0))));
    while (chosen.size < Math.min(count, this.allTagIds.length)) chosen.add(random.pick(this.allTagIds));
    return [...chosen];
  }
}
