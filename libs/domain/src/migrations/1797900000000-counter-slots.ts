import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';
import { rebuildDayCounts } from '../terms/term-counts.repository';
import { counterTable } from './counter-table';

const slot = { name: 'slot', type: 'integer', default: 0 };
/** The day counts' key before this migration; it adds `slot`. */
const dayKeys = [
  { name: 'scope_id', type: 'integer' },
  { name: 'day', type: 'varchar', length: '10' },
];

/**
 * Term counts and day counts spread over rows by writer (writeSlotOf): the
 * day counts get a `slot` key column (rebuilt from the events), and the term counts move from the
 * terms' rows into `term_counts`, starting as one row per term in slot 0.
 */
export class CounterSlots1797900000000 implements MigrationInterface {
  name = 'CounterSlots1797900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('event_day_counts');
    await queryRunner.createTable(counterTable('event_day_counts', [...dayKeys, slot], 'count'));
    await rebuildDayCounts(queryRunner.manager);

    await queryRunner.createTable(counterTable('term_counts', [{ name: 'term_id', type: 'integer' }, slot], 'count'));
    await queryRunner.query('INSERT INTO term_counts (term_id, slot, count) SELECT id, 0, count FROM terms WHERE count <> 0');
    await queryRunner.dropColumn('terms', 'count');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn('terms', new TableColumn({ name: 'count', type: 'integer', default: 0 }));
    await queryRunner.query('UPDATE terms SET count = (SELECT COALESCE(SUM(c.count), 0) FROM term_counts c WHERE c.term_id = terms.id)');
    await queryRunner.dropTable('term_counts');
    await queryRunner.dropTable('event_day_counts');
    await queryRunner.createTable(counterTable('event_day_counts', dayKeys, 'count'));
    await rebuildDayCounts(queryRunner.manager);
  }
}
