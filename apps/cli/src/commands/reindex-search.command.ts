import { EventSearchIndexRepository } from '@app/domain';
import { CliCommand } from '../cli-command';
import { migratedDatabase } from '../pending-migrations';

export const reindexSearchCommand: CliCommand = {
  name: 'search:reindex',
  summary:
    'Rebuild the search index from the stored records (SQLite: the events trigram index; MySQL/MariaDB: the passages and postings of ' +
    'events, venues and organizers); prints {"events","venues","organizers","ms"} (records indexed; SQLite indexes events only).',
  async run(_flags, runtime) {
    const started = Date.now();
    const app = await migratedDatabase(runtime);
    const counted = await app.get(EventSearchIndexRepository).rebuild();
    return { ...counted, ms: Date.now() - started };
  },
};
