import { MigrationInterface, QueryRunner, TableIndex } from 'typeorm';
import { counterTable } from './counter-table';

const DUE_INDEXES = ['events', 'venues', 'organizers'].map((table) => ({ table, name: `IDX_${table}_due` }));

/**
 * `data_versions` (DataVersionRepository), and an index per post table on (status, published_utc)
 * so the next moment a scheduled record becomes due is one index lookup.
 */
export class DataVersion1797250000000 implements MigrationInterface {
  name = 'DataVersion1797250000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(counterTable('data_versions', [{ name: 'slot', type: 'integer' }], 'version'));
    for (const { table, name } of DUE_INDEXES) {
      await queryRunner.createIndex(table, new TableIndex({ name, columnNames: ['status', 'published_utc'] }));
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const { table, name } of DUE_INDEXES) await queryRunner.dropIndex(table, name);
    await queryRunner.dropTable('data_versions');
  }
}
