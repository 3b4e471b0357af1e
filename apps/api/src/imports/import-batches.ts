import { TransactionRunner } from '@app/database';
import { PublishedCountsRepository } from '@app/domain';
import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { EventRefused, RunContext, UidWrite } from './import-group.writer';
import { emptyReport, ImportReport } from './import-report';

/** At most this many UIDs share a transaction. */
const BATCH_UIDS = 200;
/**
 * A batch takes no further UID once it has run this long: its transaction holds SQLite's write lock
 * (other writers wait in turn) and, on MariaDB, the row locks of what it wrote.
 */
const BATCH_MILLISECONDS = 400;
const SAVEPOINT = 'import_uid';

/** What a batch's transaction did: its part of the report, and where the next batch starts. */
interface BatchOutcome {
  report: ImportReport;
  next: number;
}

/** A batch in which every UID was refused: rolled back whole, so it raises no data version. */
class NothingWritten extends Error {
  constructor(readonly outcome: BatchOutcome) {
    super('every UID of the batch was refused');
  }
}

/**
 * Runs a run's UID writes several to a transaction (README, Importing calendars): a transaction
 * costs a commit and a data version, which one UID at a time made a large share of a first import.
 * Each UID is written under its own savepoint, so one the event rules refuse is rolled back alone
 * (and reported in `skipped`) while the others stay: never half of one UID. A transaction run again
 * after a conflict (SQLite busy, a deadlock, a Galera certification failure) runs all of its UIDs
 * again from the start; the report counts a batch only once it committed.
 */
@Injectable()
export class ImportBatches {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly publishedCounts: PublishedCountsRepository,
  ) {}

  async write(run: RunContext, writes: UidWrite[]): Promise<void> {
    let next = 0;
    while (next < writes.length) next = await this.batch(run, writes, next);
  }

  private async batch(run: RunContext, writes: UidWrite[], start: number): Promise<number> {
    const mark = run.lookups.mark();
    let attempts = 0;
    let outcome: BatchOutcome;
    try {
      outcome = await this.transactions.run((manager) => {
        // A record found by an attempt that lost may be gone: names are looked up afresh.
        if (attempts++ > 0) run.lookups.forgetAll();
        return this.writeSome(run, manager, writes, start);
      });
    } catch (error) {
      run.lookups.forgetSince(mark);
      if (!(error instanceof NothingWritten)) throw error;
      outcome = error.outcome;
    }
    addTo(run.report, outcome.report);
    return outcome.next;
  }

  private async writeSome(run: RunContext, manager: EntityManager, writes: UidWrite[], start: number): Promise<BatchOutcome> {
    const started = Date.now();
    const report = emptyReport();
    let written = 0;
    let next = start;
    while (next < writes.length && next - start < BATCH_UIDS && (next === start || Date.now() - started < BATCH_MILLISECONDS)) {
      const write = writes[next++];
      const mark = run.lookups.mark();
      const own = emptyReport();
      await manager.query(`SAVEPOINT ${SAVEPOINT}`);
      // Its own manager: what the event rules gather per manager for the commit (term counts) goes with the UID.
      const uidManager = manager.dataSource.createEntityManager(manager.queryRunner);
      try {
        await write.write(uidManager, own);
      } catch (error) {
        if (!(error instanceof EventRefused)) throw error;
        await manager.query(`ROLLBACK TO SAVEPOINT ${SAVEPOINT}`);
        await manager.query(`RELEASE SAVEPOINT ${SAVEPOINT}`);
        run.lookups.forgetSince(mark);
        report.skipped.push({ uid: write.uid, line: write.line, reason: 'event_rejected', fields: error.fields });
        continue;
      }
      await manager.query(`RELEASE SAVEPOINT ${SAVEPOINT}`);
      // The venues and organizers it wrote count at the transaction's commit, which flushes the batch's manager.
      this.publishedCounts.carry(uidManager, manager);
      addTo(report, own);
      written++;
    }
    if (written === 0) throw new NothingWritten({ report, next });
    return { report, next };
  }
}

function addTo(report: ImportReport, part: ImportReport): void {
  report.created += part.created;
  report.updated += part.updated;
  report.unchanged += part.unchanged;
  report.removed += part.removed;
  report.skipped.push(...part.skipped);
  report.overridden.push(...part.overridden);
  report.kept.push(...part.kept);
}
