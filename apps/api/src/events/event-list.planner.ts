import { Errors } from '@app/common';
import { APP_CONFIG, AppConfig } from '@app/config';
import { EventListCriteria, EventsRepository, OrganizersRepository, PostListCriteria, VenuesRepository } from '@app/domain';
import { ListPlan } from '@app/posts';
import { Inject, Injectable } from '@nestjs/common';
import { CategoriesService } from '../categories/categories.service';
import { TagsService } from '../tags/tags.service';
import { ListEventsQuery } from './dto/list-events.query';
import { effectiveEventQuery } from './event-list-query';
import { dateWindow } from './event-window';

const DEFAULT_GEO_RADIUS_KM = 50;

/**
 * Turns an event list query into repository criteria (docs/api-rules.md, Lists): the date window, terms by ID
 * or slug, linked records that must exist, the geo circle; and the effective query `rest_url`
 * repeats, built from the same window so the two never differ.
 */
@Injectable()
export class EventListPlanner {
  constructor(
    private readonly events: EventsRepository,
    private readonly venues: VenuesRepository,
    private readonly organizers: OrganizersRepository,
    private readonly categories: CategoriesService,
    private readonly tags: TagsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async plan(query: ListEventsQuery, base: PostListCriteria): Promise<ListPlan<EventListCriteria>> {
    const window = query.include?.length ? {} : dateWindow(query, this.config.siteTimezone, base.now);
    const criteria: EventListCriteria = {
      ...base,
      include: query.include,
      window,
      categoryIds: query.categories?.length ? await this.categories.idsForFilter(query.categories, 'categories') : undefined,
      tagIds: query.tags?.length ? await this.tags.idsForFilter(query.tags, 'tags') : undefined,
      venueIds: await this.readable(this.venues, query.venue, 'venue', base),
      organizerIds: await this.readable(this.organizers, query.organizer, 'organizer', base),
      featured: query.featured,
      geoloc: query.geoloc,
      ticketed: query.ticketed,
    };
    if ((query.geoloc_lat === undefined) !== (query.geoloc_lng === undefined)) {
      throw Errors.invalidParam(query.geoloc_lat === undefined ? 'geoloc_lat' : 'geoloc_lng', 'validation.geolocPair');
    }
    if (query.geoloc_lat !== undefined && query.geoloc_lng !== undefined) {
      criteria.near = { lat: query.geoloc_lat, lng: query.geoloc_lng, radiusKm: query.geoloc_radius ?? DEFAULT_GEO_RADIUS_KM };
    }
    for (const field of ['post_parent', 'recurring_event'] as const) {
      const id = query[field];
      if (id === undefined) continue;
      if ((await this.events.countReadable([id], base.viewer, base.now)) !== 1) {
        throw Errors.invalidParam(field, 'validation.eventExists');
      }
      // A series' ID names its occurrences; `recurring_event` names only series.
      if (await this.events.isSeries(id)) criteria.recurringEventId = id;
      else if (field === 'post_parent') criteria.postParentId = id;
      else throw Errors.invalidParam(field, 'validation.seriesExists');
    }
    if (query.expand === false) criteria.expand = false;
    return { criteria, echo: effectiveEventQuery(query, window, this.config.siteTimezone) };
  }

  /**
   * Venue or organizer IDs (OR logic) that must all exist and be readable by the caller, else a 400
   * naming the field: a draft or trashed venue answers like a missing one, so a filter never reveals it.
   */
  private async readable(
    records: VenuesRepository | OrganizersRepository,
    ids: number[] | undefined,
    field: string,
    base: PostListCriteria,
  ) {
    if (!ids?.length) return undefined;
    const unique = [...new Set(ids)];
    if ((await records.countReadable(unique, base.viewer, base.now)) !== unique.length) {
      throw Errors.invalidParam(field, 'validation.recordExists');
    }
    return unique;
  }
}
