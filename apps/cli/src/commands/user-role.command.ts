import { UsersService } from '@app/auth';
import { CliCommand } from '../cli-command';
import { positiveIntegerFlag, roleFlag } from '../flags';
import { applyPendingMigrations } from '../pending-migrations';
import { existingUser, keepAnAdministrator, userRecord } from './user-records';

export const userRoleCommand: CliCommand = {
  name: 'user:role',
  synopsis: '--user <id> --role <role>',
  summary: 'Give a user another role, effective with their next request; prints the user {"id","name","role",...}.',
  flags: { user: { type: 'string' }, role: { type: 'string' } },
  async run(flags, runtime) {
    const userId = positiveIntegerFlag(flags, 'user');
    const role = roleFlag(flags, 'role');
    const app = await runtime.database();
    await applyPendingMigrations(app);
    const users = app.get(UsersService);
    const user = await existingUser(users, userId);
    if (role !== 'administrator') await keepAnAdministrator(users, user, 'given another role');
    await users.setRole(userId, role);
    return userRecord(await existingUser(users, userId));
  },
};
