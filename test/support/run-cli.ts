import { execFileSync, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { TestDatabase } from './test-database';

const ROOT = join(__dirname, '../..');
const CLI = join(ROOT, 'dist/apps/cli/src/main.js');

export interface CliRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** The same on-demand build `npm run cli` does; its output goes to stderr. */
export function ensureBuilt(): void {
  execFileSync(process.execPath, [join(ROOT, 'scripts/ensure-built.js')], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
}

/** Runs the built command-line app as a user would, against the given database. */
export function runCli(database: TestDatabase, args: string[], env: Record<string, string> = {}, input?: string): CliRun {
  const result = spawnSync(process.execPath, [CLI, ...args], {
    cwd: ROOT,
    env: { ...process.env, ...database.env, ...env },
    input,
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** The promise to scripts (docs/api-rules.md, Running it): stdout is exactly one JSON line. */
export function jsonLine(run: CliRun): Record<string, unknown> {
  expect(run.stdout).toMatch(/^[^\n]+\n$/);
  return JSON.parse(run.stdout) as Record<string, unknown>;
}
