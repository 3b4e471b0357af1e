import { DueEventsPublisher, PublishedCountsRepository, TermCountsRepository } from '@app/domain';
import { TransactionRunner } from '@app/database';
import { timedDatabaseCommand } from './timed-database-command';

export const recountCommand = timedDatabaseCommand(
  'recount',
  "Publish the scheduled events that are due, then rebuild every term's stored count of published events from the links, " +
    'and the kept counts of published venues and organizers from their rows; prints {"promoted","terms","corrected",' +
    '"totals_corrected","ms"} (corrected: term counts that were wrong; totals_corrected: venue and organizer counts that were).',
  async (app) => {
    const promoted = await app.get(DueEventsPublisher).promote(new Date());
    const counts = app.get(TermCountsRepository);
    const published = app.get(PublishedCountsRepository);
    const result = await app.get(TransactionRunner).run((db) => counts.recount(db));
    const totals = await app.get(TransactionRunner).run((db) => published.recount(db));
    return { promoted, ...result, totals_corrected: totals.corrected };
  },
);
