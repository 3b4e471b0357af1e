import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';

/*
 * The published-event count of a term is kept on its row (TermCountsRepository) instead
 * of being counted over every link row per request; it starts from the link rows here. Due
 * `future` events are found (DueEventsPublisher) on IDX_events_due (migration 1797250000000).
 */

export class TermCounts1797300000000 implements MigrationInterface {
  name = 'TermCounts1797300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn('terms', new TableColumn({ name: 'count', type: 'integer', default: 0 }));
    await queryRunner.query(
      `UPDATE terms SET count = (SELECT COUNT(*) FROM event_terms et INNER JOIN events e ON e.id = et.event_id WHERE et.term_id = terms.id AND e.status = 'publish')`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('terms', 'count');
  }
}
