import { createHash } from 'node:crypto';
import { MigrationInterface, QueryRunner, TableColumn, TableIndex } from 'typeorm';

const POST_TABLES = ['events', 'venues', 'organizers'];
const BATCH = 1000;

/** As `imageUrlKey` computes it today; kept here so that this migration does not change with it. */
const urlKey = (url: string): string => createHash('sha256').update(url, 'utf8').digest('hex');

/**
 * Images get an owner (who recorded them) and a key to find a URL already recorded; each post
 * table an index on `image_id`, to find the records that show an image. An image may be linked
 * only by its owner and by whoever may open a record that shows it.
 *
 * Images recorded before this migration get no owner: who first sent their URL is not known (the
 * record that shows an image may have linked it by ID), and guessing could hand one to the wrong
 * user. They stay linkable through the records that show them; sending the URL again records an
 * image of one's own.
 */
export class ImageOwners1797460000000 implements MigrationInterface {
  name = 'ImageOwners1797460000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumns('images', [
      new TableColumn({ name: 'url_key', type: 'varchar', length: '64', isNullable: true }),
      new TableColumn({ name: 'owner_id', type: 'integer', isNullable: true }),
    ]);
    await this.fillUrlKeys(queryRunner);
    await queryRunner.changeColumn(
      'images',
      'url_key',
      new TableColumn({ name: 'url_key', type: 'varchar', length: '64', isNullable: false }),
    );
    await queryRunner.createIndex(
      'images',
      new TableIndex({ name: 'UQ_images_url_owner', columnNames: ['url_key', 'owner_id'], isUnique: true }),
    );
    for (const table of POST_TABLES) {
      await queryRunner.createIndex(table, new TableIndex({ name: `IDX_${table}_image`, columnNames: ['image_id'] }));
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of POST_TABLES) await queryRunner.dropIndex(table, `IDX_${table}_image`);
    await queryRunner.dropIndex('images', 'UQ_images_url_owner');
    await queryRunner.dropColumn('images', 'owner_id');
    await queryRunner.dropColumn('images', 'url_key');
  }

  /** MySQL/MariaDB hash in one statement; SQLite has no SHA-256, so the rows are read in batches. */
  private async fillUrlKeys(queryRunner: QueryRunner): Promise<void> {
    if (queryRunner.connection.options.type !== 'better-sqlite3') {
      await queryRunner.query('UPDATE images SET url_key = SHA2(url, 256)');
      return;
    }
    for (let after = 0; ; ) {
      const rows: Array<{ id: number; url: string }> = await queryRunner.query(
        'SELECT id, url FROM images WHERE id > ? ORDER BY id LIMIT ?',
        [after, BATCH],
      );
      if (rows.length === 0) return;
      for (const row of rows) await queryRunner.query('UPDATE images SET url_key = ? WHERE id = ?', [urlKey(row.url), row.id]);
      after = rows[rows.length - 1].id;
    }
  }
}
