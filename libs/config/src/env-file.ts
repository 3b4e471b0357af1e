import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseEnv } from 'node:util';

type Env = Record<string, string | undefined>;

/**
 * Reads `.env` from the working directory into the environment (docs/api-rules.md, Running it), for the service and
 * the command-line app alike, before the configuration is validated. Variables already set in the
 * environment win, so `PORT=4000 npm start` beats a `PORT` in `.env`. Returns the names it set.
 * Node's own parser reads the format (`KEY=value`, quotes, `#` comments, `export` prefixes).
 */
export function loadEnvFile(directory: string = process.cwd(), env: Env = process.env): string[] {
  const path = join(directory, '.env');
  if (!existsSync(path)) return [];
  const applied: string[] = [];
  for (const [name, value] of Object.entries(parseEnv(readFileSync(path, 'utf8')))) {
    if (env[name] !== undefined) continue;
    env[name] = value;
    applied.push(name);
  }
  return applied;
}
