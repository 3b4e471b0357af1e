import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';

/**
 * `users.disabled_utc`: a disabled user's tokens stop working (`npm run cli -- user:disable`);
 * `api_tokens.last_used_utc`: when a token was last accepted, for `token:list` (updated at most
 * once a minute per token, so reads do not each cost a write).
 */
export class UserDisableTokenLastUsed1797100000000 implements MigrationInterface {
  name = 'UserDisableTokenLastUsed1797100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn('users', new TableColumn({ name: 'disabled_utc', type: 'datetime', isNullable: true }));
    await queryRunner.addColumn('api_tokens', new TableColumn({ name: 'last_used_utc', type: 'datetime', isNullable: true }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('api_tokens', 'last_used_utc');
    await queryRunner.dropColumn('users', 'disabled_utc');
  }
}
