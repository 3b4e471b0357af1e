import { usersCommand } from './user-command';
import { userRecord } from './user-records';

export const userListCommand = usersCommand('user:list', {
  summary: 'List every user; prints {"users":[{"id","name","role","created_utc","disabled_utc","active_tokens"}]}.',
  parse: () => undefined,
  async run(users) {
    const listed = await users.listUsers();
    return { users: listed.map(({ user, activeTokens }) => userRecord(user, activeTokens)) };
  },
});
