import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { CalendarEvent } from '../events/event.entity';

/** What a run needs to know of an event it wrote before, without reading the event. */
export interface ImportedRow {
  id: number;
  key: string;
  uid: string;
  fingerprint: string | null;
  sequence: number | null;
  lastModified: Date | null;
  edited: boolean;
  status: string;
  /** Set on an exception (an occurrence row of a series). */
  seriesId: number | null;
}

/** The import state a write leaves on an event row. */
interface ImportLink {
  sourceId: number;
  uid: string;
  key: string;
  fingerprint: string;
  sequence: number;
  lastModified: Date | null;
}

type RawRow = Record<string, string | number | Date | null>;

const toDate = (value: string | number | Date | null): Date | null =>
  value === null ? null : value instanceof Date ? value : new Date(`${String(value).replace(' ', 'T')}Z`);

/** The events' import link (`events.import_*`): read once per run, written after each event write. */
@Injectable()
export class ImportedEventsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Every row a source's runs wrote, by import key: one query, so unchanged events cost no further read. */
  async rowsOf(sourceId: number, db: EntityManager = this.dataSource.manager): Promise<Map<string, ImportedRow>> {
    const rows: RawRow[] = await db.query(
      `SELECT id, import_key AS k, import_uid AS u, import_fingerprint AS f, import_sequence AS s, import_last_modified AS m,
              import_edited AS e, status, recurring_event_id AS r
         FROM events WHERE import_source_id = ?`,
      [sourceId],
    );
    return new Map(
      rows.map((row) => [
        String(row.k),
        {
          id: Number(row.id),
          key: String(row.k),
          uid: String(row.u),
          fingerprint: row.f === null ? null : String(row.f),
          sequence: row.s === null ? null : Number(row.s),
          lastModified: toDate(row.m),
          edited: Boolean(Number(row.e)),
          status: String(row.status),
          seriesId: row.r === null ? null : Number(row.r),
        },
      ]),
    );
  }

  /** The occurrence of a series that started at `originalStart`, with its own fields and link. */
  async occurrenceAt(seriesId: number, originalStart: Date, db: EntityManager): Promise<CalendarEvent | null> {
    return db.findOneBy(CalendarEvent, { recurringEventId: seriesId, recurrenceIdUtc: originalStart });
  }

  /** Records what the source said, and that no hand edit followed (the last statement of an import write). */
  async link(eventId: number, link: ImportLink, db: EntityManager): Promise<void> {
    await db.update(
      CalendarEvent,
      { id: eventId },
      {
        importSourceId: link.sourceId,
        importUid: link.uid,
        importKey: link.key,
        importFingerprint: link.fingerprint,
        importSequence: link.sequence,
        importLastModified: link.lastModified,
        importEdited: false,
      },
    );
  }

  /** The importer's own write (its trash) is no hand edit. */
  async markUnedited(eventId: number, db: EntityManager): Promise<void> {
    await db.update(CalendarEvent, { id: eventId }, { importEdited: false });
  }

  /** Rows that are no longer the source's own exceptions: they become plain occurrences at the next series write. */
  async releaseExceptions(ids: number[], db: EntityManager): Promise<void> {
    if (ids.length === 0) return;
    await db
      .createQueryBuilder()
      .update(CalendarEvent)
      .set({ ownFields: null, importSourceId: null, importUid: null, importKey: null, importFingerprint: null, importEdited: false })
      .where('id IN (:...ids)', { ids })
      .execute();
  }
}
