import { TransactionRunner } from '@app/database';
import { Injectable, OnModuleInit } from '@nestjs/common';
import { PublishedCountsRepository } from '../posts/published-counts.repository';
import { storeNotedPassages } from '../search/search-passages';
import { DataVersionRepository } from './data-version.repository';

/**
 * Makes every write transaction of the app (API and CLI alike) end with the new search passages
 * it noted (notePassages), the published counts it noted (PublishedCountsRepository), then raise
 * the data version: one hook, so that their order,
 * which is the order every writer takes these rows in, cannot depend on the order of start-up.
 */
@Injectable()
export class DataVersionBumping implements OnModuleInit {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly versions: DataVersionRepository,
    private readonly publishedCounts: PublishedCountsRepository,
  ) {}

  onModuleInit(): void {
    this.transactions.addBeforeCommit(async (db) => {
      await storeNotedPassages(db);
      await this.publishedCounts.flush(db);
      await this.versions.bump(db);
    });
  }
}
