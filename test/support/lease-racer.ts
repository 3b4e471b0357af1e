/*
 * One process of the lease race (test/leases.e2e-spec.ts): opens the database the environment
 * names (DB_*), prints "ready", waits for "go" on standard input, then tries to take each lease
 * LEASE_NAMES lists (comma-separated) as fast as it can and prints one JSON line:
 * {"holder", "won": [names it took]}.
 */
import { loadConfig } from '@app/config';
import { buildDataSourceOptions, openWriteDataSource, TransactionRunner } from '@app/database';
import { LeasesRepository, newLeaseHolder, SCHEMA } from '@app/domain';
import { createInterface } from 'node:readline';
import { DataSource } from 'typeorm';

async function race(): Promise<void> {
  const reads = await new DataSource(buildDataSourceOptions(loadConfig(process.env), SCHEMA)).initialize();
  const writes = await openWriteDataSource(reads);
  const leases = new LeasesRepository(new TransactionRunner(writes));
  const holder = newLeaseHolder();
  const names = (process.env.LEASE_NAMES ?? '').split(',');
  const lines = createInterface({ input: process.stdin });
  const go = new Promise<void>((resolve) => lines.on('line', (line) => line === 'go' && resolve()));
  process.stdout.write('ready\n');
  await go;
  const won: string[] = [];
  await Promise.all(
    names.map(async (name) => {
      if (await leases.tryAcquire(name, holder, 60_000)) won.push(name);
    }),
  );
  process.stdout.write(`${JSON.stringify({ holder, won })}\n`);
  lines.close();
  if (writes !== reads) await writes.destroy();
  await reads.destroy();
}

race().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
