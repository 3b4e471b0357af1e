import { roleFlag } from '../flags';
import { existingUser, keepAnAdministrator, userRecord } from './user-records';
import { userCommand } from './user-command';

export const userRoleCommand = userCommand('user:role', {
  summary: 'Give a user another role, effective with their next request; prints the user {"id","name","role",...}.',
  more: { synopsis: '--role <role>', flags: { role: { type: 'string' } }, parse: (flags) => roleFlag(flags, 'role') },
  async run({ users, user }, role) {
    if (role !== 'administrator') await keepAnAdministrator(users, user, 'given another role');
    await users.setRole(user.id, role);
    return userRecord(await existingUser(users, user.id));
  },
});
