import { CliCommand } from '../cli-command';
import { CliError } from '../cli-error';
import { positiveIntegerFlag } from '../flags';

/** Exit code for a command that exists in the contract but is not implemented in this build. */
const NOT_AVAILABLE = 2;

export const seedCommand: CliCommand = {
  name: 'seed',
  synopsis: '--events <n>',
  summary: 'Add n published events over the next year, with venues, organizers, categories and tags.',
  flags: { events: { type: 'string' } },
  async run(flags) {
    positiveIntegerFlag(flags, 'events');
    // Seeding needs the events feature, which lands separately; until then say so plainly.
    throw new CliError('seed is not available yet', NOT_AVAILABLE, false);
  },
};
