import { UsersService } from '@app/auth';
import { CliCommand } from '../cli-command';
import { migratedDatabase } from '../pending-migrations';
import { userRecord } from './user-records';

export const userListCommand: CliCommand = {
  name: 'user:list',
  summary: 'List every user; prints {"users":[{"id","name","role","created_utc","disabled_utc","active_tokens"}]}.',
  async run(_flags, runtime) {
    const app = await migratedDatabase(runtime);
    const users = await app.get(UsersService).listUsers();
    return { users: users.map(({ user, activeTokens }) => userRecord(user, activeTokens)) };
  },
};
