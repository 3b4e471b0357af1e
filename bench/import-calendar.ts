/**
 * The calendar `npm run bench:import` imports: `events` VEVENTs in the style of a Google Calendar
 * export (Europe/Berlin with its VTIMEZONE, lines folded at 75 octets, CRLF), of which `series`
 * are weekly series with ten occurrences; each series has one moved and retitled occurrence and
 * one EXDATE, every other one a cancelled occurrence too; the rest are single events. Venues (with
 * GEO for a third of them), organizers (CN and mailto:) and categories repeat across events as
 * in a venue's real programme. Deterministic: the same arguments give the same bytes.
 */
const VENUES = 300;
const ORGANIZERS = 120;
const CATEGORIES = ['Konzert', 'Theater', 'Lesung', 'Kinder', 'Markt', 'Führung', 'Kino', 'Sport', 'Tanz', 'Vortrag'].flatMap((name) => [
  name,
  `${name} open air`,
  `${name} für Familien`,
]);
const WORDS = ['Abendjazz', 'Sommer', 'Stadtführung', 'Kammermusik', 'Flohmarkt', 'Lesenacht', 'Improtheater', 'Kinderkino'];

interface CalendarShape {
  events: number;
  series: number;
}

/** The number of VEVENTs each kind contributes to `shape.events`. */
export function calendarCounts(shape: CalendarShape): { series: number; moved: number; cancelled: number; single: number } {
  const moved = shape.series;
  const cancelled = Math.ceil(shape.series / 2);
  const single = shape.events - shape.series - moved - cancelled;
  if (single < 0) throw new Error(`${shape.events} events cannot hold ${shape.series} series with their exceptions`);
  return { series: shape.series, moved, cancelled, single };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A local wall time `days` after the first day of next month at `hour`, as an iCalendar DATE-TIME. */
function wall(base: Date, days: number, hour: number, minutes = 0): string {
  const at = new Date(Date.UTC(base.getUTCFullYear(), base.getUTCMonth(), base.getUTCDate() + days, hour, minutes));
  return `${at.getUTCFullYear()}${pad(at.getUTCMonth() + 1)}${pad(at.getUTCDate())}T${pad(at.getUTCHours())}${pad(at.getUTCMinutes())}00`;
}

/** Folds a content line at 75 octets, never inside a UTF-8 character. */
function fold(line: string): string {
  const bytes = Buffer.from(line, 'utf8');
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let start = 0;
  let limit = 75;
  while (start < bytes.length) {
    let end = Math.min(start + limit, bytes.length);
    while (end < bytes.length && (bytes[end] & 0xc0) === 0x80) end--;
    parts.push(bytes.subarray(start, end).toString('utf8'));
    start = end;
    limit = 74;
  }
  return parts.join('\r\n ');
}

const escapeText = (text: string) => text.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\n/g, '\\n');

function venueLines(n: number): string[] {
  const venue = n % VENUES;
  const lines = [`LOCATION:${escapeText(`Kulturhaus ${venue}, Hauptstraße ${venue + 1}, 10115 Berlin`)}`];
  if (venue % 3 === 0) lines.push(`GEO:${(52.4 + venue / 1000).toFixed(6)};${(13.3 + venue / 1000).toFixed(6)}`);
  return lines;
}

function commonLines(n: number, title: string): string[] {
  const organizer = n % ORGANIZERS;
  const categories = [CATEGORIES[n % CATEGORIES.length], CATEGORIES[(n * 7 + 3) % CATEGORIES.length]];
  const words = Array.from({ length: 20 }, (_, i) => `${WORDS[(n + i) % WORDS.length]}${(n * 31 + i) % 997}`).join(' ');
  return [
    `SUMMARY:${escapeText(title)}`,
    `DESCRIPTION:${escapeText(`${title}: ${words}.\nEintritt frei, Anmeldung erbeten.`)}`,
    ...venueLines(n),
    `ORGANIZER;CN="Veranstalter ${organizer}":mailto:veranstalter${organizer}@example.org`,
    `CATEGORIES:${categories.map(escapeText).join(',')}`,
    `URL:https://example.org/programm/${n}`,
    'SEQUENCE:0',
    'STATUS:CONFIRMED',
    'TRANSP:OPAQUE',
  ];
}

