import { queryInSlices } from '@app/database';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, FindOperator, In } from 'typeorm';
import { Taxonomy } from '../terms/taxonomy';
import { CalendarEvent } from './event.entity';
import { tallyOfEvent } from './event-tally';
import { TermCountsRepository } from '../terms/term-counts.repository';
import { EventOrganizer, EventTerm, EventVenue } from './event-link.entities';

/** Linked records kept in order: an event's venues and its organizers. */
export type PlaceKind = 'venue' | 'organizer';

const PLACES = {
  venue: { entity: EventVenue, column: 'venueId', table: 'event_venues', sqlColumn: 'venue_id' },
  organizer: { entity: EventOrganizer, column: 'organizerId', table: 'event_organizers', sqlColumn: 'organizer_id' },
} as const;

export interface PlaceLinkRow {
  eventId: number;
  placeId: number;
  position: number;
}

interface EventLinkRows {
  venues: PlaceLinkRow[];
  organizers: PlaceLinkRow[];
  terms: Array<Pick<EventTerm, 'eventId' | 'termId'>>;
}

/** A link row of any kind as rowsOf reads them; drivers return numbers or numeric strings. */
interface AnyLinkRow {
  kind: 'v' | 'o' | 't';
  event_id: number | string;
  target_id: number | string;
  position: number | string;
}

/**
 * The link tables between events and their venues, organizers and terms. Writes change only the
 * rows that differ, in one order (venues, organizers, terms), so concurrent writers of different
 * events never wait on each other's rows and a new event takes no locks on existing ones.
 */
@Injectable()
export class EventLinksRepository {
  constructor(
    private readonly dataSource: DataSource,
    private readonly counts: TermCountsRepository,
  ) {}

  /**
   * The link rows of many events in one query per slice of IDs (a page of a list is one round trip;
   * a feed's thousands are read in slices so that other requests are served between them); places
   * in position order.
   */
  async rowsOf(eventIds: number[], db: EntityManager = this.dataSource.manager): Promise<EventLinkRows> {
    if (eventIds.length === 0) return { venues: [], organizers: [], terms: [] };
    // IDs of events just read, written inline: a feed's 10,000 would pass the drivers' parameter limits three times over.
    const ids = eventIds.map((id) => {
      if (!Number.isSafeInteger(id)) throw new TypeError(`not an event ID: ${id}`);
      return id;
    });
    const rows = await queryInSlices(ids, (slice): Promise<AnyLinkRow[]> => {
      const within = `event_id IN (${slice.join(',')})`;
      return db.query(
        `SELECT 'v' AS kind, event_id, venue_id AS target_id, position FROM event_venues WHERE ${within}
       UNION ALL SELECT 'o' AS kind, event_id, organizer_id AS target_id, position FROM event_organizers WHERE ${within}
       UNION ALL SELECT 't' AS kind, event_id, term_id AS target_id, 0 AS position FROM event_terms WHERE ${within}`,
      );
    });
    const result: EventLinkRows = { venues: [], organizers: [], terms: [] };
    for (const row of rows) {
      const eventId = Number(row.event_id);
      const targetId = Number(row.target_id);
      if (row.kind === 't') result.terms.push({ eventId, termId: targetId });
      else (row.kind === 'v' ? result.venues : result.organizers).push({ eventId, placeId: targetId, position: Number(row.position) });
    }
    const byPosition = (a: PlaceLinkRow, b: PlaceLinkRow) => a.position - b.position;
    result.venues.sort(byPosition);
    result.organizers.sort(byPosition);
    return result;
  }

  /** Sets an event's venues or organizers to `ids`, in that order. `isNew`: the event has no links yet. */
  async setPlaces(kind: PlaceKind, eventId: number, ids: number[], isNew: boolean, db: EntityManager): Promise<void> {
    const { entity, column, table, sqlColumn } = PLACES[kind];
    const current = isNew ? [] : (await this.placeRows(kind, eventId, db)).map((row) => row.placeId);
    const removed = current.filter((id) => !ids.includes(id));
    if (removed.length > 0) {
      await db
        .createQueryBuilder()
        .delete()
        .from(table)
        .where('event_id = :eventId', { eventId })
        .andWhere(`${sqlColumn} IN (:...removed)`, { removed })
        .execute();
    }
    for (const [position, id] of ids.entries()) {
      const before = current.indexOf(id);
      if (before === position) continue;
      if (before !== -1) await db.update(entity, { eventId, [column]: id } as never, { position } as never);
    }
    const added = ids.map((id, position) => ({ id, position })).filter(({ id }) => !current.includes(id));
    if (added.length > 0) await db.insert(entity, added.map(({ id, position }) => ({ eventId, [column]: id, position })) as never);
  }

