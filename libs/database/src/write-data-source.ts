import { Inject, Injectable, OnApplicationShutdown, Provider } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** The DataSource write transactions run on (TransactionRunner); reads use the injected DataSource. */
export const WRITE_DATA_SOURCE = Symbol('WRITE_DATA_SOURCE');

/**
 * SQLite: a second connection to the same file, for write transactions only. A transaction stays
 * open across awaits; had reads shared its connection, a concurrent request would read rows that
 * are not committed yet (and may be rolled back). In WAL mode the read connection sees only
 * committed data and never waits for the writer. Its busy timeout is 0: TransactionRunner waits for
 * the write lock itself, without blocking the event loop. MySQL (and an in-memory SQLite database,
 * which a second connection could not see): the reads' DataSource itself; the pool hands each
 * transaction a connection of its own.
 */
export async function openWriteDataSource(reads: DataSource): Promise<DataSource> {
  const options = reads.options;
  if (options.type !== 'better-sqlite3' || options.database === ':memory:') return reads;
  const writes = new DataSource({ ...options, timeout: 0 });
  await writes.initialize();
  return writes;
}

/** Closes the SQLite write connection when the application shuts down. */
@Injectable()
class WriteDataSourceCloser implements OnApplicationShutdown {
  constructor(
    @Inject(WRITE_DATA_SOURCE) private readonly writes: DataSource,
    private readonly reads: DataSource,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    if (this.writes !== this.reads && this.writes.isInitialized) await this.writes.destroy();
  }
}

/**
 * The write DataSource, the transaction runner's dependency, for an app that registered its
 * TypeORM DataSource. `prepare` runs once on the write DataSource before anything uses it (the
 * service applies migrations there).
 */
export function writeDataSourceProviders(prepare?: (writes: DataSource) => Promise<unknown>): Provider[] {
  return [
    {
      provide: WRITE_DATA_SOURCE,
      inject: [DataSource],
      useFactory: async (reads: DataSource) => {
        const writes = await openWriteDataSource(reads);
        await prepare?.(writes);
        return writes;
      },
    },
    WriteDataSourceCloser,
  ];
}
