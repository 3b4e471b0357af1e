import { DueEventsPublisher, TermCountsRepository } from '@app/domain';
import { TransactionRunner } from '@app/database';
import { timedDatabaseCommand } from './timed-database-command';

export const recountCommand = timedDatabaseCommand(
  'recount',
  "Publish the scheduled events that are due, then rebuild every term's stored count of published events from the links; " +
    'prints {"promoted","terms","corrected","ms"} (corrected: counts that were wrong).',
  async (app) => {
    const promoted = await app.get(DueEventsPublisher).promote(new Date());
    const counts = app.get(TermCountsRepository);
    const result = await app.get(TransactionRunner).run((db) => counts.recount(db));
    return { promoted, ...result };
  },
);
