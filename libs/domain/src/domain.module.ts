import { Module } from '@nestjs/common';
import { DataVersionBumping } from './data-version/data-version-bumping';
import { DataVersionRepository } from './data-version/data-version.repository';
import { DueEventsPublisher } from './events/due-events.publisher';
import { DueEventsRepository } from './events/due-events.repository';
import { EventSearchIndexRepository } from './events/event-search-index.repository';
import { EventLinksRepository } from './events/event-links.repository';
import { SeriesOccurrencesRepository } from './events/series-occurrences.repository';
import { EventsRepository } from './events/events.repository';
import { DatabaseHealthRepository } from './health/database-health.repository';
import { OrganizersRepository } from './organizers/organizers.repository';
import { ImagesRepository } from './posts/images.repository';
import { PublishedCountsRepository } from './posts/published-counts.repository';
import { BulkInsertRepository } from './seed/bulk-insert.repository';
import { TermCountsRepository } from './terms/term-counts.repository';
import { TermsRepository } from './terms/terms.repository';
import { UsersRepository } from './users/users.repository';
import { WriteLocksRepository } from './write-locks/write-locks.repository';
import { VenuesRepository } from './venues/venues.repository';
import { ServerSecretsRepository } from './server-secrets/server-secrets.repository';
import { ImportSourcesRepository } from './imports/import-sources.repository';
import { ImportedEventsRepository } from './imports/imported-events.repository';
import { LeasesRepository } from './leases/leases.repository';
import { DueImportSourcesRepository } from './imports/due-import-sources.repository';

const REPOSITORIES = [
  EventsRepository,
  EventLinksRepository,
  SeriesOccurrencesRepository,
  EventSearchIndexRepository,
  VenuesRepository,
  OrganizersRepository,
  TermsRepository,
  ImagesRepository,
  UsersRepository,
  WriteLocksRepository,
  DatabaseHealthRepository,
  BulkInsertRepository,
  DataVersionRepository,
  TermCountsRepository,
  PublishedCountsRepository,
  DueEventsPublisher,
  DueEventsRepository,
  ServerSecretsRepository,
  ImportSourcesRepository,
  ImportedEventsRepository,
  LeasesRepository,
  DueImportSourcesRepository,
];

/**
 * The repositories, one per table group: every SQL string and query builder of the application
 * lives in them (and in the migrations). They need the TypeORM DataSource of the importing app.
 */
@Module({ providers: [...REPOSITORIES, DataVersionBumping], exports: REPOSITORIES })
export class DomainModule {}
