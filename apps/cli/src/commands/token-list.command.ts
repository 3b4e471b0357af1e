import { UsersService } from '@app/auth';
import { CliCommand } from '../cli-command';
import { positiveIntegerFlag } from '../flags';
import { applyPendingMigrations } from '../pending-migrations';
import { existingUser, tokenRecord } from './user-records';

export const tokenListCommand: CliCommand = {
  name: 'token:list',
  synopsis: '--user <id>',
  summary:
    'List a user\'s tokens without secrets; prints {"user","tokens":[{"id","created_utc","last_used_utc","revoked_utc"}]} ' +
    '(last use is recorded to the minute).',
  flags: { user: { type: 'string' } },
  async run(flags, runtime) {
    const userId = positiveIntegerFlag(flags, 'user');
    const app = await runtime.database();
    await applyPendingMigrations(app);
    const users = app.get(UsersService);
    await existingUser(users, userId);
    return { user: userId, tokens: (await users.listTokens(userId)).map(tokenRecord) };
  },
};
