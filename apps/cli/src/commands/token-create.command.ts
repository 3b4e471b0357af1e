import { userCommand } from './user-command';

export const tokenCreateCommand = userCommand('token:create', {
  summary: 'Issue another token for a user; prints {"token"}. The token is shown only here.',
  async run({ users, user }) {
    return { token: await users.issueToken(user.id) };
  },
});
