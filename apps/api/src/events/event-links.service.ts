import { isEditorial } from '@app/auth';
import { AuthenticatedUser, FieldErrors, RequestContext } from '@app/common';
import { StaleReadError } from '@app/database';
import {
  CalendarEvent,
  DueEventsPublisher,
  EventLinksRepository,
  Organizer,
  PlaceLinkRow,
  PostRecord,
  RecordsAtVersion,
  Taxonomy,
  TAXONOMIES,
  Term,
  TermsRepository,
  Venue,
} from '@app/domain';
import { canRead } from '@app/posts';
import { ancestorSlugs, ShownTerm, TermLoader, TermReference, termsWithAncestors } from '@app/terms';
import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { CategoriesService } from '../categories/categories.service';
import { CreateOrganizerDto, OrganizerFieldsDto } from '../organizers/dto/create-organizer.dto';
import { OrganizersService } from '../organizers/organizers.service';
import { TagsService } from '../tags/tags.service';
import { CreateVenueDto, VenueFieldsDto } from '../venues/dto/create-venue.dto';
import { VenuesService } from '../venues/venues.service';
import { EventFieldsDto } from './dto/create-event.dto';
import { draftPlaceReferences, insertPlaceReferences, PlaceReference, referenceList } from './linked-records';

/** An event body's links, checked and ready to write. */
export interface EventLinkPlan {
  places: Array<{ field: 'venue' | 'organizer'; references: Array<PlaceReference<PostRecord, VenueFieldsDto | OrganizerFieldsDto>> }>;
  terms: Array<{ field: 'categories' | 'tags'; references: TermReference[] }>;
}

/** The linked records of one event as returned. */
export interface EventLinks {
  venues: Venue[];
  organizers: Organizer[];
  categories: ShownTerm[];
  tags: ShownTerm[];
}

/** What load() needs of the request: its instant and what its data version read found (RequestContext). */
type LinksRead = Pick<RequestContext, 'now' | 'eventsDue' | 'dataVersion'>;

/** How many linked records of each kind a process keeps at the current data version. */
const KEPT_RECORDS = 5_000;

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** A fresh, unshared set of empty links (the arrays are filled in place). */
export function noLinks(): EventLinks {
  return { venues: [], organizers: [], categories: [], tags: [] };
}

/** Writes and reads an event's venues, organizers, categories and tags. */
@Injectable()
export class EventLinksService {
  private readonly places;
  private readonly termServices;
  /** Venues, organizers and terms shown on page after page, read once per data version. */
  private readonly kept = {
    venues: new RecordsAtVersion<Venue>(KEPT_RECORDS),
    organizers: new RecordsAtVersion<Organizer>(KEPT_RECORDS),
    terms: new RecordsAtVersion<Term>(KEPT_RECORDS),
  };

  constructor(
    private readonly links: EventLinksRepository,
    private readonly terms: TermsRepository,
    private readonly venues: VenuesService,
    private readonly organizers: OrganizersService,
    categories: CategoriesService,
    tags: TagsService,
    private readonly dueEvents: DueEventsPublisher,
  ) {
    this.places = {
      venue: { service: venues, createDto: CreateVenueDto },
      organizer: { service: organizers, createDto: CreateOrganizerDto },
    } as const;
    this.termServices = { categories, tags } as const;
  }

  /**
   * Checks the links the body names (every bad one recorded in `errors`); nothing is written.
   * Links the body does not mention stay as they are (partial update).
   */
  async draft(manager: EntityManager, dto: EventFieldsDto, user: AuthenticatedUser, errors: FieldErrors): Promise<EventLinkPlan> {
    const plan: EventLinkPlan = { places: [], terms: [] };
    for (const field of ['venue', 'organizer'] as const) {
      if (dto[field] === undefined) continue;
      const { service, createDto } = this.places[field];
      const references = await draftPlaceReferences<PostRecord, VenueFieldsDto | OrganizerFieldsDto>({
        manager,
        input: dto[field],
        field,
        user,
        service,
        createDto,
        errors,
      });
      plan.places.push({ field, references });
    }
    for (const field of ['categories', 'tags'] as const) {
      if (dto[field] === undefined) continue;
      const references = await this.termServices[field].draftReferences(
        manager,
        referenceList(dto[field]),
        field,
        isEditorial(user.role),
        errors,
      );
      plan.terms.push({ field, references });
    }
    return plan;
  }

