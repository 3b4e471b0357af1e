import { CliCommand } from '../cli-command';
import { migrateCommand } from './migrate.command';
import { seedCommand } from './seed.command';
import { tokenCreateCommand } from './token-create.command';
import { tokenRevokeCommand } from './token-revoke.command';
import { userCreateCommand } from './user-create.command';

/** Every command, in the order the usage text lists them (contract §9 fixes their forms). */
export const COMMANDS: CliCommand[] = [userCreateCommand, tokenCreateCommand, tokenRevokeCommand, migrateCommand, seedCommand];
