import { MigrationInterface, QueryRunner } from 'typeorm';

/** An occurrence shows its own texts once it changed one of them (own_fields, comma-separated). */
function textIdSql(concat: (...parts: string[]) => string): string {
  const owns = ['title', 'description', 'excerpt']
    .map((field) => `${concat("','", "COALESCE(own_fields, '')", "','")} LIKE '%,${field},%'`)
    .join(' OR ');
  return `CASE WHEN recurring_event_id IS NOT NULL AND NOT (${owns}) THEN recurring_event_id ELSE id END`;
}

/**
 * `events.text_id`: whose texts a row shows (CalendarEvent.textId), indexed, so the n-gram search
 * index of MySQL/MariaDB finds a series' occurrences through the series' texts. Filled from the
 * rows (migration SearchPassages indexes the records afterwards). SQLite keeps the column too
 * (one schema), plain ALTER TABLE so the search index's triggers stay.
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
