import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';

/** Calendar feeds need a SEQUENCE that rises with every change of an event (RFC 5545, section 3.8.7.4). */
export class EventRevision1796100000000 implements MigrationInterface {
  name = 'EventRevision1796100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn('events', new TableColumn({ name: 'revision', type: 'integer', default: 0 }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('events', 'revision');
  }
}
