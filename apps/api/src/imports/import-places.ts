import { OrganizersRepository, VenuesRepository } from '@app/domain';
import { ImportItem } from '@app/ical-import';
import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { ItemPlaces, organizerFields, PlaceChoice, venueFields } from './import-body';

/**
 * An item's venue and organizer, found by name (ignoring case; the oldest record not in trash) or
 * described for the event write to create, as an event body's inline venue or organizer would be.
 */
@Injectable()
export class ImportPlaces {
  constructor(
    private readonly venues: VenuesRepository,
    private readonly organizers: OrganizersRepository,
  ) {}

  async of(item: ImportItem, manager: EntityManager): Promise<ItemPlaces> {
    const venue = venueFields(item);
    const organizer = organizerFields(item);
    return {
      venue: venue && ((await this.existing(this.venues, String(venue.venue), manager)) ?? venue),
      organizer: organizer && ((await this.existing(this.organizers, organizer.organizer, manager)) ?? organizer),
    };
  }

  private async existing(
    records: VenuesRepository | OrganizersRepository,
    name: string,
    manager: EntityManager,
  ): Promise<PlaceChoice | null> {
    const found = await records.findLiveByTitle(name, manager);
    if (found.length === 0) return null;
    return { id: Math.min(...found.map((record) => record.id)) };
  }
}
