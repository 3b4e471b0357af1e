import { TransactionRunner } from '@app/database';
import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { TermCountsRepository } from '../terms/term-counts.repository';
import { DueEventsRepository } from './due-events.repository';

/** Events flipped per transaction: short transactions even after a long pause. */
const BATCH = 200;

/**
 * Scheduled (`future`) events become published when their date passes, without a scheduler
 * process: every read that shows term counts first calls `promote(now)`. Its usual cost is one
 * lookup on the `(status, published_utc)` index that finds nothing. When events are due, one
 * transaction flips each with a conditional UPDATE (`... AND status = 'future'`) and adds its
 * terms' counts only when that UPDATE changed the row, so several instances on one database may
 * race here and still count every event exactly once (MySQL: the second waits for the row lock,
 * then finds the row already published; SQLite: writers of the file take turns).
 *
 * Reads still treat a due `future` row as published (`publishedCondition`), so lists are exact
 * at the due instant even before the flip; the flip is what makes the stored counts exact.
 */
@Injectable()
export class DueEventsPublisher {
  constructor(
    private readonly due: DueEventsRepository,
    private readonly transactions: TransactionRunner,
    private readonly counts: TermCountsRepository,
  ) {}

  /**
   * Publishes every `future` event due at `now`; how many this call flipped. `eventsDue` false: the
   * request's data version, read at `now`, found none (RequestContext.eventsDue), so no query is needed.
   */
  async promote(now: Date, eventsDue?: boolean): Promise<number> {
    if (eventsDue === false) return 0;
    let promoted = 0;
    while (await this.due.anyDue(now)) {
      const { flipped, batchFull } = await this.transactions.run((db) => this.promoteBatch(now, db));
      promoted += flipped;
      if (!batchFull) break;
    }
    return promoted;
  }

  private async promoteBatch(now: Date, db: EntityManager): Promise<{ flipped: number; batchFull: boolean }> {
    const due = await this.due.dueIds(now, BATCH, db);
    let flipped = 0;
    for (const id of [...due].sort((a, b) => a - b)) {
      if (!(await this.due.publish(id, db))) continue;
      flipped++;
      this.counts.noteEvent(db, await this.counts.tallyOf(id, db), 1);
    }
    await this.counts.flush(db);
    return { flipped, batchFull: due.length === BATCH };
  }
}
