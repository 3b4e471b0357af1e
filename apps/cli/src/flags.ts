import { Role, ROLES } from '@app/auth';
import { CliError } from './cli-error';
import { FlagValues } from './cli-command';

/** The users table's name column is 60 characters wide. */
const MAX_LOGIN_LENGTH = 60;
const MAX_ID = 2_147_483_647;

export function requireFlag(flags: FlagValues, name: string): string {
  const value = flags[name]?.trim();
  if (value === undefined || value === '') throw new CliError(`Missing --${name} <value>.`);
  return value;
}

/** A colon would make HTTP Basic `<username>:<token>` ambiguous, so logins may not contain one. */
export function loginFlag(flags: FlagValues, name: string): string {
  const login = requireFlag(flags, name);
  if (login.length > MAX_LOGIN_LENGTH) throw new CliError(`--${name} must be at most ${MAX_LOGIN_LENGTH} characters long.`);
  if (/[:\p{Cc}]/u.test(login)) throw new CliError(`--${name} must not contain a colon or control characters.`);
  return login;
}

export function roleFlag(flags: FlagValues, name: string): Role {
  const role = requireFlag(flags, name);
  if (!(ROLES as readonly string[]).includes(role)) {
    throw new CliError(`Unknown role "${role}"; use one of ${ROLES.join(', ')}.`);
  }
  return role as Role;
}

export function positiveIntegerFlag(flags: FlagValues, name: string): number {
  const raw = requireFlag(flags, name);
  if (!/^\d+$/.test(raw) || Number(raw) < 1 || Number(raw) > MAX_ID) {
    throw new CliError(`--${name} must be a positive integer (got "${raw}").`);
  }
  return Number(raw);
}
