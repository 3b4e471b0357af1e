import { ConfigError, loadConfig } from '@app/config';
import { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { parseArgs } from 'node:util';
import { CliModule } from './cli.module';
import { CliCommand, CommandRuntime, FlagValues } from './cli-command';
import { CliError } from './cli-error';
import { COMMANDS } from './commands';
import { usage } from './usage';

const HELP = ['help', '--help', '-h'];

function parseFlags(command: CliCommand, args: string[]): FlagValues {
  try {
    return parseArgs({ args, options: command.flags ?? {}, strict: true, allowPositionals: false }).values as FlagValues;
  } catch (error) {
    throw new CliError(`${command.name}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

async function openDatabase(): Promise<INestApplicationContext> {
  // Validated here first so a bad variable is reported by name before Nest starts.
  loadConfig();
  // No logger: stdout carries only the command's JSON line. abortOnError false hands start-up
  // failures (an unreachable database) back to us instead of exiting inside Nest.
  return NestFactory.createApplicationContext(CliModule, { logger: false, abortOnError: false });
}

function report(error: unknown): number {
  if (error instanceof CliError) {
    process.stderr.write(`Error: ${error.message}\n${error.showUsage ? `\n${usage()}` : ''}`);
    return error.exitCode;
  }
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
    return 1;
  }
  process.stderr.write(`Error: ${error instanceof Error ? error.message : String(error)}\n`);
  return 1;
}

/** Runs one command and returns the process exit code. */
export async function runCli(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  if (name !== undefined && HELP.includes(name)) {
    process.stdout.write(usage());
    return 0;
  }
  let context: INestApplicationContext | undefined;
  const runtime: CommandRuntime = { database: async () => (context ??= await openDatabase()) };
  try {
    if (name === undefined) throw new CliError('No command given.');
    const command = COMMANDS.find((candidate) => candidate.name === name);
    if (!command) throw new CliError(`Unknown command "${name}".`);
    const output = await command.run(parseFlags(command, args), runtime);
    process.stdout.write(`${JSON.stringify(output)}\n`);
    return 0;
  } catch (error) {
    return report(error);
  } finally {
    await context?.close();
  }
}
