import { UsersService } from '@app/auth';
import { CliCommand } from '../cli-command';
import { CliError } from '../cli-error';
import { positiveIntegerFlag } from '../flags';
import { applyPendingMigrations } from '../pending-migrations';

export const tokenCreateCommand: CliCommand = {
  name: 'token:create',
  synopsis: '--user <id>',
  summary: 'Issue another token for a user; prints {"token"}. The token is shown only here.',
  flags: { user: { type: 'string' } },
  async run(flags, runtime) {
    const userId = positiveIntegerFlag(flags, 'user');
    const app = await runtime.database();
    await applyPendingMigrations(app);
    const users = app.get(UsersService);
    if (!(await users.findById(userId))) throw new CliError(`User ${userId} does not exist.`);
    return { token: await users.issueToken(userId) };
  },
};
