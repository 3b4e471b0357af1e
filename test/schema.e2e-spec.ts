import { loadConfig } from '@app/config';
import { buildDataSourceOptions } from '@app/database';
import { DataSource } from 'typeorm';
import { SCHEMA } from '@app/domain';
import { createTestDatabase, TestDatabase } from './support/test-database';
import { openSchemaSource } from './support/schema-source';

const MIGRATIONS = SCHEMA.migrations as Function[];

/**
 * The migrations are the only way the schema is built in production; the entities are what the
 * code queries. This checks they describe the same tables, on the driver chosen by E2E_DB.
 */
describe('database schema', () => {
  let database: TestDatabase;
  let dataSource: DataSource;

  beforeAll(async () => {
    database = await createTestDatabase();
    dataSource = await openSchemaSource(buildDataSourceOptions(loadConfig(database.env), SCHEMA));
  });

  afterAll(async () => {
    await dataSource.destroy();
    await database.drop();
  });

  const pendingChanges = async () => (await dataSource.driver.createSchemaBuilder().log()).upQueries.map((query) => query.query);
  const existingTables = async (names: string[]) => {
    const runner = dataSource.createQueryRunner();
    try {
      const exists = await Promise.all(names.map((name) => runner.hasTable(name)));
      return names.filter((_name, i) => exists[i]);
    } finally {
      await runner.release();
    }
  };

  it('migrating an empty database leaves nothing for the entities to change', async () => {
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    expect(applied.map((migration) => migration.name)).toEqual(MIGRATIONS.map((migration) => migration.name));
    expect(await pendingChanges()).toEqual([]);
  });

  it('a second run applies nothing', async () => {
    expect(await dataSource.runMigrations({ transaction: 'each' })).toEqual([]);
  });

  it('reverting every migration drops every table, and migrating again works', async () => {
    const entityTables = dataSource.entityMetadatas.map((metadata) => metadata.tableName);
    expect(await existingTables(entityTables)).toEqual(entityTables);

    for (let i = 0; i < MIGRATIONS.length; i++) await dataSource.undoLastMigration({ transaction: 'each' });
    expect(await existingTables(entityTables)).toEqual([]);
    expect(await existingTables(['migrations'])).toEqual(['migrations']);
    expect(await dataSource.showMigrations()).toBe(true);

    await dataSource.runMigrations({ transaction: 'each' });
    expect(await pendingChanges()).toEqual([]);
  });
});
