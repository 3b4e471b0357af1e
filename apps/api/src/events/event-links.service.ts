import { isEditorial } from '@app/auth';
import { AuthenticatedUser } from '@app/common';
import { canRead } from '@app/posts';
import { CATEGORY_KIND, CountedTerm, TAG_KIND, Term, TermKind, TermsService } from '@app/terms';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, In } from 'typeorm';
import { CreateOrganizerDto } from '../organizers/dto/create-organizer.dto';
import { Organizer } from '../organizers/entities/organizer.entity';
import { OrganizersService } from '../organizers/organizers.service';
import { CreateVenueDto } from '../venues/dto/create-venue.dto';
import { Venue } from '../venues/entities/venue.entity';
import { VenuesService } from '../venues/venues.service';
import { EventFieldsDto } from './dto/create-event.dto';
import { EventOrganizer, EventTerm, EventVenue } from './entities/event-link.entities';
import { referenceList, resolvePostReferences } from './linked-records';

/** The linked records of one event as returned. */
export interface EventLinks {
  venues: Venue[];
  organizers: Organizer[];
  categories: CountedTerm[];
  tags: CountedTerm[];
}

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** A fresh, unshared set of empty links (the arrays are filled in place). */
export function noLinks(): EventLinks {
  return { venues: [], organizers: [], categories: [], tags: [] };
}

/** Writes and reads an event's venues, organizers, categories and tags. */
@Injectable()
export class EventLinksService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly venues: VenuesService,
    private readonly organizers: OrganizersService,
    private readonly terms: TermsService,
  ) {}

  /** Replaces the links the body names; links it does not mention are kept (partial update). */
  async write(manager: EntityManager, eventId: number, dto: EventFieldsDto, user: AuthenticatedUser): Promise<void> {
    if (dto.venue !== undefined) {
      const ids = await resolvePostReferences({
        manager,
        input: dto.venue,
        field: 'venue',
        user,
        service: this.venues,
        createDto: CreateVenueDto,
      });
      await manager.delete(EventVenue, { eventId });
      if (ids.length)
        await manager.insert(
          EventVenue,
          ids.map((venueId, position) => ({ eventId, venueId, position })),
        );
    }
    if (dto.organizer !== undefined) {
      const ids = await resolvePostReferences({
        manager,
        input: dto.organizer,
        field: 'organizer',
        user,
        service: this.organizers,
        createDto: CreateOrganizerDto,
      });
      await manager.delete(EventOrganizer, { eventId });
      if (ids.length)
        await manager.insert(
          EventOrganizer,
          ids.map((organizerId, position) => ({ eventId, organizerId, position })),
        );
    }
    for (const [field, kind] of [
      ['categories', CATEGORY_KIND],
      ['tags', TAG_KIND],
    ] as const) {
      if (dto[field] === undefined) continue;
      const ids = await this.terms.resolveReferences(manager, kind, referenceList(dto[field]), field, isEditorial(user.role));
      await this.replaceTerms(manager, eventId, kind, ids);
    }
  }

  private async replaceTerms(manager: EntityManager, eventId: number, kind: TermKind, termIds: number[]): Promise<void> {
    await manager
      .createQueryBuilder()
      .delete()
      .from(EventTerm)
      .where('event_id = :eventId', { eventId })
      .andWhere('term_id IN (SELECT t.id FROM terms t WHERE t.taxonomy = :taxonomy)', { taxonomy: kind.taxonomy })
      .execute();
    if (termIds.length)
      await manager.insert(
        EventTerm,
        termIds.map((termId) => ({ eventId, termId })),
      );
  }

  /**
   * Links of many events in a fixed number of queries, whatever the page size (no N+1).
   * Trashed venues and organizers, and those the caller may not read, are left out.
   */
  async load(eventIds: number[], user: AuthenticatedUser | undefined, now: Date): Promise<Map<number, EventLinks>> {
    const result = new Map<number, EventLinks>(eventIds.map((id) => [id, noLinks()]));
    if (eventIds.length === 0) return result;
    const manager = this.dataSource.manager;
    const [venueLinks, organizerLinks, termLinks] = await Promise.all([
      manager.find(EventVenue, { where: { eventId: In(eventIds) }, order: { position: 'ASC' } }),
      manager.find(EventOrganizer, { where: { eventId: In(eventIds) }, order: { position: 'ASC' } }),
      manager.find(EventTerm, { where: { eventId: In(eventIds) } }),
    ]);
    const visible = <R extends Venue | Organizer>(records: R[]) =>
      new Map(records.filter((r) => r.status !== 'trash' && canRead(user, r, now)).map((r) => [r.id, r]));
    const termIds = [...new Set(termLinks.map((link) => link.termId))];
    const [venues, organizers, terms, counts] = await Promise.all([
      this.venues.findByIds([...new Set(venueLinks.map((link) => link.venueId))]).then(visible),
      this.organizers.findByIds([...new Set(organizerLinks.map((link) => link.organizerId))]).then(visible),
      termIds.length ? manager.find(Term, { where: { id: In(termIds) } }) : Promise.resolve([] as Term[]),
      this.terms.countPublished(termIds),
    ]);
    for (const link of venueLinks) {
      const venue = venues.get(link.venueId);
      if (venue) result.get(link.eventId)?.venues.push(venue);
    }
    for (const link of organizerLinks) {
      const organizer = organizers.get(link.organizerId);
      if (organizer) result.get(link.eventId)?.organizers.push(organizer);
    }
    const termsById = new Map(terms.map((term) => [term.id, term]));
    // By name ignoring case, as term lists sort: SQL ORDER BY name would follow each driver's collation.
    terms.sort((a, b) => compareText(a.name.toLowerCase(), b.name.toLowerCase()) || a.id - b.id);
    const termOrder = new Map(terms.map((term, index) => [term.id, index]));
    for (const link of [...termLinks].sort((a, b) => (termOrder.get(a.termId) ?? 0) - (termOrder.get(b.termId) ?? 0))) {
      const term = termsById.get(link.termId);
      const links = result.get(link.eventId);
      if (!term || !links) continue;
      const counted = { term, count: counts.get(term.id) ?? 0 };
      (term.taxonomy === CATEGORY_KIND.taxonomy ? links.categories : links.tags).push(counted);
    }
    return result;
  }
}
