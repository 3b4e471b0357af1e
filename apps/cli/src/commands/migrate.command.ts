import { CliCommand } from '../cli-command';
import { applyPendingMigrations } from '../pending-migrations';

export const migrateCommand: CliCommand = {
  name: 'migrate',
  summary: 'Apply pending database migrations; prints {"applied":[<migration names>]} ([] when up to date).',
  async run(_flags, runtime) {
    return { applied: await applyPendingMigrations(await runtime.database()) };
  },
};
