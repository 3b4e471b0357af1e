import { UsersModule } from '@app/auth';
import { APP_CONFIG, AppConfig, ConfigModule } from '@app/config';
import { buildDataSourceOptions } from '@app/database';
import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SCHEMA } from '@app/domain';

/** The database and the user services, without HTTP: what the command-line app needs. */
@Module({
  imports: [
    ConfigModule,
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
    UsersModule,
  ],
})
export class CliModule {}
