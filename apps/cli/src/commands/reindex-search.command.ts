import { EventSearchIndexRepository } from '@app/domain';
import { timedDatabaseCommand } from './timed-database-command';

export const reindexSearchCommand = timedDatabaseCommand(
  'search:reindex',
  'Rebuild the search index from the stored records (SQLite: the events trigram index; MySQL/MariaDB: the passages and postings of ' +
    'events, venues and organizers); prints {"events","venues","organizers","ms"} (records indexed; SQLite indexes events only).',
  (app) => app.get(EventSearchIndexRepository).rebuild(),
);
