import { isEditorial } from '@app/auth';
import { AuthenticatedUser } from '@app/common';
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

  /** Sets the links the body names; links it does not mention are kept (partial update). */
  async write(manager: EntityManager, eventId: number, dto: EventFieldsDto, user: AuthenticatedUser, isNew: boolean): Promise<void> {
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
      await this.links.setPlaces(field, eventId, ids, isNew, manager);
    }
    for (const [field, terms] of [
      ['categories', this.categories],
      ['tags', this.tags],
    ] as const) {
      if (dto[field] === undefined) continue;
      const ids = await terms.resolveReferences(manager, referenceList(dto[field]), field, isEditorial(user.role));
      await this.links.setTerms(eventId, terms.kind.taxonomy, ids, isNew, manager);
    }
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
