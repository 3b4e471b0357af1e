import { INestApplicationContext } from '@nestjs/common';
import { CliCommand } from '../cli-command';
import { migratedDatabase } from '../pending-migrations';

/**
 * A maintenance command without flags that works on the whole database: the schema is brought up to
 * date, `work` runs, and what it returns is printed with `ms`, the whole run's duration in milliseconds.
 */
export function timedDatabaseCommand(name: string, summary: string, work: (app: INestApplicationContext) => Promise<object>): CliCommand {
  return {
    name,
    summary,
    async run(_flags, runtime) {
      const started = Date.now();
      const result = await work(await migratedDatabase(runtime));
      return { ...result, ms: Date.now() - started };
    },
  };
}
