import { MigrationInterface, QueryRunner } from 'typeorm';
import { counterTable } from './counter-table';

/** The kinds whose published records are counted, by table; the same SQL on SQLite and MySQL/MariaDB. */
const KINDS = ['venues', 'organizers'];

/**
 * `published_counts`: the venues and organizers with the status `publish`, one row per kind and
 * writing process (PublishedCount), from which an unfiltered list's total is read instead of
 * counting its rows. Filled from the existing rows, in slot 0.
 */
export class PublishedCounts1798000000000 implements MigrationInterface {
  name = 'PublishedCounts1798000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      counterTable(
        'published_counts',
        [
          { name: 'kind', type: 'varchar', length: '20' },
          { name: 'slot', type: 'integer', default: 0 },
        ],
        'count',
      ),
    );
    for (const kind of KINDS)
      await queryRunner.query(
        `INSERT INTO published_counts (kind, slot, count) SELECT '${kind}', 0, COUNT(*) FROM ${kind} WHERE status = 'publish'`,
      );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('published_counts');
  }
}
