import { CliCommand } from '../cli-command';
import { importCommand } from './import.command';
import { migrateCommand } from './migrate.command';
import { recountCommand } from './recount.command';
import { reindexSearchCommand } from './reindex-search.command';
import { seedCommand } from './seed.command';
import { tokenCreateCommand } from './token-create.command';
import { tokenListCommand } from './token-list.command';
import { tokenRevokeCommand } from './token-revoke.command';
import { userCreateCommand } from './user-create.command';
import { userDisableCommand, userEnableCommand } from './user-disable.command';
import { userListCommand } from './user-list.command';
import { userRoleCommand } from './user-role.command';

/** Every command, in the order the usage text lists them (their forms are fixed: docs/api-rules.md, Running it). */
export const COMMANDS: CliCommand[] = [
  userCreateCommand,
  userListCommand,
  userRoleCommand,
  userDisableCommand,
  userEnableCommand,
  tokenCreateCommand,
  tokenListCommand,
  tokenRevokeCommand,
  migrateCommand,
  seedCommand,
  recountCommand,
  reindexSearchCommand,
  importCommand,
];