function vevent(uid: string, lines: string[]): string[] {
  return [
    'BEGIN:VEVENT',
    'DTSTAMP:20260101T000000Z',
    'CREATED:20260101T000000Z',
    'LAST-MODIFIED:20260101T000000Z',
    `UID:${uid}`,
    ...lines,
    'END:VEVENT',
  ];
}

const VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  'TZID:Europe/Berlin',
  'X-LIC-LOCATION:Europe/Berlin',
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0200',
  'TZNAME:CEST',
  'DTSTART:19700329T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:+0200',
  'TZOFFSETTO:+0100',
  'TZNAME:CET',
  'DTSTART:19701025T030000',
  'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
];

/** The calendar as bytes; `base` is the first day events start on (default: the first of next month, UTC). */
export function benchCalendar(shape: CalendarShape, base = firstOfNextMonth()): Buffer {
  const counts = calendarCounts(shape);
  const zone = ';TZID=Europe/Berlin';
  const lines = [
    'BEGIN:VCALENDAR',
    'PRODID:-//Google Inc//Google Calendar 70.9054//EN',
    'VERSION:2.0',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'X-WR-CALNAME:Bench programme',
    'X-WR-TIMEZONE:Europe/Berlin',
    ...VTIMEZONE,
  ];
  for (let s = 0; s < counts.series; s++) {
    const uid = `series-${s}@bench.example.org`;
    const day = s % 60;
    const hour = 10 + (s % 10);
    lines.push(
      ...vevent(uid, [
        `DTSTART${zone}:${wall(base, day, hour)}`,
        `DTEND${zone}:${wall(base, day, hour + 2)}`,
        'RRULE:FREQ=WEEKLY;COUNT=10',
        `EXDATE${zone}:${wall(base, day + 14, hour)}`,
        ...commonLines(s, `Reihe ${s}: ${WORDS[s % WORDS.length]}`),
      ]),
      ...vevent(uid, [
        `RECURRENCE-ID${zone}:${wall(base, day + 7, hour)}`,
        `DTSTART${zone}:${wall(base, day + 8, hour + 1)}`,
        `DTEND${zone}:${wall(base, day + 8, hour + 3)}`,
        ...commonLines(s, `Reihe ${s}: verlegt`),
      ]),
    );
    if (s % 2 === 0) {
      lines.push(
        ...vevent(uid, [
          `RECURRENCE-ID${zone}:${wall(base, day + 21, hour)}`,
          `DTSTART${zone}:${wall(base, day + 21, hour)}`,
          `DTEND${zone}:${wall(base, day + 21, hour + 2)}`,
          ...commonLines(s, `Reihe ${s}`).map((line) => (line === 'STATUS:CONFIRMED' ? 'STATUS:CANCELLED' : line)),
        ]),
      );
    }
  }
  for (let n = 0; n < counts.single; n++) {
    const day = n % 365;
    const hour = 9 + (n % 12);
    lines.push(
      ...vevent(`single-${n}@bench.example.org`, [
        `DTSTART${zone}:${wall(base, day, hour, (n % 4) * 15)}`,
        `DTEND${zone}:${wall(base, day, hour + 2, (n % 4) * 15)}`,
        ...commonLines(n + counts.series, `Veranstaltung ${n}: ${WORDS[n % WORDS.length]}`),
      ]),
    );
  }
  lines.push('END:VCALENDAR');
  return Buffer.from(`${lines.map(fold).join('\r\n')}\r\n`, 'utf8');
}

function firstOfNextMonth(): Date {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
}
