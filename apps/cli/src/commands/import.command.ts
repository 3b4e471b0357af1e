import { ApiError } from '@app/common';
import { WRITE_DATA_SOURCE } from '@app/database';
import { ImportSourcesRepository, migrateOnce, UsersRepository } from '@app/domain';
import { describeProblem, ImportProblemCode } from '@app/ical-import';
import { NestFactory } from '@nestjs/core';
import { readFile } from 'node:fs/promises';
import { DataSource } from 'typeorm';
import { AppModule } from '../../../api/src/app.module';
import { CreateImportDto } from '../../../api/src/imports/dto/import-source-fields.dto';
import { ImportSourcesService } from '../../../api/src/imports/import-sources.service';
import { CliCommand, FlagValues } from '../cli-command';
import { CliError } from '../cli-error';
import { positiveIntegerFlag } from '../flags';

/** The options of a new source, from the flags (the API's field names, with `-` for `_`). */
function sourceOptions(flags: FlagValues): CreateImportDto {
  const options: CreateImportDto = {};
  for (const name of ['status', 'categories', 'tags', 'timezone', 'refresh', 'name'] as const) {
    if (flags[name] !== undefined) options[name] = flags[name];
  }
  if (flags['on-removed'] !== undefined) options.on_removed = flags['on-removed'];
  return options;
}

/** An API refusal as one line naming the flags (and the calendar's line, where the file was at fault). */
function refusal(error: ApiError): CliError {
  const params = error.details.params;
  if (Array.isArray(params)) return new CliError(`Missing ${params.map((name) => `--${name}`).join(' or ')}.`);
  const reasons = Object.entries(params ?? {}).map(([name, reason]) => {
    const code = reason.key.startsWith('imports.') ? (reason.key.slice('imports.'.length) as ImportProblemCode) : null;
    const text = code ? describeProblem({ code, params: (reason.args ?? {}) as Record<string, string> }, 'en') : reason.key;
    return `--${name.replace('calendar', 'file').replace('_', '-')}: ${text}`;
  });
  return new CliError(reasons.join('; ') || error.code, 1, false);
}

export const importCommand: CliCommand = {
  name: 'import',
  synopsis:
    '--file <path> | --url <url> [--source <id>] [--status <status>] [--categories <list>] [--tags <list>] [--timezone <zone>] [--refresh <duration>] [--on-removed trash|keep] [--name <name>]',
  summary:
    'Import an iCalendar file or subscribe to a feed (a URL already subscribed runs again; --source runs that source with a new file); ' +
    'prints the run\'s report {"source","created","updated","unchanged","removed","skipped","overridden","kept"}.',
  flags: Object.fromEntries(
    ['file', 'url', 'source', 'status', 'categories', 'tags', 'timezone', 'refresh', 'on-removed', 'name'].map((name) => [
      name,
      { type: 'string' as const },
    ]),
  ),
  async run(flags) {
    if ((flags.file === undefined) === (flags.url === undefined)) throw new CliError('Give either --file <path> or --url <url>.');
    const file = flags.file === undefined ? undefined : await readFile(flags.file).catch(() => undefined);
    if (flags.file !== undefined && !file) throw new CliError(`--file: cannot read ${flags.file}.`, 1, false);
    const sourceId = flags.source === undefined ? undefined : positiveIntegerFlag(flags, 'source');
    const app = await NestFactory.createApplicationContext(AppModule, { logger: false, abortOnError: false });
    try {
      await migrateOnce(app.get<DataSource>(WRITE_DATA_SOURCE));
      const sources = app.get(ImportSourcesService);
      const subscribed = flags.url ? await app.get(ImportSourcesRepository).findByUrl(flags.url) : null;
      const existing = sourceId ?? subscribed?.id;
      const admin = await app.get(UsersRepository).findFirstWithRole('administrator');
      if (!admin) throw new CliError('There is no administrator to import with (start the service once).', 1, false);
      const source =
        existing !== undefined
          ? await sources.run(existing, file, undefined)
          : await sources.create({ id: admin.id, role: admin.role, name: admin.name }, { ...sourceOptions(flags), url: flags.url }, file);
      const report = source.lastReport ? (JSON.parse(source.lastReport) as object) : {};
      return { source: source.id, ...report, ...(source.lastError ? { error: JSON.parse(source.lastError) as object } : {}) };
    } catch (error) {
      if (error instanceof ApiError)
        throw error.httpStatus === 404 ? new CliError(`--source: no import source ${sourceId}.`) : refusal(error);
      throw error;
    } finally {
      await app.close();
    }
  },
};
