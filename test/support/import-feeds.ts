import { calendar, vevent } from './imports';
import { TestApp } from './test-app';

/** One VEVENT of a test feed: local times in Europe/Berlin. */
export interface FeedEvent {
  uid: string;
  summary: string;
  /** Local start `YYYYMMDDTHHMMSS`; the event lasts two hours. */
  start: string;
  rrule?: string;
  recurrenceId?: string;
  sequence?: number;
}

const twoHoursLater = (start: string) => `${start.slice(0, 9)}${String(Number(start.slice(9, 11)) + 2).padStart(2, '0')}${start.slice(11)}`;
const berlin = (wall: string) => `;TZID=Europe/Berlin:${wall}`;

/** A feed of these events, with TZID parameters and no VTIMEZONE, as Nextcloud's subscription links send it. */
export function feedOf(events: FeedEvent[]): string {
  return calendar(
    events.map((event) =>
      vevent(
        event.uid,
        event.summary,
        berlin(event.start),
        berlin(twoHoursLater(event.start)),
        `SEQUENCE:${event.sequence ?? 0}`,
        'LOCATION:Stadthalle\\, Marktplatz 1',
        ...(event.recurrenceId ? [`RECURRENCE-ID${berlin(event.recurrenceId)}`] : []),
        ...(event.rrule ? [`RRULE:${event.rrule}`] : []),
      ),
    ),
    ['X-WR-CALNAME:Stadtprogramm'],
  );
}

/** The data version: the sum raised by every write transaction (README, HTTP caching and preconditions). */
export async function dataVersion(app: TestApp): Promise<number> {
  const rows: Array<{ version: number | string }> = await app.dataSource.query(
    'SELECT COALESCE(SUM(version), 0) AS version FROM data_versions',
  );
  return Number(rows[0].version);
}

/** Makes every refreshing source due now, as if its period had passed. */
export async function makeDue(app: TestApp): Promise<void> {
  await app.dataSource
    .createQueryBuilder()
    .update('import_sources')
    .set({ nextRunAt: () => ':due' })
    .where('refresh_seconds IS NOT NULL')
    .setParameters({ due: new Date(Date.now() - 60_000) })
    .execute();
}

/** Every event, occurrence and exception a source wrote (trash included), by `uid` or `uid@recurrence`, with title and status. */
export async function importedRows(
  app: TestApp,
  sourceId: number,
): Promise<Map<string, { title: string; status: string; modified: string }>> {
  const rows: Array<{ uid: string; title: string; status: string; modified: unknown; recurrence: unknown }> = await app.dataSource.query(
    'SELECT import_uid AS uid, title, status, modified_utc AS modified, recurrence_id_utc AS recurrence FROM events WHERE import_source_id = ?',
    [sourceId],
  );
  return new Map(
    rows.map((row) => [
      row.recurrence ? `${row.uid}@${String(row.recurrence)}` : row.uid,
      { title: row.title, status: row.status, modified: String(row.modified) },
    ]),
  );
}
