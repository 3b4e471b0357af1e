import { WRITE_DATA_SOURCE } from '@app/database';
import { migrateOnce } from '@app/domain';
import { INestApplicationContext } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { CommandRuntime } from './cli-command';

/**
 * Brings the schema up to date and returns the names of the migrations it applied. Every command
 * that touches data runs it first, so the CLI works on a database the service never started on.
 * Under the same lock as the service's start-up: a service starting meanwhile waits, or is waited for.
 */
export function applyPendingMigrations(app: INestApplicationContext): Promise<string[]> {
  return migrateOnce(app.get<DataSource>(WRITE_DATA_SOURCE));
}

/** The Nest context on the configured database, its schema brought up to date: where every data command starts. */
export async function migratedDatabase(runtime: CommandRuntime): Promise<INestApplicationContext> {
  const app = await runtime.database();
  await applyPendingMigrations(app);
  return app;
}
