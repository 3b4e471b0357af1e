import { MigrationInterface, QueryRunner, TableColumn, TableIndex } from 'typeorm';

/*
 * Issue 9: the published-event count of a term is kept on its row (TermCountsRepository) instead
 * of being counted over every link row per request; it starts from the link rows here. The index
 * lets every read find due `future` events (DueEventsPublisher) with one index probe.
 */
const DUE_INDEX = 'IDX_events_status_published';

export class TermCounts1797300000000 implements MigrationInterface {
  name = 'TermCounts1797300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn('terms', new TableColumn({ name: 'count', type: 'integer', default: 0 }));
    await queryRunner.query(
      `UPDATE terms SET count = (SELECT COUNT(*) FROM event_terms et INNER JOIN events e ON e.id = et.event_id WHERE et.term_id = terms.id AND e.status = 'publish')`,
    );
    await queryRunner.createIndex('events', new TableIndex({ name: DUE_INDEX, columnNames: ['status', 'published_utc'] }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('events', DUE_INDEX);
    await queryRunner.dropColumn('terms', 'count');
  }
}
