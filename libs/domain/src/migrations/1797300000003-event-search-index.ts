import { MigrationInterface, QueryRunner } from 'typeorm';

/*
 * `search` through an index instead of a LIKE over every event. SQLite: an FTS5 table
 * with the trigram tokenizer over title, description and excerpt (external content: it stores
 * the trigrams, not a second copy of the text), kept by triggers in the same transaction as the
 * row; a search of three characters or more reads its candidates from it (EventsRepository), and
 * the exact substring test runs on those only. MySQL/MariaDB keep the LIKE scan (README: search).
 *
 * TypeORM rebuilds a SQLite table to alter some columns, which drops its triggers: a later
 * migration that alters `events` that way must create these triggers again.
 */
const COLUMNS = 'title, description, excerpt';
const NEW = 'new.title, new.description, new.excerpt';
const OLD = 'old.title, old.description, old.excerpt';

export class EventSearchIndex1797300000003 implements MigrationInterface {
  name = 'EventSearchIndex1797300000003';

  async up(queryRunner: QueryRunner): Promise<void> {
    if (queryRunner.connection.options.type !== 'better-sqlite3') return;
    await queryRunner.query(
      `CREATE VIRTUAL TABLE events_search USING fts5(${COLUMNS}, content='events', content_rowid='id', tokenize='trigram')`,
    );
    await queryRunner.query(`INSERT INTO events_search (events_search) VALUES ('rebuild')`);
    await queryRunner.query(
      `CREATE TRIGGER events_search_insert AFTER INSERT ON events BEGIN
         INSERT INTO events_search (rowid, ${COLUMNS}) VALUES (new.id, ${NEW}); END`,
    );
    await queryRunner.query(
      `CREATE TRIGGER events_search_delete AFTER DELETE ON events BEGIN
         INSERT INTO events_search (events_search, rowid, ${COLUMNS}) VALUES ('delete', old.id, ${OLD}); END`,
    );
    await queryRunner.query(
      `CREATE TRIGGER events_search_update AFTER UPDATE OF ${COLUMNS} ON events BEGIN
         INSERT INTO events_search (events_search, rowid, ${COLUMNS}) VALUES ('delete', old.id, ${OLD});
         INSERT INTO events_search (rowid, ${COLUMNS}) VALUES (new.id, ${NEW}); END`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    if (queryRunner.connection.options.type !== 'better-sqlite3') return;
    for (const trigger of ['insert', 'delete', 'update']) await queryRunner.query(`DROP TRIGGER events_search_${trigger}`);
    await queryRunner.query('DROP TABLE events_search');
  }
}
