import { MigrationInterface, QueryRunner, Table, TableColumnOptions, TableForeignKey } from 'typeorm';

/*
 * Written with the driver-neutral Table API so one migration serves SQLite and MySQL/MariaDB.
 * A test migrates an empty database on each driver and asserts the entities need no further change.
 */

const id: TableColumnOptions = { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' };
const text = (name: string, length = 255): TableColumnOptions => ({ name, type: 'varchar', length: String(length) });
const flag = (name: string): TableColumnOptions => ({ name, type: 'boolean' });

function postColumns(): TableColumnOptions[] {
  return [
    id,
    text('slug', 200),
    text('status', 20),
    { name: 'author_id', type: 'integer' },
    text('title'),
    { name: 'description', type: 'text' },
    { name: 'excerpt', type: 'text' },
    { name: 'image_id', type: 'integer', isNullable: true },
    { ...text('password'), isNullable: true },
    // A Table default is raw SQL: `false` would be stored as the text `false` on SQLite, where the entity expects 0.
    { name: 'was_published', type: 'boolean', default: 0 },
    { name: 'published_utc', type: 'datetime' },
    { name: 'modified_utc', type: 'datetime' },
  ];
}

function linkTable(name: string, other: string, withPosition: boolean): Table {
  return new Table({
    name,
    columns: [
      { name: 'event_id', type: 'integer', isPrimary: true },
      { name: other, type: 'integer', isPrimary: true },
      ...(withPosition ? [{ name: 'position', type: 'integer' }] : []),
    ],
    indices: [{ name: `IDX_${name}_${other.replace(/_id$/, '')}`, columnNames: [other] }],
  });
}

export class InitialSchema1763780000000 implements MigrationInterface {
  name = 'InitialSchema1763780000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'users',
        columns: [id, text('name', 60), text('role', 20), { name: 'created_utc', type: 'datetime' }],
        indices: [{ name: 'UQ_users_name', columnNames: ['name'], isUnique: true }],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'api_tokens',
        columns: [
          id,
          { name: 'user_id', type: 'integer' },
          text('token_hash', 64),
          { name: 'created_utc', type: 'datetime' },
          { name: 'revoked_utc', type: 'datetime', isNullable: true },
        ],
        indices: [
          { name: 'IDX_api_tokens_user', columnNames: ['user_id'] },
          { name: 'UQ_api_tokens_hash', columnNames: ['token_hash'], isUnique: true },
        ],
        foreignKeys: [
          new TableForeignKey({
            name: 'FK_api_tokens_user',
            columnNames: ['user_id'],
            referencedTableName: 'users',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
            // Stated because the entity's default is NO ACTION and MySQL would otherwise report RESTRICT.
            onUpdate: 'NO ACTION',
          }),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'terms',
        columns: [
          id,
          text('taxonomy', 32),
          text('name', 200),
          text('slug', 200),
          { name: 'description', type: 'text' },
          { name: 'parent_id', type: 'integer', default: 0 },
        ],
        indices: [
          { name: 'UQ_terms_taxonomy_slug', columnNames: ['taxonomy', 'slug'], isUnique: true },
          { name: 'IDX_terms_taxonomy_parent', columnNames: ['taxonomy', 'parent_id'] },
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'images',
        columns: [
          id,
          text('url', 2048),
          text('extension', 16),
          { name: 'width', type: 'integer', isNullable: true },
          { name: 'height', type: 'integer', isNullable: true },
          { name: 'created_utc', type: 'datetime' },
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'venues',
        columns: [
          ...postColumns(),
          text('address'),
          text('city'),
          text('country'),
          text('province'),
          text('state'),
          text('zip', 64),
          text('phone', 64),
          text('website', 2048),
          { ...text('stateprovince'), isNullable: true },
          flag('show_map'),
          flag('show_map_link'),
          { name: 'geo_lat', type: 'double', isNullable: true },
          { name: 'geo_lng', type: 'double', isNullable: true },
        ],
        indices: [{ name: 'UQ_venues_slug', columnNames: ['slug'], isUnique: true }, { columnNames: ['status'] }],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'organizers',
        columns: [...postColumns(), text('phone', 64), text('website', 2048), text('email')],
        indices: [{ name: 'UQ_organizers_slug', columnNames: ['slug'], isUnique: true }, { columnNames: ['status'] }],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'events',
        columns: [
          ...postColumns(),
          { name: 'start_utc', type: 'datetime' },
          { name: 'end_utc', type: 'datetime' },
          text('timezone', 64),
          flag('all_day'),
          text('cost'),
          text('website', 2048),
          flag('show_map'),
          flag('show_map_link'),
          flag('hide_from_listings'),
          flag('sticky'),
          flag('featured'),
          { name: 'post_parent_id', type: 'integer', isNullable: true },
        ],
        indices: [
          { name: 'UQ_events_slug', columnNames: ['slug'], isUnique: true },
          { columnNames: ['status'] },
          { name: 'IDX_events_listing', columnNames: ['status', 'start_utc', 'end_utc'] },
          { name: 'IDX_events_end', columnNames: ['end_utc'] },
          { name: 'IDX_events_parent', columnNames: ['post_parent_id'] },
        ],
      }),
    );
    await queryRunner.createTable(linkTable('event_terms', 'term_id', false));
    await queryRunner.createTable(linkTable('event_venues', 'venue_id', true));
    await queryRunner.createTable(linkTable('event_organizers', 'organizer_id', true));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of [
      'event_organizers',
      'event_venues',
      'event_terms',
      'events',
      'organizers',
      'venues',
      'images',
      'terms',
      'api_tokens',
      'users',
    ]) {
      await queryRunner.dropTable(table);
    }
  }
}
