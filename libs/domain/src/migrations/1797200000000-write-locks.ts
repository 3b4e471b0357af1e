import { MigrationInterface, QueryRunner, Table } from 'typeorm';

/** `write_locks`: rows writers update to take turns on a name across cluster nodes (WriteLocksRepository). */
export class WriteLocks1797200000000 implements MigrationInterface {
  name = 'WriteLocks1797200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'write_locks',
        columns: [
          { name: 'id', type: 'integer', isPrimary: true },
          { name: 'taken', type: 'integer', default: 0 },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('write_locks');
  }
}
