import { DataSource, EntityManager, SelectQueryBuilder } from 'typeorm';
import { PostListCriteria, PostRecordsRepository } from '../posts/post-records.repository';
import { PostRecord } from '../posts/post-record.entity';
import { EventLinksRepository, PlaceKind } from './event-links.repository';
import { LinkedEventCriteria } from './event-list-criteria';
import { EventsRepository } from './events.repository';

export type PlaceListCriteria = PostListCriteria & LinkedEventCriteria;

/**
 * Venues and organizers: post records events link to. Their list filters by linked events and
 * their link rows belong to the events repositories, which they ask.
 */
export abstract class PlaceRecordsRepository<T extends PostRecord> extends PostRecordsRepository<T, PlaceListCriteria> {
  protected constructor(
    dataSource: DataSource,
    target: new () => T,
    private readonly kind: PlaceKind,
    private readonly events: EventsRepository,
    private readonly links: EventLinksRepository,
  ) {
    super(dataSource, target);
  }

  protected applyFilters(qb: SelectQueryBuilder<T>, criteria: PlaceListCriteria): void {
    this.events.whereLinkedToEvents(qb, this.kind, criteria, criteria.viewer, criteria.now);
  }

  protected removeLinks(id: number, db: EntityManager): Promise<void> {
    return this.links.unlinkPlace(this.kind, id, db);
  }
}
