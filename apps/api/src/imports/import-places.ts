import { FieldErrors } from '@app/common';
import { OrganizersRepository, VenuesRepository } from '@app/domain';
import { ImportItem } from '@app/ical-import';
import { TermsService } from '@app/terms';
import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { CategoriesService } from '../categories/categories.service';
import { TagsService } from '../tags/tags.service';
import { ItemPlaces, organizerFields, PlaceChoice, venueFields } from './import-body';
import { LookupKind, RunLookups } from './import-lookups';

/**
 * An item's venue and organizer, found by name (ignoring case; the oldest record not in trash) or
 * described for the event write to create, as an event body's inline venue or organizer would be;
 * and its categories and tags by ID where the name finds one. Each name is looked up once per run
 * (RunLookups); the event rules then read the records by ID.
 */
@Injectable()
export class ImportPlaces {
  private readonly termServices: Record<'categories' | 'tags', TermsService>;

  constructor(
    private readonly venues: VenuesRepository,
    private readonly organizers: OrganizersRepository,
    categories: CategoriesService,
    tags: TagsService,
  ) {
    this.termServices = { categories, tags };
  }

  async of(item: ImportItem, manager: EntityManager, lookups: RunLookups): Promise<ItemPlaces> {
    const venue = venueFields(item);
    const organizer = organizerFields(item);
    return {
      venue: venue && ((await this.existing('venue', String(venue.venue), manager, lookups)) ?? venue),
      organizer: organizer && ((await this.existing('organizer', organizer.organizer, manager, lookups)) ?? organizer),
    };
  }

  /**
   * Term references of a body (names, slugs or IDs) with every name that finds a term replaced by
   * its ID; the rest stay as they are, for the event rules to create or refuse as they would.
   */
  async termIds(field: 'categories' | 'tags', references: unknown, manager: EntityManager, lookups: RunLookups): Promise<unknown> {
    if (!Array.isArray(references)) return references;
    const resolved: unknown[] = [];
    for (const reference of references) {
      if (typeof reference !== 'string') {
        resolved.push(reference);
        continue;
      }
      let id = lookups.get(field, reference);
      if (id === undefined) {
        const [found] = await this.termServices[field].draftReferences(manager, [reference], field, true, FieldErrors.empty());
        if (found && 'id' in found) lookups.remember(field, reference, (id = found.id));
      }
      resolved.push(id ?? reference);
    }
    return resolved;
  }

  private async existing(kind: LookupKind, name: string, manager: EntityManager, lookups: RunLookups): Promise<PlaceChoice | null> {
    const known = lookups.get(kind, name);
    if (known !== undefined) return { id: known };
    const records = kind === 'venue' ? this.venues : this.organizers;
    const found = await records.findLiveByTitle(name, manager);
    if (found.length === 0) return null;
    const id = Math.min(...found.map((record) => record.id));
    lookups.remember(kind, name, id);
    return { id };
  }
}
