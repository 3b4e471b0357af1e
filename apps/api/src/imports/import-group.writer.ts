import { ApiError, ApiValidationPipe, AuthenticatedUser, FieldErrors, ParamReason } from '@app/common';
import { TransactionRunner } from '@app/database';
import { EventsRepository, ImportedEventsRepository, ImportedRow, ImportSource } from '@app/domain';
import { ImportGroup, ImportItem } from '@app/ical-import';
import { wholeSeconds } from '@app/posts';
import { Injectable, Type } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { CreateEventDto, EventFieldsDto } from '../events/dto/create-event.dto';
import { UpdateEventDto } from '../events/dto/update-event.dto';
import { parseWall } from '../events/event-dates';
import { EventsService } from '../events/events.service';
import { bodyTime, eventBody, exceptionBody, exceptionChanges, SourceAdditions } from './import-body';
import { ImportPlaces } from './import-places';
import { RunLookups } from './import-lookups';
import { combinedFingerprint, EditedEntry, ImportReport, importKeyOf } from './import-report';

/** What one run knows while it writes: its source, whose rights it writes with, and what earlier runs wrote. */
export interface RunContext {
  source: ImportSource;
  user: AuthenticatedUser;
  additions: SourceAdditions;
  rows: Map<string, ImportedRow>;
  report: ImportReport;
  /** Venues, organizers and terms found by name so far in this run. */
  lookups: RunLookups;
}

/** One UID's write, decided before its transaction (ImportBatches runs it under its own savepoint). */
export interface UidWrite {
  uid: string;
  line: number;
  /** Writes the UID; what it did goes to `report` (kept by the run only once the transaction commits). Throws EventRefused. */
  write(manager: EntityManager, report: ImportReport): Promise<void>;
}

/** A refused event body: the fields and reasons, as an API error names them. */
export class EventRefused extends Error {
  constructor(readonly fields: Record<string, ParamReason>) {
    super('event refused');
  }
}

const pipe = new ApiValidationPipe();

/** Whether the source changed the item since `row` was written (docs/api-rules.md, Importing calendars: a hand edit yields only then). */
function sourceMoved(item: { sequence: number; lastModified: Date | null }, row: ImportedRow): boolean {
  if (item.sequence > (row.sequence ?? 0)) return true;
  const seen = row.lastModified?.getTime() ?? 0;
  return item.lastModified !== null && item.lastModified.getTime() > seen;
}

/** Per run's rows: the occurrence and exception rows of each UID, indexed once (a scan of every row per UID made a run quadratic). */
const seriesRowsByRun = new WeakMap<Map<string, ImportedRow>, Map<string, ImportedRow[]>>();

function seriesRowsOf(rows: Map<string, ImportedRow>, uid: string): ImportedRow[] {
  let byUid = seriesRowsByRun.get(rows);
  if (!byUid) {
    byUid = new Map();
    for (const row of rows.values()) {
      if (row.seriesId === null) continue;
      const list = byUid.get(row.uid);
      if (list) list.push(row);
      else byUid.set(row.uid, [row]);
    }
    seriesRowsByRun.set(rows, byUid);
  }
  return byUid.get(uid) ?? [];
}

/** SEQUENCE and LAST-MODIFIED of a series: the highest of the series and its cancelled occurrences. */
function latestOf(items: ImportItem[]): { sequence: number; lastModified: Date | null } {
  const sequence = Math.max(...items.map((item) => item.sequence));
  const stamps = items.map((item) => item.lastModified?.getTime() ?? 0);
  const latest = Math.max(...stamps);
  return { sequence, lastModified: latest > 0 ? new Date(latest) : null };
}

/**
 * Writes one UID of a calendar (an event, or a series with its exceptions) through the event
 * rules (EventsService), all of it or nothing (ImportBatches: a savepoint per UID): never half of
 * a series. A group equal to what the last run wrote costs no read and no write.
 */
