import { UsersService } from '@app/auth';
import { User } from '@app/domain';
import { CliCommand, FlagValues } from '../cli-command';
import { positiveIntegerFlag } from '../flags';
import { migratedDatabase } from '../pending-migrations';
import { existingUser } from './user-records';

/** What a `--user <id>` command works on: the users service and that user, who exists. */
interface UserTarget {
  users: UsersService;
  user: User;
}

/** Flags a `--user <id>` command takes besides it: as the usage text shows them, and checked into what `run` gets. */
interface MoreFlags<T> {
  synopsis: string;
  flags: CliCommand['flags'];
  parse(flags: FlagValues): T;
}

/**
 * A command on the users service. Every flag is checked (`parse`) before the database is opened;
 * then the schema is brought up to date and `run` gets the service and the checked flags.
 */
export function usersCommand<T>(
  name: string,
  command: Omit<CliCommand, 'name' | 'run'> & {
    parse(flags: FlagValues): T | Promise<T>;
    run(users: UsersService, checked: T): Promise<object>;
  },
): CliCommand {
  const { synopsis, summary, flags, parse, run } = command;
  return {
    name,
    synopsis,
    summary,
    flags,
    async run(given, runtime) {
      const checked = await parse(given);
      return run((await migratedDatabase(runtime)).get(UsersService), checked);
    },
  };
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
  return usersCommand(name, {
    synopsis: more ? `--user <id> ${more.synopsis}` : '--user <id>',
    summary,
    flags: { user: { type: 'string' }, ...more?.flags },
    parse: (flags) => ({ userId: positiveIntegerFlag(flags, 'user'), checked: more ? more.parse(flags) : (undefined as T) }),
    run: async (users, { userId, checked }) => command.run({ users, user: await existingUser(users, userId) }, checked),
  });
}
