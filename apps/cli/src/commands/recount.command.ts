import { DueEventsPublisher, TermCountsRepository } from '@app/domain';
import { TransactionRunner } from '@app/database';
import { CliCommand } from '../cli-command';
import { migratedDatabase } from '../pending-migrations';

export const recountCommand: CliCommand = {
  name: 'recount',
  summary:
    "Publish the scheduled events that are due, then rebuild every term's stored count of published events from the links; " +
    'prints {"promoted","terms","corrected","ms"} (corrected: counts that were wrong).',
  async run(_flags, runtime) {
    const started = Date.now();
    const app = await migratedDatabase(runtime);
    const promoted = await app.get(DueEventsPublisher).promote(new Date());
    const counts = app.get(TermCountsRepository);
    const result = await app.get(TransactionRunner).run((db) => counts.recount(db));
    return { promoted, ...result, ms: Date.now() - started };
  },
};
