import { UsersService } from '@app/auth';
import { CliCommand } from '../cli-command';
import { positiveIntegerFlag } from '../flags';
import { applyPendingMigrations } from '../pending-migrations';
import { existingUser, keepAnAdministrator, userRecord } from './user-records';

export const userDisableCommand: CliCommand = {
  name: 'user:disable',
  synopsis: '--user <id>',
  summary:
    'Disable a user: every token of theirs is refused (401 rest_invalid_token) from the next request on; ' +
    'their records stay. Prints the user with its "disabled_utc".',
  flags: { user: { type: 'string' } },
  async run(flags, runtime) {
    const userId = positiveIntegerFlag(flags, 'user');
    const app = await runtime.database();
    await applyPendingMigrations(app);
    const users = app.get(UsersService);
    const user = await existingUser(users, userId);
    await keepAnAdministrator(users, user, 'disabled');
    if (user.disabledUtc === null) await users.setDisabled(userId, true);
    return userRecord(await existingUser(users, userId));
  },
};

export const userEnableCommand: CliCommand = {
  name: 'user:enable',
  synopsis: '--user <id>',
  summary: 'Enable a disabled user again: their tokens that were not revoked work again. Prints the user.',
  flags: { user: { type: 'string' } },
  async run(flags, runtime) {
    const userId = positiveIntegerFlag(flags, 'user');
    const app = await runtime.database();
    await applyPendingMigrations(app);
    const users = app.get(UsersService);
    await existingUser(users, userId);
    await users.setDisabled(userId, false);
    return userRecord(await existingUser(users, userId));
  },
};
