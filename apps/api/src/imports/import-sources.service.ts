import { ApiError, AuthenticatedUser, clampPerPage, Errors, FieldErrors, paginate, RequestContext } from '@app/common';
import { APP_CONFIG, AppConfig } from '@app/config';
import { TransactionRunner } from '@app/database';
import { ImportSource, ImportSourcesRepository, OnRemoved } from '@app/domain';
import { Inject, Injectable } from '@nestjs/common';
import { referenceList } from '../events/linked-records';
import { resolveZone } from '../events/event-dates';
import { CreateImportDto, ImportSourceFieldsDto, ListImportsQuery, UpdateImportDto } from './dto/import-source-fields.dto';
import { importTooLarge } from './calendar-upload.middleware';
import { ImportRunFailed } from './import-report';
import { ImportRunsService } from './import-runs.service';

/** Shortest and longest refresh interval (docs/api-rules.md, Importing calendars). */
const MIN_REFRESH_SECONDS = 15 * 60;
const MAX_REFRESH_SECONDS = 365 * 86_400;
const DURATION = /^P(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/;

/** An ISO 8601 duration in seconds (weeks, days, hours, minutes, seconds: no months or years, whose length varies). */
export function parseRefresh(text: string): number | null {
  const match = DURATION.exec(text.trim().toUpperCase());
  if (!match || text.trim().toUpperCase().endsWith('T') || text.trim().length < 3) return null;
  const [weeks, days, hours, minutes, seconds] = match.slice(1).map((part) => Number(part ?? 0));
  const total = (((weeks * 7 + days) * 24 + hours) * 60 + minutes) * 60 + seconds;
  return total >= MIN_REFRESH_SECONDS && total <= MAX_REFRESH_SECONDS ? total : null;
}

export const importNotFound = (id: number) => new ApiError(404, 'rest-import-not-found', 'errors.import_not_found', { args: { id } });

/**
 * Import sources (docs/api-rules.md, Importing calendars): their options, checked as every body
 * is (every bad field in one answer), and the first run of a new source, which answers with it.
 * A new source whose calendar cannot be read is not kept: 400 naming `url` or `calendar`.
 */
@Injectable()
export class ImportSourcesService {
  constructor(
    private readonly sources: ImportSourcesRepository,
    private readonly runs: ImportRunsService,
    private readonly transactions: TransactionRunner,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async create(user: AuthenticatedUser, dto: CreateImportDto, upload: Buffer | undefined): Promise<ImportSource> {
    const calendar = this.calendarOf(upload, dto.calendar);
    const errors = FieldErrors.of(dto);
    const url = dto.url?.trim() || null;
    if (!url && !calendar && !errors.has('url') && !errors.has('calendar')) throw Errors.missingParams(['url', 'calendar']);
    if (url && calendar) errors.invalidParam('calendar', 'validation.importUrlOrCalendar');
    const now = new Date();
    const source = this.sources.newSource({
      url,
      name: '',
      status: 'publish',
      categories: '[]',
      tags: '[]',
      timezone: null,
      refreshSeconds: null,
      onRemoved: 'trash',
      authorId: user.id,
      etag: null,
      lastModifiedHeader: null,
      nextRunAt: null,
      lastRunAt: null,
      lastSuccessAt: null,
      lastError: null,
      lastReport: null,
      createdUtc: now,
      modifiedUtc: now,
    });
    this.applyOptions(source, dto, errors);
    errors.throwIfAny();
    const saved = await this.save(source);
    try {
      await this.runs.runSource(saved.id, { trigger: 'manual', calendar });
    } catch (error) {
      if (error instanceof ImportRunFailed) {
        await this.transactions.run((manager) => this.sources.remove(saved.id, manager), { contentUnchanged: true });
        throw Errors.invalidParam(url ? 'url' : 'calendar', `imports.${error.problem.code}`, error.problem.params);
      }
      throw error;
    }
    return this.get(saved.id);
  }

  async get(id: number): Promise<ImportSource> {
    const source = await this.sources.findById(id);
    if (!source) throw importNotFound(id);
    return source;
  }

  async list(query: ListImportsQuery, context: RequestContext) {
    const window = { page: query.page ?? 1, perPage: clampPerPage(query.per_page, this.config.maxPerPage) };
    const { items, total } = await this.sources.page(window);
    return { items, page: paginate('import', `${context.links.restBase}/imports`, {}, window, total) };
  }

  async update(id: number, dto: UpdateImportDto): Promise<ImportSource> {
    const errors = FieldErrors.of(dto);
    const source = await this.get(id);
    if (dto.url !== undefined) {
      const url = dto.url.trim();
      if (source.url === null || url === '') errors.invalidParam('url', 'validation.importNotForUploads');
      else if (url !== source.url) Object.assign(source, { url, etag: null, lastModifiedHeader: null });
    }
    this.applyOptions(source, dto, errors);
    errors.throwIfAny();
    source.modifiedUtc = new Date();
    return this.save(source);
  }

  async delete(id: number): Promise<ImportSource> {
    const source = await this.get(id);
    await this.transactions.run((manager) => this.sources.remove(id, manager), { contentUnchanged: true });
    return source;
  }

  /** A run asked for by hand: a URL source is fetched; an upload source takes the new calendar. */
  async run(id: number, upload: Buffer | undefined, calendarText: string | undefined): Promise<ImportSource> {
    const source = await this.get(id);
    const calendar = this.calendarOf(upload, calendarText);
    if (source.url === null && !calendar) throw Errors.invalidParam('calendar', 'validation.importCalendarMissing');
    if (source.url !== null && calendar) throw Errors.invalidParam('calendar', 'validation.importNotForUploads');
    try {
      await this.runs.runSource(id, { trigger: 'manual', calendar });
    } catch (error) {
      if (!(error instanceof ImportRunFailed)) throw error;
      // A file the caller sent is their mistake (400); a feed that failed is the source's state, shown in last_error.
      if (calendar) throw Errors.invalidParam('calendar', `imports.${error.problem.code}`, error.problem.params);
    }
    return this.get(id);
  }

  /** The options a body gives, each checked into `errors`. */
  private applyOptions(source: ImportSource, dto: ImportSourceFieldsDto, errors: FieldErrors): void {
    if (dto.name !== undefined) source.name = dto.name.trim();
    if (dto.status !== undefined) source.status = dto.status;
    if (dto.on_removed !== undefined) source.onRemoved = dto.on_removed as OnRemoved;
    for (const field of ['categories', 'tags'] as const) {
      if (dto[field] !== undefined) source[field] = JSON.stringify(referenceList(dto[field]));
    }
    if (dto.timezone !== undefined) {
      const zone = dto.timezone.trim() === '' ? null : resolveZone(dto.timezone);
      if (zone === null && dto.timezone.trim() !== '') errors.invalidParam('timezone', 'validation.timezone');
      else source.timezone = zone;
    }
    if (dto.refresh !== undefined) {
      const seconds = dto.refresh.trim() === '' ? null : parseRefresh(dto.refresh);
      // A URL the body gave but the validation pipe refused (a bad scheme) is reported as such, not as an upload's refresh.
      if (source.url === null && seconds !== null && !errors.has('url')) errors.invalidParam('refresh', 'validation.importNotForUploads');
      else if (seconds === null && dto.refresh.trim() !== '') errors.invalidParam('refresh', 'validation.importRefresh');
      else {
        source.refreshSeconds = seconds;
        source.nextRunAt = seconds === null ? null : new Date((source.lastRunAt ?? new Date()).getTime() + seconds * 1000);
      }
    }
  }

  /** The calendar a request carries (its body, or `calendar` in JSON or a form), within IMPORT_MAX_BYTES like a fetched one (413 beyond). */
  private calendarOf(upload: Buffer | undefined, text: string | undefined): Buffer | undefined {
    const calendar = upload ?? (text !== undefined ? Buffer.from(text, 'utf8') : undefined);
    if (calendar && calendar.length > this.config.imports.maxBytes) throw importTooLarge(this.config.imports.maxBytes);
    return calendar;
  }

  private save(source: ImportSource): Promise<ImportSource> {
    return this.transactions.run((manager) => this.sources.save(source, manager), { contentUnchanged: true });
  }
}
