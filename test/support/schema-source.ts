import { DataSource, DataSourceOptions } from 'typeorm';

/**
 * A data source for comparing the entities with a database's schema. TypeORM reads a MariaDB
 * server's schema correctly only under its `mariadb` type: under `mysql` it takes MariaDB's "NULL"
 * column default for a literal, reports every nullable column as changed and composite unique
 * indexes over nullable columns as to be rebuilt. The app's queries do not depend on that, so
 * comparisons use the server's own flavour.
 */
export async function openSchemaSource(options: DataSourceOptions): Promise<DataSource> {
  const dataSource = await new DataSource({ ...options, logging: false }).initialize();
  if (options.type !== 'mysql') return dataSource;
  const [{ version }] = await dataSource.query<Array<{ version: string }>>('SELECT VERSION() AS version');
  if (!/mariadb/i.test(version)) return dataSource;
  await dataSource.destroy();
  return new DataSource({ ...options, type: 'mariadb', logging: false }).initialize();
}
