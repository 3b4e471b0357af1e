import { APP_CONFIG, AppConfig } from '@app/config';
import { buildDataSourceOptions, TransactionRunner } from '@app/database';
import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SCHEMA } from '@app/domain';

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
      }),
    }),
  ],
  providers: [TransactionRunner],
  exports: [TransactionRunner],
})
export class DatabaseModule {}
