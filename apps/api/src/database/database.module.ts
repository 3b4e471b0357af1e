import { databaseModuleMetadata } from '@app/database';
import { migrateOnce, SCHEMA } from '@app/domain';
import { Global, Logger, Module } from '@nestjs/common';
import { CONNECT_ATTEMPTS, isTransientConnectionError, RETRY_DELAY_MS } from './connection-retry';

@Global()
@Module(
  databaseModuleMetadata({
    schema: SCHEMA,
    connection: {
      // A bounded wait for a database that is still starting; main.ts reports a failure in one line.
      retryAttempts: CONNECT_ATTEMPTS,
      retryDelay: RETRY_DELAY_MS,
      toRetry: isTransientConnectionError,
    },
    // Applied here, under a lock: several instances may start at once.
    prepare: (writes) => migrateOnce(writes, new Logger('Migrations')),
  }),
)
export class DatabaseModule {}
