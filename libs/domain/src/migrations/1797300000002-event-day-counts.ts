import { MigrationInterface, QueryRunner } from 'typeorm';
import { counterTable } from './counter-table';
import { rebuildDayCounts } from '../terms/term-counts.repository';

/** Listed events per start day (EventDayCount), so `X-TEC-Total` is cheap at a million events. */
export class EventDayCounts1797300000002 implements MigrationInterface {
  name = 'EventDayCounts1797300000002';

  async up(queryRunner: QueryRunner): Promise<void> {
    const keys = [
      { name: 'scope_id', type: 'integer' },
      { name: 'day', type: 'varchar', length: '10' },
    ];
    await queryRunner.createTable(counterTable('event_day_counts', keys, 'count'));
    await rebuildDayCounts(queryRunner.manager, true);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('event_day_counts');
  }
}
