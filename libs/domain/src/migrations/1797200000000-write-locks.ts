import { MigrationInterface, QueryRunner } from 'typeorm';
import { counterTable } from './counter-table';

/** `write_locks`: rows writers update to take turns on a name across cluster nodes (WriteLocksRepository). */
export class WriteLocks1797200000000 implements MigrationInterface {
  name = 'WriteLocks1797200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(counterTable('write_locks', [{ name: 'id', type: 'integer' }], 'taken'));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('write_locks');
  }
}
