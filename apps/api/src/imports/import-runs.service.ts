import { AuthenticatedUser } from '@app/common';
import { APP_CONFIG, AppConfig } from '@app/config';
import { TransactionRunner } from '@app/database';
import { ImportedEventsRepository, ImportSource, ImportSourcesRepository, UsersRepository } from '@app/domain';
import { fetchCalendar, groupByUid, readImportFile } from '@app/ical-import';
import { Inject, Injectable } from '@nestjs/common';
import { SourceAdditions } from './import-body';
import { ImportBatches } from './import-batches';
import { ImportGroupWriter, RunContext, UidWrite } from './import-group.writer';
import { RunLookups } from './import-lookups';
import { emptyReport, ImportReport, ImportRunFailed } from './import-report';

/** What started a run: a person (an upload, `POST /imports`, `POST /imports/{id}/run`, the CLI) or the refresh schedule. */
export interface RunOptions {
  trigger: 'manual' | 'refresh';
  /** The uploaded calendar of a source without URL. */
  calendar?: Buffer;
}

/** The references a source stores as JSON. */
export function parseReferences(json: string): Array<string | number> {
  const value: unknown = JSON.parse(json);
  return Array.isArray(value) ? (value as Array<string | number>) : [];
}

/**
 * Runs an import source: fetches its URL (conditionally: a 304 writes nothing) or reads its upload,
 * decides each UID through ImportGroupWriter and writes those that changed through ImportBatches, removes what vanished from the source, and stores the
 * report with the source's last_run/last_success/last_error. A run that cannot read its calendar
 * (fetch refused or failed, file malformed) writes no event, records its error and throws
 * ImportRunFailed. The source's own bookkeeping raises no data version (no answer of the event
 * API changes with it); every event write does.
 */
@Injectable()
export class ImportRunsService {
  constructor(
    private readonly sources: ImportSourcesRepository,
    private readonly imported: ImportedEventsRepository,
    private readonly users: UsersRepository,
    private readonly writer: ImportGroupWriter,
    private readonly batches: ImportBatches,
    private readonly transactions: TransactionRunner,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async runSource(sourceId: number, options: RunOptions): Promise<ImportReport> {
    const source = await this.sources.findById(sourceId);
    if (!source) throw new Error(`import source ${sourceId} does not exist`);
    const startedAt = new Date();
    try {
      const report = await this.fetchAndApply(source, options);
      await this.record(source, startedAt, { report });
      return report;
    } catch (error) {
      if (error instanceof ImportRunFailed) await this.record(source, startedAt, { failure: error });
      throw error;
    }
  }

  private async fetchAndApply(source: ImportSource, options: RunOptions): Promise<ImportReport> {
    if (source.url === null || options.calendar !== undefined) {
      if (!options.calendar) throw new ImportRunFailed({ code: 'ical_empty', params: { line: 0 } });
      return this.applyCalendar(source, options.calendar);
    }
    const answer = await fetchCalendar(source.url, {
      allowedHosts: this.config.imports.allowedHosts,
      maxBytes: this.config.imports.maxBytes,
      etag: source.etag,
      lastModified: source.lastModifiedHeader,
    });
    if (answer.status === 'failed') throw new ImportRunFailed(answer.problem);
    if (answer.status === 'not-modified') return this.unchangedReport(source);
    const report = await this.applyCalendar(source, answer.body);
    source.etag = answer.etag ?? null;
    source.lastModifiedHeader = answer.lastModified ?? null;
    return report;
  }

  /** Imports a calendar file into the source's events (an upload, or a fetched answer). */
  async applyCalendar(source: ImportSource, bytes: Buffer): Promise<ImportReport> {
    const read = readImportFile(bytes, { timezone: source.timezone ?? undefined, fallbackTimezone: this.config.siteTimezone });
    if (!read.ok) throw new ImportRunFailed(read.problem);
    const { items, skipped, name } = read.calendar;
    if (source.name === '') source.name = (name ?? (source.url ? new URL(source.url).host : 'Calendar')).slice(0, 255);
    const report = emptyReport();
    report.skipped.push(...skipped.map(({ uid, line, reason }) => ({ uid, line, reason })));
    const run: RunContext = {
      source,
      user: await this.author(source),
      additions: this.additionsOf(source),
      rows: await this.imported.rowsOf(source.id),
      report,
      lookups: new RunLookups(),
    };
    const groups = groupByUid(items);
    const writes: UidWrite[] = [];
    for (const group of groups) {
      const write = await this.writer.apply(run, group);
      if (write) writes.push(write);
    }
    await this.batches.write(run, writes);
    await this.removeVanished(run, new Set(groups.map((group) => group.uid)));
    report.skipped.sort((a, b) => a.line - b.line);
    return report;
  }

  /** Events whose UID the source no longer has: trashed (`on_removed: trash`) unless edited by hand since, or only counted (`keep`). */
  private async removeVanished(run: RunContext, present: Set<string>): Promise<void> {
    for (const row of run.rows.values()) {
      if (row.seriesId !== null || present.has(row.uid) || row.status === 'trash') continue;
      if (run.source.onRemoved === 'trash') {
        if (row.edited) {
          run.report.kept.push({ uid: row.uid, id: row.id, recurrence_id: null });
          continue;
        }
        await this.writer.trash(row.id);
      }
      run.report.removed++;
    }
  }

  /** A 304: every event the source has is as it was. */
  private async unchangedReport(source: ImportSource): Promise<ImportReport> {
    const rows = await this.imported.rowsOf(source.id);
    const report = emptyReport();
    report.unchanged = [...rows.values()].filter((row) => row.seriesId === null && row.status !== 'trash').length;
    return report;
  }

  /** Whose rights a run writes with: the source's author, or the first administrator when that user is gone or disabled. */
  private async author(source: ImportSource): Promise<AuthenticatedUser> {
    const user = await this.users.findById(source.authorId);
    const writer = user && !user.disabledUtc ? user : await this.users.findFirstWithRole('administrator');
    if (!writer) throw new Error('no user to import with');
    return { id: writer.id, role: writer.role, name: writer.name };
  }

  private additionsOf(source: ImportSource): SourceAdditions {
    return { status: source.status, categories: parseReferences(source.categories), tags: parseReferences(source.tags) };
  }

  /** The run's outcome on the source; no data version is raised for it. */
  private async record(source: ImportSource, startedAt: Date, outcome: { report: ImportReport } | { failure: ImportRunFailed }) {
    const finished = new Date();
    source.lastRunAt = startedAt;
    if ('report' in outcome) {
      source.lastSuccessAt = finished;
      source.lastError = null;
      source.lastReport = JSON.stringify(outcome.report);
    } else {
      source.lastError = JSON.stringify(outcome.failure.problem);
    }
    source.nextRunAt = source.refreshSeconds === null ? null : new Date(startedAt.getTime() + source.refreshSeconds * 1000);
    await this.transactions.run((manager) => this.sources.save(source, manager), { contentUnchanged: true });
  }
}
