import { isEditorial } from '@app/auth';
import { AuthenticatedUser } from '@app/common';
import { StaleReadError } from '@app/database';
import { CountedTerm, EventLinksRepository, Organizer, PlaceLinkRow, PostRecord, TAXONOMIES, TermsRepository, Venue } from '@app/domain';
import { canRead } from '@app/posts';
import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { CategoriesService } from '../categories/categories.service';
import { CreateOrganizerDto, OrganizerFieldsDto } from '../organizers/dto/create-organizer.dto';
import { OrganizersService } from '../organizers/organizers.service';
import { TagsService } from '../tags/tags.service';
import { CreateVenueDto, VenueFieldsDto } from '../venues/dto/create-venue.dto';
import { VenuesService } from '../venues/venues.service';
import { EventFieldsDto } from './dto/create-event.dto';
import { referenceList, resolvePostReferences } from './linked-records';

/** The linked records of one event as returned. */
export interface EventLinks {
  venues: Venue[];
  organizers: Organizer[];
  categories: CountedTerm[];
  tags: CountedTerm[];
}

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The IDs of what an event body links to, per field it names (absent: leave those links as they are). */
export interface ResolvedLinks {
  venue?: number[];
  organizer?: number[];
  categories?: number[];
  tags?: number[];
}

/** A fresh, unshared set of empty links (the arrays are filled in place). */
export function noLinks(): EventLinks {
  return { venues: [], organizers: [], categories: [], tags: [] };
}

/** Writes and reads an event's venues, organizers, categories and tags. */
@Injectable()
export class EventLinksService {
  constructor(
    private readonly links: EventLinksRepository,
    private readonly terms: TermsRepository,
    private readonly venues: VenuesService,
    private readonly organizers: OrganizersService,
    private readonly categories: CategoriesService,
    private readonly tags: TagsService,
  ) {}

  /**
   * The venues, organizers and terms the body names, found or created, in that order; then kept
   * from deletion until the transaction ends (MySQL: FOR SHARE, in ID order), so no link row can
   * point to a record deleted meanwhile. One that vanished between lookup and lock: the write runs again.
   */
  async resolve(manager: EntityManager, dto: EventFieldsDto, user: AuthenticatedUser): Promise<ResolvedLinks> {
    const resolved: ResolvedLinks = {};
    const places = [
      { field: 'venue', service: this.venues, createDto: CreateVenueDto },
      { field: 'organizer', service: this.organizers, createDto: CreateOrganizerDto },
    ] as const;
    for (const { field, service, createDto } of places) {
      if (dto[field] === undefined) continue;
      const ids = await resolvePostReferences<VenueFieldsDto | OrganizerFieldsDto>({
        manager,
        input: dto[field],
        field,
        user,
        service,
        createDto,
      });
      if ((await service.lockExisting(ids, manager)).length !== ids.length) throw new StaleReadError(`a ${field} was deleted`);
      resolved[field] = ids;
    }
    for (const [field, terms] of [
      ['categories', this.categories],
      ['tags', this.tags],
    ] as const) {
      if (dto[field] === undefined) continue;
      resolved[field] = await terms.resolveReferences(manager, referenceList(dto[field]), field, isEditorial(user.role));
    }
    const termIds = [...(resolved.categories ?? []), ...(resolved.tags ?? [])];
    if ((await this.terms.lockExisting(termIds, manager)).length !== termIds.length) throw new StaleReadError('a term was deleted');
    return resolved;
  }

  /** Sets the links `resolve` found, in a fixed order (venues, organizers, terms); links the body did not mention stay. */
  async write(manager: EntityManager, eventId: number, links: ResolvedLinks, isNew: boolean): Promise<void> {
    if (links.venue) await this.links.setPlaces('venue', eventId, links.venue, isNew, manager);
    if (links.organizer) await this.links.setPlaces('organizer', eventId, links.organizer, isNew, manager);
    if (links.categories) await this.links.setTerms(eventId, this.categories.kind.taxonomy, links.categories, isNew, manager);
    if (links.tags) await this.links.setTerms(eventId, this.tags.kind.taxonomy, links.tags, isNew, manager);
  }

  /**
   * Links of many events in a fixed number of queries, whatever the page size (no N+1).
   * Trashed venues and organizers, and those the caller may not read, are left out.
   */
  async load(eventIds: number[], user: AuthenticatedUser | undefined, now: Date): Promise<Map<number, EventLinks>> {
    const result = new Map<number, EventLinks>(eventIds.map((id) => [id, noLinks()]));
    if (eventIds.length === 0) return result;
    const rows = await this.links.rowsOf(eventIds);
    const visible = <R extends PostRecord>(records: R[]) =>
      new Map(records.filter((r) => r.status !== 'trash' && canRead(user, r, now)).map((r) => [r.id, r]));
    const placeIds = (links: PlaceLinkRow[]) => [...new Set(links.map((link) => link.placeId))];
    const termIds = [...new Set(rows.terms.map((link) => link.termId))];
    const [venues, organizers, terms, counts] = await Promise.all([
      this.venues.findByIds(placeIds(rows.venues)).then(visible),
      this.organizers.findByIds(placeIds(rows.organizers)).then(visible),
      this.terms.findAnyByIds(termIds),
      this.terms.publishedCounts(termIds, now),
    ]);
    for (const [links, records, key] of [
      [rows.venues, venues, 'venues'],
      [rows.organizers, organizers, 'organizers'],
    ] as const) {
      for (const link of links) {
        const record = records.get(link.placeId);
        if (record) (result.get(link.eventId)?.[key] as PostRecord[] | undefined)?.push(record);
      }
    }
    const termsById = new Map(terms.map((term) => [term.id, term]));
    // By name ignoring case, as term lists sort: SQL ORDER BY name would follow each driver's collation.
    terms.sort((a, b) => compareText(a.name.toLowerCase(), b.name.toLowerCase()) || a.id - b.id);
    const termOrder = new Map(terms.map((term, index) => [term.id, index]));
    for (const link of [...rows.terms].sort((a, b) => (termOrder.get(a.termId) ?? 0) - (termOrder.get(b.termId) ?? 0))) {
      const term = termsById.get(link.termId);
      const links = result.get(link.eventId);
      if (!term || !links) continue;
      const counted = { term, count: counts.get(term.id) ?? 0 };
      (term.taxonomy === TAXONOMIES.category ? links.categories : links.tags).push(counted);
    }
    return result;
  }
}
