import { Injectable } from '@nestjs/common';
import { venueSearchGrams } from '../search/search-gram-kinds';
import { DataSource } from 'typeorm';
import { EventLinksRepository } from '../events/event-links.repository';
import { EventsRepository } from '../events/events.repository';
import { LinkedRecordsRepository } from '../posts/linked-records.repository';
import { PublishedCountsRepository } from '../posts/published-counts.repository';
import { Venue } from './venue.entity';

/** Every query over the venues table. */
@Injectable()
export class VenuesRepository extends LinkedRecordsRepository<Venue> {
  protected readonly searchGrams = venueSearchGrams;

  constructor(dataSource: DataSource, events: EventsRepository, links: EventLinksRepository, publishedCounts: PublishedCountsRepository) {
    super(dataSource, Venue, 'venue', events, links, publishedCounts);
  }
}
