import { APP_CONFIG, AppConfig } from '@app/config';
import { parseTimeZone, UTC_TIME_ZONE } from '@app/common';
import { BulkInsertRepository } from '@app/domain';
import { CliCommand } from '../cli-command';
import { migratedDatabase } from '../pending-migrations';
import { EventSeeder } from '../seed/event-seeder';
import { seedAuthor } from '../seed/seed-author';
import { parseSeedOptions } from '../seed/seed-options';

export const seedCommand: CliCommand = {
  name: 'seed',
  synopsis: '--events <n> [--series <share>] [--seed <int>]',
  summary:
    'Add n (at most 1,000,000) published events over the next year, with venues, organizers, categories and tags; ' +
    '--series 0.1 makes a tenth of them weekly and daily series, their occurrences up to the horizon; ' +
    'the same --seed gives the same data. Prints {"events","venues","organizers","categories","tags","series","occurrences","ms"}.',
  flags: { events: { type: 'string' }, seed: { type: 'string' }, series: { type: 'string' } },
  async run(flags, runtime) {
    const options = parseSeedOptions(flags);
    const app = await migratedDatabase(runtime);
    const author = await seedAuthor(app);
    if (author.created) {
      process.stderr.write(
        `Created administrator "${author.name}" (id ${author.id}) to author the seeded records; ` +
          `\`npm run cli -- token:create --user ${author.id}\` issues a token for it.\n`,
      );
    }
    const config = app.get<AppConfig>(APP_CONFIG);
    const siteZone = parseTimeZone(config.siteTimezone) ?? UTC_TIME_ZONE;
    const limits = { horizonMonths: config.recurrenceHorizonMonths, maxOccurrences: config.recurrenceMaxOccurrences };
    return new EventSeeder(app.get(BulkInsertRepository), siteZone, limits).run(options, author.id);
  },
};
