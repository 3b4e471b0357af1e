import { DataSource, EntityManager, SelectQueryBuilder } from 'typeorm';
import { PostListCriteria, PostRecordsRepository } from './post-records.repository';
import { PostRecord } from './post-record.entity';
import { EventLinksRepository, PlaceKind } from '../events/event-links.repository';
import { LinkedEventCriteria } from '../events/event-list-criteria';
import { EventsRepository } from '../events/events.repository';

export type LinkedRecordListCriteria = PostListCriteria & LinkedEventCriteria;

/**
 * Venues and organizers: post records events link to. Their list filters by linked events and
 * their link rows belong to the events repositories, which they ask.
 */
export abstract class LinkedRecordsRepository<T extends PostRecord> extends PostRecordsRepository<T, LinkedRecordListCriteria> {
  protected constructor(
    dataSource: DataSource,
    target: new () => T,
    private readonly kind: PlaceKind,
    private readonly events: EventsRepository,
    private readonly links: EventLinksRepository,
  ) {
    super(dataSource, target);
  }

  protected applyFilters(qb: SelectQueryBuilder<T>, criteria: LinkedRecordListCriteria): void {
    this.events.whereLinkedToEvents(qb, this.kind, criteria, criteria.viewer, criteria.now);
  }

  protected removeLinks(id: number, db: EntityManager): Promise<void> {
    return this.links.unlinkPlace(this.kind, id, db);
  }
}
