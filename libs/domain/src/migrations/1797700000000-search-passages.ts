import { MigrationInterface, QueryRunner } from 'typeorm';
import { clearSearchGrams, SEARCH_POSTINGS_TABLE } from '../search/search-gram-index';
import { eventSearchGrams, organizerSearchGrams, venueSearchGrams } from '../search/search-gram-kinds';
import { PASSAGE_GRAMS_TABLE, PASSAGES_TABLE } from '../search/search-passages';

const OLD_TEXT_INDEX = ['text_id'];
const TEXT_INDEX = ['text_id', 'hide_from_listings', 'is_series', 'status', 'start_utc', 'end_utc', 'published_utc', 'password'];

/*
 * MySQL/MariaDB: the search index keeps each distinct passage of the records' texts once, with
 * its grams, and per record the passages it holds (search/search-grams.ts, "Passages";
 * search-passages.ts; search-gram-index.ts), in place of one gram row per distinct gram of each
 * record (`search_grams`, about 160 rows per event). All InnoDB, written in the record's
 * transaction, replicated by Galera like it. Filled here from the records already stored.
 * Both databases: `IDX_events_text` also holds what a list checks of a search's matches, so a
 * search reads the index, not the rows.
 */
export class SearchPassages1797700000000 implements MigrationInterface {
  name = 'SearchPassages1797700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    if (queryRunner.connection.options.type === 'better-sqlite3') {
      await this.textIndex(queryRunner, TEXT_INDEX);
      return;
    }
    await queryRunner.query('DROP TABLE IF EXISTS search_grams');
    await queryRunner.query(
      `CREATE TABLE ${PASSAGES_TABLE} (
         kind TINYINT UNSIGNED NOT NULL,
         id BIGINT NOT NULL,
         text MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL,
         PRIMARY KEY (kind, id)
       ) ENGINE=InnoDB`,
    );
    await queryRunner.query(
      `CREATE TABLE ${PASSAGE_GRAMS_TABLE} (
         kind TINYINT UNSIGNED NOT NULL,
         gram BIGINT NOT NULL,
         passage_id BIGINT NOT NULL,
         PRIMARY KEY (kind, gram, passage_id)
       ) ENGINE=InnoDB`,
    );
    await queryRunner.query(
      `CREATE TABLE ${SEARCH_POSTINGS_TABLE} (
         kind TINYINT UNSIGNED NOT NULL,
         passage_id BIGINT NOT NULL,
         record_id INT NOT NULL,
         fields SMALLINT UNSIGNED NOT NULL,
         PRIMARY KEY (kind, record_id, passage_id),
         KEY IDX_search_postings_passage (kind, passage_id, record_id, fields)
       ) ENGINE=InnoDB`,
    );
    await this.textIndex(queryRunner, TEXT_INDEX);
    await clearSearchGrams(queryRunner.connection);
    // The postings' copies of event columns come with migration SearchPostingCopies, which fills them.
    for (const index of [eventSearchGrams, venueSearchGrams, organizerSearchGrams]) await index.fill(queryRunner.connection, 0, false);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await this.textIndex(queryRunner, OLD_TEXT_INDEX);
    if (queryRunner.connection.options.type === 'better-sqlite3') return;
    for (const table of [SEARCH_POSTINGS_TABLE, PASSAGE_GRAMS_TABLE, PASSAGES_TABLE]) await queryRunner.query(`DROP TABLE ${table}`);
    // The n-gram table of migration SearchGrams, empty: `search:reindex` of that version fills it.
    await queryRunner.query(
      'CREATE TABLE search_grams (kind TINYINT UNSIGNED NOT NULL, gram BIGINT NOT NULL, record_id INT NOT NULL, PRIMARY KEY (kind, gram, record_id)) ENGINE=InnoDB',
    );
  }

  private async textIndex(queryRunner: QueryRunner, columns: string[]): Promise<void> {
    if (queryRunner.connection.options.type === 'better-sqlite3') {
      await queryRunner.query(`DROP INDEX "IDX_events_text"`);
      await queryRunner.query(`CREATE INDEX "IDX_events_text" ON "events" (${columns.map((column) => `"${column}"`).join(', ')})`);
      return;
    }
    await queryRunner.query(
      `ALTER TABLE \`events\` DROP INDEX \`IDX_events_text\`, ADD INDEX \`IDX_events_text\` (${columns.map((column) => `\`${column}\``).join(', ')})`,
    );
  }
}
