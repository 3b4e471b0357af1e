import { INestApplicationContext } from '@nestjs/common';
import type { ParseArgsConfig } from 'node:util';

export type FlagValues = Record<string, string | undefined>;

/** What a command may use; the database context is opened only when a command asks for it. */
export interface CommandRuntime {
  /** The Nest context on the configured database. Opened on first call, closed after the command. */
  database(): Promise<INestApplicationContext>;
}

export interface CliCommand {
  name: string;
  /** The flags as shown in the usage text, e.g. `--name <login> --role <role>`; none when absent. */
  synopsis?: string;
  summary: string;
  /** Every flag takes a string value; they are validated by `run`. A command without it takes none. */
  flags?: NonNullable<ParseArgsConfig['options']>;
  /** Returns the object printed as the one JSON line on stdout; throws CliError for bad input. */
  run(flags: FlagValues, runtime: CommandRuntime): Promise<object>;
}
