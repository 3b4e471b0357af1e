import { TestApp } from './test-app';

/** One VEVENT of a test feed: times in Europe/Berlin, as Nextcloud writes them. */
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

/** A calendar in the style of Nextcloud's export (PRODID, TZID parameters, CRLF); the VTIMEZONE is left out as Nextcloud does for links. */
export function nextcloudFeed(events: FeedEvent[]): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'CALSCALE:GREGORIAN',
    'PRODID:-//IDN nextcloud.com//Calendar app 4.7.0//EN',
    'X-WR-CALNAME:Stadtprogramm',
  ];
  for (const event of events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${event.uid}`,
      'DTSTAMP:20260101T000000Z',
      `SEQUENCE:${event.sequence ?? 0}`,
      ...(event.recurrenceId ? [`RECURRENCE-ID;TZID=Europe/Berlin:${event.recurrenceId}`] : []),
      `DTSTART;TZID=Europe/Berlin:${event.start}`,
      `DTEND;TZID=Europe/Berlin:${twoHoursLater(event.start)}`,
      ...(event.rrule ? [`RRULE:${event.rrule}`] : []),
      `SUMMARY:${event.summary}`,
      'LOCATION:Stadthalle\\, Marktplatz 1',
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR', '');
  return lines.join('\r\n');
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
    .set({ next_run_at: () => ':due' })
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
