import { MigrationInterface, QueryRunner, Table } from 'typeorm';

/** `leases`: named leases that let exactly one instance at a time do a piece of work (LeasesRepository). */
export class Leases1797650000000 implements MigrationInterface {
  name = 'Leases1797650000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'leases',
        columns: [
          { name: 'name', type: 'varchar', length: '100', isPrimary: true },
          { name: 'holder', type: 'varchar', length: '100', isNullable: false },
          { name: 'expires_at', type: 'datetime', precision: 3, isNullable: false },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('leases');
  }
}
