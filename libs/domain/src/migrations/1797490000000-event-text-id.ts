import { MigrationInterface, QueryRunner } from 'typeorm';
import { keepsSearchGrams, SEARCH_GRAMS_TABLE } from '../search/search-gram-index';
import { eventSearchGrams } from '../search/search-gram-kinds';

/** An occurrence shows its own texts once it changed one of them (own_fields, comma-separated). */
function textIdSql(concat: (...parts: string[]) => string): string {
  const owns = ['title', 'description', 'excerpt']
    .map((field) => `${concat("','", "COALESCE(own_fields, '')", "','")} LIKE '%,${field},%'`)
    .join(' OR ');
  return `CASE WHEN recurring_event_id IS NOT NULL AND NOT (${owns}) THEN recurring_event_id ELSE id END`;
}

/**
 * `events.text_id`: whose texts a row shows (CalendarEvent.textId), indexed, so the n-gram search
 * index of MySQL/MariaDB finds a series' occurrences through the series' grams. Filled from the
 * rows; on MySQL/MariaDB the exceptions' grams are then brought to their text_id (one that shows
 * its own texts gets all of its grams, one that shows its series' keeps none). SQLite keeps the
 * column too (one schema), plain ALTER TABLE so the search index's triggers stay. Dated before
 * migration SearchGrams, whose fill reads the column; a database that already has the n-gram
 * table runs it later all the same (pending migrations run by name).
 */
export class EventTextId1797490000000 implements MigrationInterface {
  name = 'EventTextId1797490000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    if (queryRunner.connection.options.type === 'better-sqlite3') {
      await queryRunner.query(`ALTER TABLE "events" ADD COLUMN "text_id" integer`);
      await queryRunner.query(`UPDATE "events" SET "text_id" = ${textIdSql((...parts) => parts.join(' || '))}`);
      await queryRunner.query(`CREATE INDEX "IDX_events_text" ON "events" ("text_id")`);
      return;
    }
    await queryRunner.query('ALTER TABLE `events` ADD `text_id` int NULL, ADD INDEX `IDX_events_text` (`text_id`)');
    await queryRunner.query(`UPDATE \`events\` SET \`text_id\` = ${textIdSql((...parts) => `CONCAT(${parts.join(', ')})`)}`);
    // Before migration SearchGrams its fill indexes the text owners; after it, the exceptions' grams are corrected here.
    if (!keepsSearchGrams(queryRunner.connection) || !(await queryRunner.hasTable(SEARCH_GRAMS_TABLE))) return;
    const exceptions = (await queryRunner.query(
      'SELECT id, text_id, title, description, excerpt FROM events WHERE own_fields IS NOT NULL',
    )) as Array<Record<string, string | number | null>>;
    for (const row of exceptions) {
      const texts = [row.title, row.description, row.excerpt].map((text) => (text === null ? '' : String(text)));
      const id = Number(row.id);
      if (Number(row.text_id) === id) await eventSearchGrams.replace(id, null, texts, queryRunner.manager);
      else await eventSearchGrams.replace(id, texts, null, queryRunner.manager);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    if (queryRunner.connection.options.type === 'better-sqlite3') {
      await queryRunner.query(`DROP INDEX "IDX_events_text"`);
      await queryRunner.query(`ALTER TABLE "events" DROP COLUMN "text_id"`);
    } else {
      await queryRunner.query('ALTER TABLE `events` DROP INDEX `IDX_events_text`, DROP COLUMN `text_id`');
    }
  }
}
