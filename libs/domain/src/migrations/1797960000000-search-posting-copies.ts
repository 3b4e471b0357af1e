import { MigrationInterface, QueryRunner } from 'typeorm';
import { keepsSearchGrams, POSTINGS_BY_PASSAGE_INDEX, SEARCH_POSTINGS_TABLE } from '../search/search-gram-index';
import { eventSearchGrams } from '../search/search-gram-kinds';

/** Events whose postings get their copies per statement: short statements, also for Galera's write sets. */
const EVENTS_PER_FILL = 5000;

const OLD_INDEX = { name: 'IDX_search_postings_passage', columns: ['kind', 'passage_id', 'record_id', 'fields'] };

/*
 * MySQL/MariaDB: the search postings carry copies of what a list checks of an event (status,
 * publication date, listing, series row, start, end, password lock; search-gram-kinds.ts), kept
 * in the event's write transactions, and their index by passage holds them: a search's total is
 * counted from that index alone, without one look-up in `events` per match (at a million events
 * the 20,917 matches of `jazz` cost about 4 µs each). SQLite has no postings (its FTS5 index).
 */
export class SearchPostingCopies1797960000000 implements MigrationInterface {
  name = 'SearchPostingCopies1797960000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    if (!keepsSearchGrams(queryRunner.connection)) return;
    await queryRunner.query(
      `ALTER TABLE ${SEARCH_POSTINGS_TABLE}
         ADD COLUMN status VARCHAR(20) NOT NULL DEFAULT '',
         ADD COLUMN published_utc DATETIME NULL,
         ADD COLUMN hide_from_listings TINYINT NOT NULL DEFAULT 0,
         ADD COLUMN is_series TINYINT NOT NULL DEFAULT 0,
         ADD COLUMN start_utc DATETIME NULL,
         ADD COLUMN end_utc DATETIME NULL,
         ADD COLUMN locked TINYINT NOT NULL DEFAULT 0,
         DROP INDEX ${OLD_INDEX.name}`,
    );
    // Filled before the index is built: one sorted build instead of every row moving in it.
    const [{ last }] = (await queryRunner.query('SELECT COALESCE(MAX(id), 0) AS last FROM events')) as Array<{ last: number | string }>;
    for (let from = 0; from < Number(last); from += EVENTS_PER_FILL) {
      const ids = (await queryRunner.query('SELECT id FROM events WHERE id > ? AND id <= ? AND text_id = id', [
        from,
        from + EVENTS_PER_FILL,
      ])) as Array<{ id: number | string }>;
      await eventSearchGrams.syncCopies(
        ids.map((row) => Number(row.id)),
        queryRunner.manager,
      );
    }
    await queryRunner.query(
      `ALTER TABLE ${SEARCH_POSTINGS_TABLE} ADD INDEX ${POSTINGS_BY_PASSAGE_INDEX.name} (${POSTINGS_BY_PASSAGE_INDEX.columns.join(', ')})`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    if (!keepsSearchGrams(queryRunner.connection)) return;
    await queryRunner.query(
      `ALTER TABLE ${SEARCH_POSTINGS_TABLE}
         DROP INDEX ${POSTINGS_BY_PASSAGE_INDEX.name},
         DROP COLUMN status, DROP COLUMN published_utc, DROP COLUMN hide_from_listings, DROP COLUMN is_series,
         DROP COLUMN start_utc, DROP COLUMN end_utc, DROP COLUMN locked,
         ADD INDEX ${OLD_INDEX.name} (${OLD_INDEX.columns.join(', ')})`,
    );
  }
}