  /**
   * Writes the checked links: new venues, organizers and terms first; then what the links point to
   * is kept from deletion until the transaction ends (MySQL: FOR SHARE, in ID order; terms with
   * the event's current terms, whose counts the write changes), so no link row
   * can point to a record deleted meanwhile (one that vanished since the check: the write runs
   * again); then the link rows, in a fixed order (venues, organizers, terms).
   */
  async write(manager: EntityManager, event: CalendarEvent, plan: EventLinkPlan, user: AuthenticatedUser, isNew: boolean): Promise<void> {
    const eventId = event.id;
    const places: Array<{ field: 'venue' | 'organizer'; ids: number[] }> = [];
    for (const { field, references } of plan.places) {
      const { service } = this.places[field];
      const ids = await insertPlaceReferences(manager, user, service, references);
      if ((await service.lockExisting(ids, manager)).length !== ids.length) throw new StaleReadError(`a ${field} was deleted`);
      places.push({ field, ids });
    }
    const terms: Array<{ taxonomy: Taxonomy; ids: number[] }> = [];
    for (const { field, references } of plan.terms) {
      const service = this.termServices[field];
      terms.push({ taxonomy: service.kind.taxonomy, ids: await service.insertReferences(manager, references) });
    }
    const termIds = terms.flatMap(({ ids }) => ids);
    // Every term whose count this write may change (those it links and those the event had), all
    // locked in one statement in ID order before any count changes: a term locked later, out of
    // that order, let two writers each hold a term the other waited for.
    const counted = [...new Set([...termIds, ...(isNew ? [] : await this.links.termIdsOf(eventId, manager))])];
    const locked = new Set(await this.terms.lockExisting(counted, manager));
    if (termIds.some((id) => !locked.has(id))) throw new StaleReadError('a term was deleted');
    for (const { field, ids } of places) await this.links.setPlaces(field, eventId, ids, isNew, manager);
    await this.links.setTerms(
      event,
      terms.map(({ taxonomy, ids }) => ({ taxonomy, termIds: ids })),
      isNew,
      manager,
    );
  }

  /**
   * Links of many events in a fixed number of queries, whatever the page size (no N+1).
   * Trashed venues and organizers, and those the caller may not read, are left out.
   */
  async load(eventIds: number[], user: AuthenticatedUser | undefined, read: LinksRead): Promise<Map<number, EventLinks>> {
    const { now, eventsDue } = read;
    const result = new Map<number, EventLinks>(eventIds.map((id) => [id, noLinks()]));
    if (eventIds.length === 0) return result;
    // Scheduled events due by now count before the stored term counts are read.
    await this.dueEvents.promote(now, eventsDue);
    // Records kept at the read's data version; not when this read just published events (their counts moved).
    const version = eventsDue === false ? read.dataVersion : undefined;
    const rows = await this.links.rowsOf(eventIds);
    const visible = <R extends PostRecord>(records: R[]) =>
      new Map(records.filter((r) => r.status !== 'trash' && canRead(user, r, now)).map((r) => [r.id, r]));
    const placeIds = (links: PlaceLinkRow[]) => [...new Set(links.map((link) => link.placeId))];
    const termIds = [...new Set(rows.terms.map((link) => link.termId))];
    // The linked terms and their ancestors (for their URLs), read together: one query for any depth.
    const loadTerms: TermLoader = (ids) => this.kept.terms.find(version, ids, (missing) => this.terms.withAncestors(missing));
    const [venues, organizers, termsById] = await Promise.all([
      this.kept.venues.find(version, placeIds(rows.venues), (ids) => this.venues.findByIds(ids)).then(visible),
      this.kept.organizers.find(version, placeIds(rows.organizers), (ids) => this.organizers.findByIds(ids)).then(visible),
      loadTerms(termIds).then((terms) => termsWithAncestors(terms, loadTerms)),
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
    const shownTerms = new Map<number, ShownTerm>();
    for (const id of termIds) {
      const term = termsById.get(id);
      if (term) shownTerms.set(id, { term, count: term.count, ancestorSlugs: ancestorSlugs(term, termsById) });
    }
    // By name ignoring case, as term lists sort: SQL ORDER BY name would follow each driver's collation.
    const sorted = [...shownTerms.values()].sort(
      (a, b) => compareText(a.term.name.toLowerCase(), b.term.name.toLowerCase()) || a.term.id - b.term.id,
    );
    const termOrder = new Map(sorted.map(({ term }, index) => [term.id, index]));
    for (const link of [...rows.terms].sort((a, b) => (termOrder.get(a.termId) ?? 0) - (termOrder.get(b.termId) ?? 0))) {
      const shown = shownTerms.get(link.termId);
      const links = result.get(link.eventId);
      if (!shown || !links) continue;
      (shown.term.taxonomy === TAXONOMIES.category ? links.categories : links.tags).push(shown);
    }
    return result;
  }
}
