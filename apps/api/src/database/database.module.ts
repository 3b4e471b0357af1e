import { APP_CONFIG, AppConfig } from '@app/config';
import { buildDataSourceOptions, TransactionRunner } from '@app/database';
import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SCHEMA } from '@app/domain';
import { CONNECT_ATTEMPTS, isTransientConnectionError, RETRY_DELAY_MS } from './connection-retry';

@Global()
@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        ...buildDataSourceOptions(config, SCHEMA),
        // Start-up brings the schema up to date; several instances may race, migrations lock.
        migrationsRun: true,
        migrationsTransactionMode: 'each',
        // A bounded wait for a database that is still starting; main.ts reports a failure in one line.
        retryAttempts: CONNECT_ATTEMPTS,
        retryDelay: RETRY_DELAY_MS,
        toRetry: isTransientConnectionError,
      }),
    }),
  ],
  providers: [TransactionRunner],
  exports: [TransactionRunner],
})
export class DatabaseModule {}
