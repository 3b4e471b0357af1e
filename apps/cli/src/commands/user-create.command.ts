import { UserNameTakenError, UsersService } from '@app/auth';
import { CliCommand } from '../cli-command';
import { CliError } from '../cli-error';
import { loginFlag, roleFlag } from '../flags';
import { migratedDatabase } from '../pending-migrations';

export const userCreateCommand: CliCommand = {
  name: 'user:create',
  synopsis: '--name <login> --role <role>',
  summary: 'Create a user with a first token; prints {"id","name","role","token"}. The token is shown only here.',
  flags: { name: { type: 'string' }, role: { type: 'string' } },
  async run(flags, runtime) {
    const name = loginFlag(flags, 'name');
    const role = roleFlag(flags, 'role');
    const app = await migratedDatabase(runtime);
    try {
      const { user, token } = await app.get(UsersService).createWithToken(name, role);
      return { id: user.id, name: user.name, role: user.role, token };
    } catch (error) {
      if (error instanceof UserNameTakenError) throw new CliError(`A user named "${name}" already exists.`);
      throw error;
    }
  },
};
