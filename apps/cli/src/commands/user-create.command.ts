import { UserNameTakenError } from '@app/auth';
import { CliError } from '../cli-error';
import { loginFlag, roleFlag } from '../flags';
import { usersCommand } from './user-command';

export const userCreateCommand = usersCommand('user:create', {
  synopsis: '--name <login> --role <role>',
  summary: 'Create a user with a first token; prints {"id","name","role","token"}. The token is shown only here.',
  flags: { name: { type: 'string' }, role: { type: 'string' } },
  parse: (flags) => ({ name: loginFlag(flags, 'name'), role: roleFlag(flags, 'role') }),
  async run(users, { name, role }) {
    try {
      const { user, token } = await users.createWithToken(name, role);
      return { id: user.id, name: user.name, role: user.role, token };
    } catch (error) {
      if (error instanceof UserNameTakenError) throw new CliError(`A user named "${name}" already exists.`);
      throw error;
    }
  },
});
