import { ADMIN_TOKEN, bearer, NS, TestApp } from './test-app';

export const IMPORTS = `${NS}/imports`;

/** A calendar file from VEVENT blocks (each a list of content lines), CRLF as RFC 5545 wants. */
export function calendar(events: string[][], head: string[] = ['X-WR-CALNAME:Test feed']): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Calendar API tests//EN', ...head];
  for (const event of events) lines.push('BEGIN:VEVENT', ...event, 'END:VEVENT');
  lines.push('END:VCALENDAR');
  return `${lines.join('\r\n')}\r\n`;
}

/** A VEVENT's lines: UID, SUMMARY and times given, the rest as extra lines. */
export function vevent(uid: string, summary: string, start: string, end: string, ...more: string[]): string[] {
  return [`UID:${uid}`, 'DTSTAMP:20260101T000000Z', `SUMMARY:${summary}`, `DTSTART${start}`, `DTEND${end}`, ...more];
}

/** Uploads a calendar as a text/calendar body; the options go in the query string. */
export function upload(t: TestApp, text: string, query: Record<string, string> = {}, token = ADMIN_TOKEN) {
  return t.http.post(IMPORTS).query(query).set(bearer(token)).set('Content-Type', 'text/calendar').send(text);
}

/** Uploads a new version of an upload source's calendar. */
export function rerun(t: TestApp, id: number, text: string, token = ADMIN_TOKEN) {
  return t.http.post(`${IMPORTS}/${id}/run`).set(bearer(token)).set('Content-Type', 'text/calendar').send(text);
}

/** An event answer, as far as the import tests read it. */
export interface EventAnswer {
  id: number;
  title: string;
  categories: Array<{ name: string }>;
  modified_utc: string;
  [key: string]: unknown;
}

/** The source's events (every status but trash, occurrences listed once per series). */
export async function importedEvents(t: TestApp, extra: Record<string, string> = {}) {
  const res = await t.http
    .get(`${NS}/events`)
    .query({ start_date: '2000-01-01', end_date: '2100-01-01', per_page: '50', expand: 'false', ...extra })
    .set(bearer(ADMIN_TOKEN))
    .expect(200);
  return res.body.events as EventAnswer[];
}
