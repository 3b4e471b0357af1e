import { ConfigError } from '../src/config-error';
import { loadConfig } from '../src/load-config';

/* For the unit specs: how they ask what loadConfig refuses. */

/** The problems loadConfig reports for `env`; throws when it accepts `env`. */
export function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

/** One test per row: loadConfig refuses the variable set to the value, with one problem that names the variable. */
export function itRefuses(rows: ReadonlyArray<[name: string, value: string]>): void {
  it.each(rows.map((row) => [...row]))('refuses %s=%p, naming the variable', (name, value) => {
    expect(problemsOf({ [name]: value })).toEqual([expect.stringContaining(name)]);
  });
}
