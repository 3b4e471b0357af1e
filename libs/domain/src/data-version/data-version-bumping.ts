import { TransactionRunner } from '@app/database';
import { Injectable, OnModuleInit } from '@nestjs/common';
import { DataVersionRepository } from './data-version.repository';

/** Makes every write transaction of the app (API and CLI alike) raise the data version. */
@Injectable()
export class DataVersionBumping implements OnModuleInit {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly versions: DataVersionRepository,
  ) {}

  onModuleInit(): void {
    this.transactions.addBeforeCommit((db) => this.versions.bump(db));
  }
}
