import { MigrationInterface, QueryRunner } from 'typeorm';

/*
 * Recurring events added `is_series` to every list condition (a series row is listed by its
 * occurrences), but not to the two indexes that covered those conditions, so every entry that
 * passed the index's own conditions was read from the table again for that one column. MariaDB,
 * a million events: a partial day's count read its 2,225 rows (16 ms; 6 ms from the index
 * alone), a page at OFFSET 500,000 every row it walked past (3.1 s; 0.29 s). A walk that
 * filters on content (a category; MySQL/MariaDB's common search, which probes the postings by
 * `text_id`) also read each event for its lock (`password`) and `text_id`: the list-order index
 * gets those too. New columns go last: the ranges and the order the indexes give stay as they were.
 */
const INDEXES = {
  IDX_events_listing_covering: {
    columns: ['status', 'start_utc', 'end_utc', 'hide_from_listings', 'published_utc'],
    added: ['is_series'],
  },
  IDX_events_list_order: {
    columns: ['hide_from_listings', 'start_utc', 'id', 'status', 'end_utc', 'published_utc'],
    added: ['is_series', 'text_id', 'password'],
  },
};

export class ListIndexColumns1798050000000 implements MigrationInterface {
  name = 'ListIndexColumns1798050000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await replaceIndexes(queryRunner, ({ columns, added }) => [...columns, ...added]);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await replaceIndexes(queryRunner, ({ columns }) => columns);
  }
}

/**
 * Rebuilds both indexes with the given columns. MySQL/MariaDB: one ALTER TABLE, so the indexes are
 * never missing in between (it builds them in place while reads and writes go on); SQLite: DROP
 * and CREATE in the migration's transaction.
 */
async function replaceIndexes(
  queryRunner: QueryRunner,
  columnsOf: (index: (typeof INDEXES)[keyof typeof INDEXES]) => string[],
): Promise<void> {
  const indexes = Object.entries(INDEXES).map(([name, index]) => ({ name, columns: columnsOf(index) }));
  if (queryRunner.connection.options.type === 'better-sqlite3') {
    for (const { name, columns } of indexes) {
      await queryRunner.query(`DROP INDEX "${name}"`);
      await queryRunner.query(`CREATE INDEX "${name}" ON "events" (${columns.map((column) => `"${column}"`).join(', ')})`);
    }
    return;
  }
  const changes = indexes.map(
    ({ name, columns }) => `DROP INDEX \`${name}\`, ADD INDEX \`${name}\` (${columns.map((column) => `\`${column}\``).join(', ')})`,
  );
  await queryRunner.query(`ALTER TABLE \`events\` ${changes.join(', ')}`);
}
