import { FlagValues } from '../cli-command';
import { CliError } from '../cli-error';
import { requireFlag } from '../flags';
import { SeedOptions } from './event-seeder';

/** A bound that keeps a typo (an extra zero or three) from filling the disk. */
export const MAX_SEED_EVENTS = 1_000_000;
/** Without --seed every run generates the same data set. */
export const DEFAULT_SEED = 1;

const INT32_MIN = -2_147_483_648;
const INT32_MAX = 2_147_483_647;

export function parseSeedOptions(flags: FlagValues): SeedOptions {
  const events = requireFlag(flags, 'events');
  if (!/^\d+$/.test(events) || Number(events) < 1) throw new CliError(`--events must be a positive integer (got "${events}").`);
  if (Number(events) > MAX_SEED_EVENTS) {
    throw new CliError(`--events must be at most ${MAX_SEED_EVENTS.toLocaleString('en')} (got ${events}).`);
  }
  const series = parseSeriesShare(flags.series);
  if (flags.seed === undefined) return { events: Number(events), seed: DEFAULT_SEED, series };
  const seed = flags.seed.trim();
  if (!/^-?\d+$/.test(seed) || Number(seed) < INT32_MIN || Number(seed) > INT32_MAX) {
    throw new CliError(`--seed must be an integer between ${INT32_MIN} and ${INT32_MAX} (got "${seed}").`);
  }
  return { events: Number(events), seed: Number(seed), series };
}

/** `--series`: the share of events that are series, 0 (none, the default) to 1. */
function parseSeriesShare(value: string | undefined): number {
  if (value === undefined) return 0;
  const text = value.trim();
  if (!/^(?:0|1|0?\.\d+|1\.0*)$/.test(text)) throw new CliError(`--series must be a share between 0 and 1, e.g. 0.1 (got "${value}").`);
  return Number(text);
}
