import { MigrationInterface, QueryRunner } from 'typeorm';

/** The new columns of `events`, in each engine's words. */
const COLUMNS = {
  sqlite: [
    '"recurrence" text',
    '"is_series" boolean NOT NULL DEFAULT (0)',
    '"recurring_event_id" integer',
    '"recurrence_id_utc" datetime',
    '"own_fields" varchar(255)',
    '"materialized_until" datetime',
  ],
  mysql: [
    '`recurrence` text NULL',
    '`is_series` tinyint NOT NULL DEFAULT 0',
    '`recurring_event_id` int NULL',
    '`recurrence_id_utc` datetime NULL',
    '`own_fields` varchar(255) NULL',
    '`materialized_until` datetime NULL',
  ],
};

const NAMES = ['recurrence', 'is_series', 'recurring_event_id', 'recurrence_id_utc', 'own_fields', 'materialized_until'];

/**
 * Recurring events: a series row keeps its rule; its occurrences are rows of their own (so every
 * list filter, order index and kept count applies to them unchanged), known by their series and
 * original start. Plain ALTER TABLE ADD COLUMN on SQLite: rebuilding the table (as TypeORM's
 * addColumn does there) would drop the search index's triggers.
 */
export class RecurringEvents1797400000000 implements MigrationInterface {
  name = 'RecurringEvents1797400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    if (queryRunner.connection.options.type === 'better-sqlite3') {
      for (const column of COLUMNS.sqlite) await queryRunner.query(`ALTER TABLE "events" ADD COLUMN ${column}`);
      await queryRunner.query(`CREATE UNIQUE INDEX "UQ_events_occurrence" ON "events" ("recurring_event_id", "recurrence_id_utc")`);
      await queryRunner.query(`CREATE INDEX "IDX_events_materialized" ON "events" ("materialized_until")`);
    } else {
      await queryRunner.query(
        `ALTER TABLE \`events\` ${COLUMNS.mysql.map((column) => `ADD ${column}`).join(', ')}, ADD UNIQUE INDEX \`UQ_events_occurrence\` (\`recurring_event_id\`, \`recurrence_id_utc\`), ADD INDEX \`IDX_events_materialized\` (\`materialized_until\`)`,
      );
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    if (queryRunner.connection.options.type === 'better-sqlite3') {
      await queryRunner.query(`DROP INDEX "IDX_events_materialized"`);
      await queryRunner.query(`DROP INDEX "UQ_events_occurrence"`);
      for (const name of [...NAMES].reverse()) await queryRunner.query(`ALTER TABLE "events" DROP COLUMN "${name}"`);
    } else {
      await queryRunner.query(
        `ALTER TABLE \`events\` DROP INDEX \`UQ_events_occurrence\`, DROP INDEX \`IDX_events_materialized\`, ${NAMES.map((name) => `DROP COLUMN \`${name}\``).join(', ')}`,
      );
    }
  }
}
