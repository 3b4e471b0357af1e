import { existingUser, keepAnAdministrator, userRecord } from './user-records';
import { userCommand } from './user-command';

export const userDisableCommand = userCommand('user:disable', {
  summary:
    'Disable a user: every token of theirs is refused (401 rest_invalid_token) from the next request on; ' +
    'their records stay. Prints the user with its "disabled_utc".',
  async run({ users, user }) {
    await keepAnAdministrator(users, user, 'disabled');
    if (user.disabledUtc === null) await users.setDisabled(user.id, true);
    return userRecord(await existingUser(users, user.id));
  },
});

export const userEnableCommand = userCommand('user:enable', {
  summary: 'Enable a disabled user again: their tokens that were not revoked work again. Prints the user.',
  async run({ users, user }) {
    await users.setDisabled(user.id, false);
    return userRecord(await existingUser(users, user.id));
  },
});
