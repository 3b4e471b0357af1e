import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { isRetryableConflict } from './conflicts';

/**
 * Each round of a slug race has one winner, so N parallel writers of one name need up to N tries;
 * a random pause before each retry spreads the losers out so that most need only one more.
 */
const MAX_ATTEMPTS = 20;
const RETRY_PAUSE_MS = 20;

/**
 * Runs a unit of work in one transaction, and runs it again whole when it lost a race the database
 * reports as retryable (a unique-key clash a fresh read resolves, a deadlock). SQLite has a single
 * connection per DataSource, so two overlapping transactions would collide ("cannot start a
 * transaction within a transaction"); there the work is queued. MySQL runs transactions in
 * parallel on its pool.
 */
@Injectable()
export class TransactionRunner {
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly dataSource: DataSource) {}

  get isSqlite(): boolean {
    return this.dataSource.options.type === 'better-sqlite3';
  }

  async run<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.once(work);
      } catch (error) {
        if (!isRetryableConflict(error) || attempt >= MAX_ATTEMPTS) throw error;
        await new Promise((resolve) => setTimeout(resolve, Math.random() * RETRY_PAUSE_MS));
      }
    }
  }

  private once<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    if (!this.isSqlite) return this.dataSource.transaction(work);
    const next = this.queue.then(() => this.dataSource.transaction(work));
    this.queue = next.catch(() => undefined);
    return next;
  }
}
