import { UsersService } from '@app/auth';
import { formatWallTime, UTC_TIME_ZONE } from '@app/common';
import { ApiToken, User } from '@app/domain';
import { CliError } from '../cli-error';

/** Instants as the API writes its `*_utc` fields: `YYYY-MM-DD HH:MM:SS` in UTC, or null. */
const utcText = (instant: Date | null): string | null => (instant === null ? null : formatWallTime(instant, UTC_TIME_ZONE.zone));

/** A user as commands print it: never a token or its hash. */
export function userRecord(user: User, activeTokens?: number) {
  return {
    id: user.id,
    name: user.name,
    role: user.role,
    created_utc: utcText(user.createdUtc),
    disabled_utc: utcText(user.disabledUtc),
    ...(activeTokens === undefined ? {} : { active_tokens: activeTokens }),
  };
}

/** A token as `token:list` prints it: its ID and dates, never the secret (which is not stored) or its hash. */
export function tokenRecord(token: ApiToken) {
  return {
    id: token.id,
    created_utc: utcText(token.createdUtc),
    last_used_utc: utcText(token.lastUsedUtc),
    revoked_utc: utcText(token.revokedUtc),
  };
}

export async function existingUser(users: UsersService, id: number): Promise<User> {
  const user = await users.findById(id);
  if (!user) throw new CliError(`User ${id} does not exist.`);
  return user;
}

/** The last administrator who can still log in may not lose that: nobody could administer the API any more. */
export async function keepAnAdministrator(users: UsersService, user: User, what: string): Promise<void> {
  if (user.role !== 'administrator' || user.disabledUtc !== null) return;
  if (!(await users.hasOtherAdministrator(user.id))) {
    throw new CliError(
      `User ${user.id} is the last active administrator and cannot be ${what}; make another user administrator first.`,
      1,
      false,
    );
  }
}