@Injectable()
export class ImportGroupWriter {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly events: EventsService,
    private readonly eventRows: EventsRepository,
    private readonly imported: ImportedEventsRepository,
    private readonly places: ImportPlaces,
  ) {}

  /**
   * Decides what one UID needs: nothing (unchanged, a hand edit kept, an orphan exception; counted
   * here), or a write, answered for ImportBatches to run in a transaction with other UIDs' writes.
   */
  async apply(run: RunContext, group: ImportGroup): Promise<UidWrite | null> {
    const { master } = group;
    const { report } = run;
    if (!master) {
      report.skipped.push({ uid: group.uid, line: group.exceptions[0].line, reason: 'event_orphan_exception' });
      return null;
    }
    const row = run.rows.get(importKeyOf(group.uid, null));
    if (master.status === 'CANCELLED') {
      await this.cancel(run, master, row);
      return null;
    }
    const exceptions = this.supportedExceptions(run, group, master);
    const cancelled = exceptions.filter((item) => item.status === 'CANCELLED');
    const changed = exceptions.filter((item) => item.status !== 'CANCELLED' && exceptionChanges(item, master).length > 0);
    const fingerprint = combinedFingerprint([
      master.fingerprint,
      ...cancelled.map((item) => item.fingerprint).sort(),
      JSON.stringify([run.additions.categories, run.additions.tags]),
    ]);
    const changedKeys = new Set(changed.map((item) => importKeyOf(group.uid, bodyTime(item.recurrenceId!))));
    const released = seriesRowsOf(run.rows, group.uid).filter((other) => !changedKeys.has(other.key));
    const restore = row?.status === 'trash' && !row.edited;
    const exceptionsSame = changed.every(
      (item) => run.rows.get(importKeyOf(group.uid, bodyTime(item.recurrenceId!)))?.fingerprint === item.fingerprint,
    );
    if (row && row.fingerprint === fingerprint && !restore && released.length === 0 && exceptionsSame) {
      report.unchanged++;
      return null;
    }
    const latest = latestOf([master, ...cancelled]);
    const masterChanged = !row || row.fingerprint !== fingerprint || restore || released.length > 0;
    let overridden: EditedEntry | null = null;
    if (row && masterChanged && row.edited) {
      const entry = { uid: group.uid, id: row.id, recurrence_id: null };
      if (!sourceMoved(latest, row)) {
        report.kept.push(entry);
        report.unchanged++;
        return null;
      }
      overridden = entry;
    }
    return {
      uid: group.uid,
      line: master.line,
      write: async (manager, written) => {
        if (overridden) written.overridden.push(overridden);
        const seriesId = masterChanged
          ? await this.writeMaster(manager, run, group, { row, fingerprint, latest, cancelled, released, restore })
          : (row as ImportedRow).id;
        for (const exception of changed) await this.writeException(manager, run, written, master, exception, seriesId);
        if (row) written.updated++;
        else written.created++;
      },
    };
  }

  /**
   * The exceptions a run applies, and what it leaves out reported (README, Importing calendars): a
   * `RANGE=THISANDFUTURE` exception (a change of the rest of the series) is skipped whole rather than
   * applied to its own occurrence only; RRULEs after the first are named, the event imported with its first.
   */
  private supportedExceptions(run: RunContext, group: ImportGroup, master: ImportItem): ImportItem[] {
    if (master.rrules.length > 1) run.report.skipped.push({ uid: group.uid, line: master.line, reason: 'event_extra_rrule' });
    return group.exceptions.filter((item) => {
      if (item.recurrenceRange !== 'THISANDFUTURE') return true;
      run.report.skipped.push({ uid: group.uid, line: item.line, reason: 'event_this_and_future' });
      return false;
    });
  }

  /** The event or series itself, created or rewritten; answers its ID. */
  private async writeMaster(
    manager: EntityManager,
    run: RunContext,
    group: ImportGroup,
    plan: {
      row: ImportedRow | undefined;
      fingerprint: string;
      latest: { sequence: number; lastModified: Date | null };
      cancelled: ImportItem[];
      released: ImportedRow[];
      restore: boolean;
    },
  ): Promise<number> {
    const master = group.master as ImportItem;
    const places = await this.places.of(master, manager, run.lookups);
    const body = eventBody(
      master,
      places,
      run.additions,
      plan.cancelled.map((item) => item.recurrenceId!),
    );
    body.categories = await this.places.termIds('categories', body.categories, manager, run.lookups);
    body.tags = await this.places.termIds('tags', body.tags, manager, run.lookups);
    let id: number;
    if (!plan.row) {
      const dto = await this.validated(CreateEventDto, { ...body, status: run.additions.status });
      const errors = FieldErrors.of(dto);
      const draft = await this.refusing(() =>
        this.events.draftNew(manager, run.user, dto, errors).then((made) => (errors.throwIfAny(), made)),
      );
      id = (await this.events.insertDraft(manager, run.user, draft)).record.id;
    } else {
      await this.imported.releaseExceptions(
        plan.released.map((released) => released.id),
        manager,
      );
      const dto = await this.validated(UpdateEventDto, plan.restore ? { ...body, status: run.additions.status } : body);
      id = (await this.refusing(() => this.events.updateWithin(manager, run.user, { id: plan.row!.id }, dto))).id;
    }
    await this.imported.link(
      id,
      { sourceId: run.source.id, uid: group.uid, key: importKeyOf(group.uid, null), fingerprint: plan.fingerprint, ...plan.latest },
      manager,
    );
    return id;
  }

  /** One changed occurrence: the fields it changes, kept as that occurrence's exception. */
  private async writeException(
    manager: EntityManager,
    run: RunContext,
    report: ImportReport,
    master: ImportItem,
    exception: ImportItem,
    seriesId: number,
  ) {
    const recurrenceId = exception.recurrenceId!;
    const key = importKeyOf(exception.uid, bodyTime(recurrenceId));
    const row = run.rows.get(key);
    if (row?.fingerprint === exception.fingerprint && row.seriesId === seriesId) return;
    const zone = master.timeZone.name;
    const originalStart = recurrenceId.type === 'date-time' ? recurrenceId.instant : parseWall(recurrenceId.date, zone, new Date());
    const occurrence = originalStart ? await this.imported.occurrenceAt(seriesId, originalStart, manager) : null;
    if (!occurrence) {
      report.skipped.push({ uid: exception.uid, line: exception.line, reason: 'event_not_an_occurrence' });
      return;
    }
    const entry = { uid: exception.uid, id: occurrence.id, recurrence_id: bodyTime(recurrenceId) };
    if (row?.edited) {
      if (!sourceMoved(exception, row)) return void report.kept.push(entry);
      report.overridden.push(entry);
    } else if (!row && occurrence.ownFields) {
      // An occurrence changed by hand that the source now changes too: the source's newer word wins.
      report.overridden.push(entry);
    }
    const fields = exceptionBody(exception, await this.places.of(exception, manager, run.lookups));
    const changes = Object.fromEntries(exceptionChanges(exception, master).map((field) => [field, fields[field]]));
    const dto = await this.validated(UpdateEventDto, changes);
    await this.refusing(() => this.events.updateWithin(manager, run.user, { id: occurrence.id }, dto));
    const link = { sourceId: run.source.id, uid: exception.uid, key, fingerprint: exception.fingerprint };
    await this.imported.link(occurrence.id, { ...link, sequence: exception.sequence, lastModified: exception.lastModified }, manager);
  }

  /** A whole event the source cancelled: to trash (once; a hand-restored event stays unless the source moved). */
  private async cancel(run: RunContext, master: ImportItem, row: ImportedRow | undefined): Promise<void> {
    if (!row) {
      run.report.skipped.push({ uid: master.uid, line: master.line, reason: 'event_cancelled' });
      return;
    }
    if (row.status === 'trash' || (row.edited && !sourceMoved(master, row))) {
      run.report.unchanged++;
      return;
    }
    await this.trash(row.id);
    run.report.removed++;
  }

  /** Moves an imported event to trash as the importer (not a hand edit). */
  async trash(id: number): Promise<void> {
    await this.transactions.run(async (manager) => {
      if ((await this.eventRows.lockForWrite({ id }, manager)) === null) return;
      await this.eventRows.moveToTrash(id, wholeSeconds(), manager);
      await this.imported.markUnedited(id, manager);
    });
  }

  /** The body as the API's validation pipe leaves it: refused fields dropped and noted for the event rules. */
  private async validated<T extends EventFieldsDto>(type: Type<T>, body: Record<string, unknown>): Promise<T> {
    return this.refusing(() => pipe.transform(body, { type: 'body', metatype: type }) as Promise<T>);
  }

  /** Runs a step of the event rules; a refusal of the body becomes EventRefused (the group is skipped and reported). */
  private async refusing<T>(step: () => Promise<T>): Promise<T> {
    try {
      return await step();
    } catch (error) {
      if (error instanceof ApiError && error.httpStatus === 400) {
        const params = error.details.params;
        const fields = Array.isArray(params)
          ? Object.fromEntries(params.map((name) => [name, { key: 'validation.required' }]))
          : (params ?? {});
        throw new EventRefused(fields);
      }
      throw error;
    }
  }
}
