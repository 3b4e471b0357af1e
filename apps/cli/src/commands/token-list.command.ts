import { tokenRecord } from './user-records';
import { userCommand } from './user-command';

export const tokenListCommand = userCommand('token:list', {
  summary:
    'List a user\'s tokens without secrets; prints {"user","tokens":[{"id","created_utc","last_used_utc","revoked_utc"}]} ' +
    '(last use is recorded to the minute).',
  async run({ users, user }) {
    return { user: user.id, tokens: (await users.listTokens(user.id)).map(tokenRecord) };
  },
});
