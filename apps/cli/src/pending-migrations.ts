import { INestApplicationContext } from '@nestjs/common';
import { DataSource } from 'typeorm';

/**
 * Brings the schema up to date and returns the names of the migrations it applied. Every command
 * that touches data runs it first, so the CLI works on a database the service never started on.
 */
export async function applyPendingMigrations(app: INestApplicationContext): Promise<string[]> {
  const applied = await app.get(DataSource).runMigrations({ transaction: 'each' });
  return applied.map((migration) => migration.name);
}
