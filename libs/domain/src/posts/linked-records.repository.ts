import { rowLocksSupported, selectScalars } from '@app/database';
import { DataSource, EntityManager, SelectQueryBuilder } from 'typeorm';
import { PostListCriteria, PostRecordsRepository } from './post-records.repository';
import { PostRecord } from './post-record.entity';
import { EventLinksRepository, PlaceKind } from '../events/event-links.repository';
import { LinkedEventCriteria } from '../events/event-list-criteria';
import { EventsRepository } from '../events/events.repository';
import { CountedKind, PublishedCountsRepository } from './published-counts.repository';
import { listsEveryPublished } from './published-total';

export type LinkedRecordListCriteria = PostListCriteria & LinkedEventCriteria;

const COUNTED_KIND: Record<PlaceKind, CountedKind> = { venue: 'venues', organizer: 'organizers' };

/**
 * Venues and organizers: post records events link to. Their list filters by linked events and
 * their link rows belong to the events repositories, which they ask. Every write of a record notes
 * how it changes the kept count of published records (PublishedCountsRepository), from which an
 * unfiltered list answers its total.
 */
export abstract class LinkedRecordsRepository<T extends PostRecord> extends PostRecordsRepository<T, LinkedRecordListCriteria> {
  protected constructor(
    dataSource: DataSource,
    target: new () => T,
    private readonly kind: PlaceKind,
    private readonly events: EventsRepository,
    private readonly links: EventLinksRepository,
    private readonly publishedCounts: PublishedCountsRepository,
  ) {
    super(dataSource, target);
  }

  protected applyFilters(qb: SelectQueryBuilder<T>, criteria: LinkedRecordListCriteria): void {
    this.events.whereLinkedToEvents(qb, this.kind, criteria, criteria.viewer, criteria.now);
  }

  protected removeLinks(id: number, db: EntityManager): Promise<void> {
    return this.links.unlinkPlace(this.kind, id, db);
  }

  override async save(record: T, db: EntityManager, options?: { skipLockWaits?: boolean }): Promise<T> {
    const before = record.id ? await this.storedStatus(record.id, db) : null;
    const saved = await super.save(record, db, options);
    this.publishedCounts.note(db, COUNTED_KIND[this.kind], before, saved.status);
    return saved;
  }

  override async moveToTrash(id: number, modifiedUtc: Date, db: EntityManager): Promise<void> {
    const before = await this.storedStatus(id, db);
    await super.moveToTrash(id, modifiedUtc, db);
    this.publishedCounts.note(db, COUNTED_KIND[this.kind], before, before === null ? null : 'trash');
  }

  override async remove(id: number, db: EntityManager): Promise<void> {
    const before = await this.storedStatus(id, db);
    await super.remove(id, db);
    this.publishedCounts.note(db, COUNTED_KIND[this.kind], before, null);
  }

  /**
   * A list of every published record (listsEveryPublished) counts no record: the kept count of
   * `publish` records plus the `future` ones already due (a range of IDX_*_due, usually empty), in
   * one statement, so both parts read the same committed state. Any other list counts its rows.
   */
  protected override async countPage(qb: SelectQueryBuilder<T>, criteria: LinkedRecordListCriteria): Promise<number> {
    if (!listsEveryPublished(criteria)) return super.countPage(qb, criteria);
    const due = this.dataSource
      .createQueryBuilder<T>(this.target, 'p')
      .select('COUNT(1)', 'cnt')
      .where(`p.status = 'future'`)
      .andWhere('p.published_utc <= :now', { now: criteria.now });
    const [kept, dueScheduled] = await selectScalars(this.dataSource, [this.publishedCounts.sumQuery(COUNTED_KIND[this.kind]), due]);
    return kept + dueScheduled;
  }

  /**
   * The record's stored status, or null when there is none. MySQL: locked for the rest of the
   * transaction (a write locks its record first, lockForWrite, so this adds no lock; it keeps a
   * caller that did not from counting a status another writer is changing).
   */
  private async storedStatus(id: number, db: EntityManager): Promise<string | null> {
    const qb = db.createQueryBuilder<T>(this.target, 'p').select('p.status', 'status').where('p.id = :id', { id });
    if (rowLocksSupported(db)) qb.setLock('pessimistic_write');
    const row = await qb.getRawOne<{ status: string }>();
    return row?.status ?? null;
  }
}
