import { MigrationInterface, QueryRunner, TableIndex } from 'typeorm';

/*
 * A page of the event list (published, not hidden, in a start window, ordered by start
 * and ID) walks this index and stops after the page, instead of sorting every event of the window
 * (SQLite: USE TEMP B-TREE FOR ORDER BY; MariaDB: filesort). Both engines append the primary key
 * to a secondary index, so equal starts come in ID order as the list wants them.
 */
const INDEX = 'IDX_events_list_order';

export class ListOrderIndex1797300000001 implements MigrationInterface {
  name = 'ListOrderIndex1797300000001';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createIndex('events', new TableIndex({ name: INDEX, columnNames: ['hide_from_listings', 'start_utc'] }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('events', INDEX);
  }
}
