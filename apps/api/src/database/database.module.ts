import { APP_CONFIG, AppConfig } from '@app/config';
import { buildDataSourceOptions, TransactionRunner, writeDataSourceProviders } from '@app/database';
import { migrateOnce, SCHEMA } from '@app/domain';
import { Global, Logger, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';

@Global()
@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        ...buildDataSourceOptions(config, SCHEMA),
        // Applied by migrateOnce below, under a lock: several instances may start at once.
        migrationsRun: false,
      }),
    }),
  ],
  providers: [...writeDataSourceProviders((writes) => migrateOnce(writes, new Logger('Migrations'))), TransactionRunner],
  exports: [TransactionRunner],
})
export class DatabaseModule {}
