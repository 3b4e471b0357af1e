import { MigrationInterface, QueryRunner, Table } from 'typeorm';

/** `server_secrets`: keys every instance on the database shares (ServerSecretsRepository), created on first use. */
export class ServerSecrets1797410000000 implements MigrationInterface {
  name = 'ServerSecrets1797410000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'server_secrets',
        columns: [
          { name: 'name', type: 'varchar', length: '64', isPrimary: true },
          { name: 'value', type: 'varchar', length: '128', isNullable: false },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('server_secrets');
  }
}
