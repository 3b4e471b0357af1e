import { UsersModule } from '@app/auth';
import { APP_CONFIG, AppConfig, ConfigModule } from '@app/config';
import { buildDataSourceOptions, TransactionRunner, writeDataSourceProviders } from '@app/database';
import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SCHEMA } from '@app/domain';

/** The write connection and the transaction runner, for the repositories and services below. */
@Global()
@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        ...buildDataSourceOptions(config, SCHEMA),
        // stdout carries only the command's JSON line; failures are reported by the runner.
        logging: false,
        // Commands apply migrations explicitly, so `migrate` can report what it applied.
        migrationsRun: false,
        // A command should fail at once on an unreachable database, not retry for half a minute.
        retryAttempts: 0,
      }),
    }),
  ],
  providers: [...writeDataSourceProviders(), TransactionRunner],
  exports: [TransactionRunner],
})
class CliDatabaseModule {}

/** The database and the user services, without HTTP: what the command-line app needs. */
@Module({ imports: [ConfigModule, CliDatabaseModule, UsersModule] })
export class CliModule {}
