import { TransactionRunner } from '@app/database';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { clearSearchGrams, keepsSearchGrams } from '../search/search-gram-index';
import { eventSearchGrams, organizerSearchGrams, venueSearchGrams } from '../search/search-gram-kinds';

const GRAM_INDEXES = [eventSearchGrams, venueSearchGrams, organizerSearchGrams];

/** The highest record ID of each searchable table, before a bulk load. */
export type SearchMarks = Record<string, number>;

/** The insert trigger of migration 1797300000003 (EventSearchIndex), as that migration creates it. */
const INSERT_TRIGGER = 'events_search_insert';
const INSERT_TRIGGER_SQL = `CREATE TRIGGER ${INSERT_TRIGGER} AFTER INSERT ON events BEGIN
         INSERT INTO events_search (rowid, title, description, excerpt) VALUES (new.id, new.title, new.description, new.excerpt); END`;

/**
 * The SQLite search index of events (FTS5 trigram table `events_search`, kept by triggers) during
 * a bulk load. Indexing event by event through the trigger costs about 0.12 ms per event (the
 * trigger, and a segment flushed and merged at every commit); indexing all rows in one pass after
 * the load costs a third of that. So a bulk load suspends the insert trigger and, at its end,
 * rebuilds the whole index from the table in one transaction and puts the trigger back: the index
 * is exact afterwards whatever was written beside the load (events the service created meanwhile,
 * or updated: the update and delete triggers stay).
 *
 * MySQL/MariaDB keep a passage index instead (search/search-gram-index.ts), written by the
 * repositories with each record; a bulk load writes records past them, so it notes the last IDs
 * before (`marks`) and fills the grams of everything above them after (`fillAfter`).
 */
@Injectable()
export class EventSearchIndexRepository {
  constructor(
    private readonly dataSource: DataSource,
    private readonly transactions: TransactionRunner,
  ) {}

  private get indexed(): boolean {
    return this.dataSource.options.type === 'better-sqlite3';
  }

  /**
   * Runs the load with the insert trigger suspended, then rebuilds the index and restores the
   * trigger, also when the load fails. A load killed on its way leaves the trigger missing:
   * `restore` (which every start of a load calls first) repairs that.
   */
  async deferredDuring<T>(load: () => Promise<T>): Promise<T> {
    if (!this.indexed) return load();
    await this.restore();
    await this.transactions.run((db) => db.query(`DROP TRIGGER IF EXISTS ${INSERT_TRIGGER}`));
    try {
      return await load();
    } finally {
      await this.restore();
    }
  }

  /** When the insert trigger is missing (a load was interrupted): rebuilds the index and puts the trigger back. */
  async restore(): Promise<boolean> {
    if (!this.indexed) return false;
    // One write transaction: the service's writes wait for it, none is left unindexed.
    return this.transactions.run(async (db) => {
      const rows: unknown[] = await db.query(`SELECT 1 FROM sqlite_master WHERE type = 'trigger' AND name = ?`, [INSERT_TRIGGER]);
      if (rows.length > 0) return false;
      // No merging of segments while the rebuild writes them (a third less work); later writes
      // merge them as usual (FTS5's defaults).
      // FTS5 takes these settings as integer literals only (a bound JS number arrives as a real).
      const merging = (automerge: number, crisismerge: number) =>
        db.query(
          `INSERT INTO events_search (events_search, rank) VALUES ('automerge', ${Math.trunc(automerge)}), ('crisismerge', ${Math.trunc(crisismerge)})`,
        );
      await merging(0, 64);
      await db.query(`INSERT INTO events_search (events_search) VALUES ('rebuild')`);
      await merging(4, 16);
      await db.query(INSERT_TRIGGER_SQL);
      return true;
    });
  }

  /** MySQL/MariaDB: the highest ID of each searchable table, before a bulk load (empty on SQLite). */
  async marks(): Promise<SearchMarks> {
    if (!keepsSearchGrams(this.dataSource)) return {};
    const marks: SearchMarks = {};
    for (const index of GRAM_INDEXES) marks[index.table] = await index.lastId(this.dataSource);
    return marks;
  }

  /** MySQL/MariaDB: the grams of every record written above the marks (by a bulk load); how many records. */
  async fillAfter(marks: SearchMarks): Promise<number> {
    let records = 0;
    for (const index of GRAM_INDEXES) {
      if (marks[index.table] !== undefined) records += await index.fill(this.dataSource, marks[index.table]);
    }
    return records;
  }

  /**
   * Rebuilds the whole search index from the records: SQLite's FTS5 table in one transaction;
   * MySQL/MariaDB's passage index emptied and filled again kind by kind (a search meanwhile finds
   * fewer candidates until the fill passes them: run it when the index is known to be wrong).
   * Returns how many records of each kind were indexed.
   */
  async rebuild(): Promise<Record<string, number>> {
    const counted: Record<string, number> = {};
    if (keepsSearchGrams(this.dataSource)) {
      await clearSearchGrams(this.dataSource);
      for (const index of GRAM_INDEXES) counted[index.table] = await index.fill(this.dataSource);
      return counted;
    }
    if (!this.indexed) return counted;
    if (!(await this.restore())) {
      await this.transactions.run((db) => db.query(`INSERT INTO events_search (events_search) VALUES ('rebuild')`));
    }
    const rows = (await this.dataSource.query('SELECT COUNT(1) AS n FROM events')) as Array<{ n: number }>;
    counted.events = Number(rows[0]?.n ?? 0);
    return counted;
  }
}
