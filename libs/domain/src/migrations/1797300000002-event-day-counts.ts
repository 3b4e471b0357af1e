import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { rebuildDayCounts } from '../terms/day-counts.sql';

/** Issue 9: listed events per start day (EventDayCount), so `X-TEC-Total` is cheap at a million events. */
export class EventDayCounts1797300000002 implements MigrationInterface {
  name = 'EventDayCounts1797300000002';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'event_day_counts',
        columns: [
          { name: 'scope_id', type: 'integer', isPrimary: true },
          { name: 'day', type: 'varchar', length: '10', isPrimary: true },
          { name: 'count', type: 'integer', default: 0 },
        ],
      }),
    );
    await rebuildDayCounts(queryRunner.manager);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('event_day_counts');
  }
}
