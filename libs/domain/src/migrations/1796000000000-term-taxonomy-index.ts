import { MigrationInterface, QueryRunner, TableIndex } from 'typeorm';

/** Categories and tags became single-table-inheritance entities; TypeORM wants their discriminator indexed. */
export class TermTaxonomyIndex1796000000000 implements MigrationInterface {
  name = 'TermTaxonomyIndex1796000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createIndex('terms', new TableIndex({ name: 'IDX_terms_taxonomy', columnNames: ['taxonomy'] }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('terms', 'IDX_terms_taxonomy');
  }
}
