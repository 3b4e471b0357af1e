import { APP_CONFIG, AppConfig } from '@app/config';
import { ModuleMetadata } from '@nestjs/common';
import { TypeOrmModule, TypeOrmModuleOptions } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { buildDataSourceOptions, SchemaParts } from './build-data-source-options';
import { TransactionRunner } from './transaction-runner';
import { writeDataSourceProviders } from './write-data-source';

/** What an app's database module sets beyond the options both apps share. */
interface DatabaseModuleOptions {
  schema: SchemaParts;
  /** Connection options of this app only. */
  connection: { logging?: false; retryAttempts: number; retryDelay?: number; toRetry?: (error: unknown) => boolean };
  /** Runs once on the write DataSource before anything uses it (see writeDataSourceProviders). */
  prepare?: (writes: DataSource) => Promise<unknown>;
}

/**
 * The metadata of an app's global database module: the TypeORM connection on the configured
 * database, the write DataSource and the transaction runner. Migrations never run on connect:
 * the service applies them under a lock (several instances may start at once), the CLI's commands
 * explicitly so `migrate` can report what it applied.
 */
export function databaseModuleMetadata(options: DatabaseModuleOptions): ModuleMetadata {
  return {
    imports: [
      TypeOrmModule.forRootAsync({
        inject: [APP_CONFIG],
        useFactory: (config: AppConfig): TypeOrmModuleOptions => ({
          ...buildDataSourceOptions(config, options.schema),
          migrationsRun: false,
          ...options.connection,
        }),
      }),
    ],
    providers: [...writeDataSourceProviders(options.prepare), TransactionRunner],
    exports: [TransactionRunner],
  };
}