  /**
   * Sets an event's terms of each given taxonomy to its `termIds`; terms of a taxonomy not given
   * stay. Both taxonomies in one pass: one read of the current links, one delete, one insert.
   * `event`: the event as its row stands in this transaction, which the changed links count as.
   */
  async setTerms(
    event: CalendarEvent,
    sets: ReadonlyArray<{ taxonomy: Taxonomy; termIds: number[] }>,
    isNew: boolean,
    db: EntityManager,
  ): Promise<void> {
    if (sets.length === 0) return;
    const eventId = event.id;
    const current = new Map<Taxonomy, number[]>();
    if (!isNew) {
      const rows = await db
        .createQueryBuilder()
        .select('et.term_id', 'termId')
        .addSelect('t.taxonomy', 'taxonomy')
        .from('event_terms', 'et')
        .innerJoin('terms', 't', 't.id = et.term_id')
        .where('et.event_id = :eventId', { eventId })
        .andWhere('t.taxonomy IN (:...taxonomies)', { taxonomies: sets.map((set) => set.taxonomy) })
        .getRawMany<{ termId: number | string; taxonomy: Taxonomy }>();
      for (const row of rows) current.set(row.taxonomy, [...(current.get(row.taxonomy) ?? []), Number(row.termId)]);
    }
    const removed: number[] = [];
    const added: number[] = [];
    for (const { taxonomy, termIds } of sets) {
      const linked = current.get(taxonomy) ?? [];
      removed.push(...linked.filter((id) => !termIds.includes(id)));
      added.push(...termIds.filter((id) => !linked.includes(id)));
    }
    if (removed.length > 0) await db.delete(EventTerm, { eventId, termId: In(removed) });
    if (added.length > 0)
      await db.insert(
        EventTerm,
        added.map((termId) => ({ eventId, termId })),
      );
    // The caller flushes the noted count changes at the end of the transaction.
    if (removed.length > 0 || added.length > 0) {
      this.counts.noteTermChange(db, tallyOfEvent(event, []), removed, added);
    }
  }

  /** The IDs of the terms (either taxonomy) linked to the event now. */
  async termIdsOf(eventId: number, db: EntityManager): Promise<number[]> {
    const rows = await db.find(EventTerm, { where: { eventId }, select: { termId: true } });
    return rows.map((row) => Number(row.termId));
  }

  /** Every link of an event, when it is deleted for good. */
  async unlinkEvent(eventId: number, db: EntityManager): Promise<void> {
    await db.delete(EventVenue, { eventId });
    await db.delete(EventOrganizer, { eventId });
    await db.delete(EventTerm, { eventId });
  }

  /** Every event's link to a venue or organizer, when it is deleted for good. */
  async unlinkPlace(kind: PlaceKind, id: number, db: EntityManager): Promise<void> {
    const { table, sqlColumn } = PLACES[kind];
    await db.createQueryBuilder().delete().from(table).where(`${sqlColumn} = :id`, { id }).execute();
  }

  /** Every event's link to a term, when it is deleted. */
  async unlinkTerm(termId: number, db: EntityManager): Promise<void> {
    await db.delete(EventTerm, { termId });
  }

  private async placeRows(kind: PlaceKind, eventId: number | FindOperator<number>, db: EntityManager): Promise<PlaceLinkRow[]> {
    const { entity, column } = PLACES[kind];
    const rows = await db.find<EventVenue | EventOrganizer>(entity, { where: { eventId }, order: { position: 'ASC' } });
    return rows.map((row) => ({
      eventId: row.eventId,
      placeId: (row as unknown as Record<string, number>)[column],
      position: row.position,
    }));
  }
}
