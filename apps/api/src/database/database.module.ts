import { APP_CONFIG, AppConfig } from '@app/config';
import { buildDataSourceOptions, TransactionRunner, writeDataSourceProviders } from '@app/database';
import { migrateOnce, SCHEMA } from '@app/domain';
import { Global, Logger, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CONNECT_ATTEMPTS, isTransientConnectionError, RETRY_DELAY_MS } from './connection-retry';

@Global()
@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        ...buildDataSourceOptions(config, SCHEMA),
        // Applied by migrateOnce below, under a lock: several instances may start at once.
        migrationsRun: false,
        // A bounded wait for a database that is still starting; main.ts reports a failure in one line.
        retryAttempts: CONNECT_ATTEMPTS,
        retryDelay: RETRY_DELAY_MS,
        toRetry: isTransientConnectionError,
      }),
    }),
  ],
  providers: [...writeDataSourceProviders((writes) => migrateOnce(writes, new Logger('Migrations'))), TransactionRunner],
  exports: [TransactionRunner],
})
export class DatabaseModule {}
