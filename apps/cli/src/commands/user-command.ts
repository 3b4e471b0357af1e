import { UsersService } from '@app/auth';
import { User } from '@app/domain';
import { CliCommand, FlagValues } from '../cli-command';
import { positiveIntegerFlag } from '../flags';
import { migratedDatabase } from '../pending-migrations';
import { existingUser } from './user-records';

/** What a `--user <id>` command works on: the users service and that user, who exists. */
export interface UserTarget {
  users: UsersService;
  user: User;
}

/** Flags a `--user <id>` command takes besides it: as the usage text shows them, and checked into what `run` gets. */
export interface MoreFlags<T> {
  synopsis: string;
  flags: CliCommand['flags'];
  parse(flags: FlagValues): T;
}

/**
 * A command on one existing user named by `--user <id>`. Every flag is checked before the database
 * is opened; then the schema is brought up to date and the user looked up ("User <id> does not exist.").
 */
export function userCommand<T = undefined>(
  name: string,
  command: {
    summary: string;
    more?: MoreFlags<T>;
    run(target: UserTarget, more: T): Promise<object>;
  },
): CliCommand {
  const { summary, more } = command;
  return {
    name,
    synopsis: more ? `--user <id> ${more.synopsis}` : '--user <id>',
    summary,
    flags: { user: { type: 'string' }, ...more?.flags },
    async run(flags, runtime) {
      const userId = positiveIntegerFlag(flags, 'user');
      const checked = more ? more.parse(flags) : (undefined as T);
      const users = (await migratedDatabase(runtime)).get(UsersService);
      return command.run({ users, user: await existingUser(users, userId) }, checked);
    },
  };
}
