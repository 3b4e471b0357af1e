import { AppConfig } from '@app/config';
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Database as SqliteDatabase } from 'better-sqlite3';
import { DataSourceOptions, MixedList } from 'typeorm';
import * as mysql2 from 'mysql2';
import { clusterAwareMysql } from './cluster-aware-mysql';
import { formatUnlessBare } from './query-format';
import { SafeQueryLogger } from './safe-query-logger';

export interface SchemaParts {
  entities: MixedList<Function>;
  migrations: MixedList<Function>;
}

/**
 * SQLite's built-in lower() folds ASCII only; MySQL's collations fold every letter. Replacing it
 * with JavaScript's makes case-insensitive search behave the same for "Ä" and "ä" on both drivers.
 */
function prepareSqlite(db: SqliteDatabase): void {
  db.function('lower', { deterministic: true }, (value: unknown) =>
    value === null || value === undefined ? null : String(value).toLowerCase(),
  );
  db.pragma('foreign_keys = ON');
}

export function buildDataSourceOptions(config: AppConfig, parts: SchemaParts): DataSourceOptions {
  const common = {
    entities: parts.entities,
    migrations: parts.migrations,
    migrationsTableName: 'migrations',
    synchronize: false,
    logging: config.logLevel === 'verbose' ? (['query', 'error'] as const) : (['error'] as const),
    // Never TypeORM's own loggers: they write every parameter, passwords included.
    logger: new SafeQueryLogger(config.logLevel === 'verbose'),
  };
  if (config.db.type === 'mysql') {
    return {
      ...common,
      logging: [...common.logging],
      type: 'mysql',
      driver: clusterAwareMysql(mysql2, config.db.hosts),
      host: config.db.host,
      port: config.db.port,
      ...(config.db.socket ? { socketPath: config.db.socket } : {}),
      username: config.db.user,
      password: config.db.password,
      database: config.db.name,
      charset: 'utf8mb4_unicode_ci',
      // Everything is UTC inside; zone conversion happens only at the edges.
      timezone: 'Z',
      extra: { connectionLimit: 10, queryFormat: formatUnlessBare },
      // mysql2 captures a stack trace for every query to decorate errors it may never raise; the
      // database error mapping does not read it, and a busy list page runs ten queries.
      trace: false,
    };
  }
  const path = config.db.path === ':memory:' ? ':memory:' : resolve(config.db.path);
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  return {
    ...common,
    logging: [...common.logging],
    type: 'better-sqlite3',
    database: path,
    enableWAL: path !== ':memory:',
    timeout: 10_000,
    prepareDatabase: prepareSqlite,
  };
}
