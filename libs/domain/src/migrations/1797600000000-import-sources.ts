import { MigrationInterface, QueryRunner, Table } from 'typeorm';

/** The import link of `events`, in each engine's words. */
const COLUMNS = {
  sqlite: [
    '"import_source_id" integer',
    '"import_uid" text',
    '"import_key" varchar(64)',
    '"import_fingerprint" varchar(64)',
    '"import_sequence" integer',
    '"import_last_modified" datetime',
    '"import_edited" boolean NOT NULL DEFAULT (0)',
  ],
  mysql: [
    '`import_source_id` int NULL',
    '`import_uid` text NULL',
    '`import_key` varchar(64) NULL',
    '`import_fingerprint` varchar(64) NULL',
    '`import_sequence` int NULL',
    '`import_last_modified` datetime NULL',
    '`import_edited` tinyint NOT NULL DEFAULT 0',
  ],
};

const NAMES = [
  'import_source_id',
  'import_uid',
  'import_key',
  'import_fingerprint',
  'import_sequence',
  'import_last_modified',
  'import_edited',
];

/**
 * Calendar imports: `import_sources` (a subscribed URL or an uploaded file, its options and the
 * state of its last run) and, on `events`, the link to the source and UID an event came from.
 * `import_key` names the UID and RECURRENCE-ID (a hash: UIDs have no length bound), unique per
 * source, so a second run finds and updates what the first one wrote. Plain ALTER TABLE on SQLite
 * (a table rebuild would drop the search index's triggers).
 */
export class ImportSources1797600000000 implements MigrationInterface {
  name = 'ImportSources1797600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'import_sources',
        columns: [
          { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' },
          { name: 'url', type: 'varchar', length: '2048', isNullable: true },
          { name: 'name', type: 'varchar', length: '255' },
          { name: 'status', type: 'varchar', length: '20' },
          { name: 'categories', type: 'text' },
          { name: 'tags', type: 'text' },
          { name: 'timezone', type: 'varchar', length: '64', isNullable: true },
          { name: 'refresh_seconds', type: 'integer', isNullable: true },
          { name: 'on_removed', type: 'varchar', length: '10' },
          { name: 'author_id', type: 'integer' },
          { name: 'etag', type: 'varchar', length: '1024', isNullable: true },
          { name: 'last_modified_header', type: 'varchar', length: '255', isNullable: true },
          { name: 'next_run_at', type: 'datetime', isNullable: true },
          { name: 'last_run_at', type: 'datetime', isNullable: true },
          { name: 'last_success_at', type: 'datetime', isNullable: true },
          { name: 'last_error', type: 'text', isNullable: true },
          { name: 'last_report', type: 'text', isNullable: true },
          { name: 'created_utc', type: 'datetime' },
          { name: 'modified_utc', type: 'datetime' },
        ],
        indices: [{ name: 'IDX_import_sources_next_run', columnNames: ['next_run_at'] }],
      }),
    );
    if (queryRunner.connection.options.type === 'better-sqlite3') {
      for (const column of COLUMNS.sqlite) await queryRunner.query(`ALTER TABLE "events" ADD COLUMN ${column}`);
      await queryRunner.query(`CREATE UNIQUE INDEX "UQ_events_import" ON "events" ("import_source_id", "import_key")`);
    } else {
      await queryRunner.query(
        `ALTER TABLE \`events\` ${COLUMNS.mysql.map((column) => `ADD ${column}`).join(', ')}, ADD UNIQUE INDEX \`UQ_events_import\` (\`import_source_id\`, \`import_key\`)`,
      );
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    if (queryRunner.connection.options.type === 'better-sqlite3') {
      await queryRunner.query(`DROP INDEX "UQ_events_import"`);
      for (const name of [...NAMES].reverse()) await queryRunner.query(`ALTER TABLE "events" DROP COLUMN "${name}"`);
    } else {
      await queryRunner.query(
        `ALTER TABLE \`events\` DROP INDEX \`UQ_events_import\`, ${NAMES.map((name) => `DROP COLUMN \`${name}\``).join(', ')}`,
      );
    }
    await queryRunner.dropTable('import_sources');
  }
}
