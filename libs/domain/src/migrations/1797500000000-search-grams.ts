import { MigrationInterface, QueryRunner } from 'typeorm';

/*
 * MySQL/MariaDB: the n-gram index of substring search (search/search-grams.ts), one row per
 * distinct gram of a record: (kind, gram, record) is the primary key, so a gram's records are one
 * range of it and a record's own rows are found by their full key (its writes compute the grams
 * of its old texts). InnoDB, so it is written in the record's transaction and replicated by
 * Galera like the record. Replaced by migration SearchPassages (which drops it and indexes the
 * records), so it is created empty here. SQLite searches events through FTS5 (migration
 * EventSearchIndex): nothing to do there.
 */
export class SearchGrams1797500000000 implements MigrationInterface {
  name = 'SearchGrams1797500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const type = queryRunner.connection.options.type;
    if (type !== 'mysql' && type !== 'mariadb') return;
    await queryRunner.query(
      `CREATE TABLE search_grams (
         kind TINYINT UNSIGNED NOT NULL,
         gram BIGINT NOT NULL,
         record_id INT NOT NULL,
         PRIMARY KEY (kind, gram, record_id)
       ) ENGINE=InnoDB`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const type = queryRunner.connection.options.type;
    if (type !== 'mysql' && type !== 'mariadb') return;
    await queryRunner.query('DROP TABLE search_grams');
  }
}
