import { UsersModule } from '@app/auth';
import { ConfigModule } from '@app/config';
import { databaseModuleMetadata } from '@app/database';
import { Global, Module } from '@nestjs/common';
import { SCHEMA } from '@app/domain';

/** The write connection and the transaction runner, for the repositories and services below. */
@Global()
@Module(
  databaseModuleMetadata({
    schema: SCHEMA,
    connection: {
      // stdout carries only the command's JSON line; failures are reported by the runner.
      logging: false,
      // A command should fail at once on an unreachable database, not retry for half a minute.
      retryAttempts: 0,
    },
  }),
)
class CliDatabaseModule {}

/** The database and the user services, without HTTP: what the command-line app needs. */
@Module({ imports: [ConfigModule, CliDatabaseModule, UsersModule] })
export class CliModule {}
