import { MigrationInterface, QueryRunner } from 'typeorm';

/** The buckets of write_locks (WRITE_LOCK_BUCKETS when this migration was written). */
const BUCKETS = 4096;
const ROWS_PER_INSERT = 1024;

/**
 * Every `write_locks` row exists from the start (MySQL/MariaDB; SQLite never uses them): writers
 * taking a turn on a name then update a row instead of inserting it, and an insert of one new row
 * by several writers at once took gap locks they deadlocked on.
 */
export class WriteLockRows1798100000000 implements MigrationInterface {
  name = 'WriteLockRows1798100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    if (queryRunner.connection.options.type === 'better-sqlite3') return;
    for (let start = 0; start < BUCKETS; start += ROWS_PER_INSERT) {
      const rows = Array.from({ length: ROWS_PER_INSERT }, (_, i) => `(${start + i}, 0)`);
      await queryRunner.query(`INSERT IGNORE INTO write_locks (id, taken) VALUES ${rows.join(',')}`);
    }
  }

  async down(): Promise<void> {
    // The rows are harmless once there: a turn updates them either way.
  }
}
