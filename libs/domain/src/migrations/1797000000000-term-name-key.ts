import { MigrationInterface, QueryRunner, TableColumn, TableIndex } from 'typeorm';
import { termNameKey } from '../terms/term-name-key';

/**
 * One name per taxonomy and parent, kept by a unique index instead of a check before the write:
 * two writers naming the same new term at once cannot both pass (READ COMMITTED takes no gap
 * locks). `name_key` is the name as the case-insensitive comparison sees it (termNameKey); on
 * MySQL the column's collation also equates accents, as the earlier check did.
 */
export class TermNameKey1797000000000 implements MigrationInterface {
  name = 'TermNameKey1797000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn('terms', new TableColumn({ name: 'name_key', type: 'varchar', length: '212', default: "''" }));
    const terms: Array<{ id: number | string; name: string }> = await queryRunner.query('SELECT id, name FROM terms');
    for (const term of terms) await queryRunner.query('UPDATE terms SET name_key = ? WHERE id = ?', [termNameKey(term.name), term.id]);
    // Duplicates from before (a race the old check lost) keep their rows; their keys are made
    // distinct with the ID, so the index can be built. Renaming one of them checks it again.
    const duplicates: Array<{ id: number | string; name_key: string }> = await queryRunner.query(
      `SELECT a.id AS id, a.name_key AS name_key FROM terms a
       INNER JOIN terms b ON b.taxonomy = a.taxonomy AND b.parent_id = a.parent_id AND b.name_key = a.name_key AND b.id < a.id`,
    );
    for (const { id, name_key } of duplicates) {
      await queryRunner.query('UPDATE terms SET name_key = ? WHERE id = ?', [`${name_key}#${id}`, id]);
    }
    await queryRunner.createIndex(
      'terms',
      new TableIndex({ name: 'UQ_terms_taxonomy_parent_name', columnNames: ['taxonomy', 'parent_id', 'name_key'], isUnique: true }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('terms', 'UQ_terms_taxonomy_parent_name');
    await queryRunner.dropColumn('terms', 'name_key');
  }
}
