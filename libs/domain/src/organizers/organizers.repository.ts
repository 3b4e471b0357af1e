import { Injectable } from '@nestjs/common';
import { organizerSearchGrams } from '../search/search-gram-kinds';
import { DataSource } from 'typeorm';
import { EventLinksRepository } from '../events/event-links.repository';
import { EventsRepository } from '../events/events.repository';
import { LinkedRecordsRepository } from '../posts/linked-records.repository';
import { PublishedCountsRepository } from '../posts/published-counts.repository';
import { Organizer } from './organizer.entity';

/** Every query over the organizers table. */
@Injectable()
export class OrganizersRepository extends LinkedRecordsRepository<Organizer> {
  protected readonly searchGrams = organizerSearchGrams;

  constructor(dataSource: DataSource, events: EventsRepository, links: EventLinksRepository, publishedCounts: PublishedCountsRepository) {
    super(dataSource, Organizer, 'organizer', events, links, publishedCounts);
  }
}
