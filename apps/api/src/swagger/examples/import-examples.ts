import { Language } from '@app/common';
import { EXAMPLE_TEXTS } from './example-texts';
import { listExample, restBase } from './record-examples';

type Example = Record<string, unknown>;

const SOURCE_ID = 7;

/** A small calendar, so that "Try it out" on an upload works without a feed to fetch. */
function calendarExample(language: Language): string {
  const { event } = EXAMPLE_TEXTS[language];
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Example//Programme//EN',
    'BEGIN:VEVENT',
    'UID:concert-1@example.org',
    'DTSTAMP:20270101T000000Z',
    'DTSTART;TZID=Europe/Berlin:20270612T200000',
    'DTEND;TZID=Europe/Berlin:20270612T230000',
    `SUMMARY:${event.title}`,
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

function reportExample(): Example {
  const edited = { id: 1187, recurrence_id: null, uid: 'concert-2@example.org' };
  return {
    created: 12,
    updated: 3,
    unchanged: 40,
    removed: 1,
    skipped: [{ uid: 'broken@example.org', line: 88, reason: 'event_missing_start', message: 'The event at line 88 has no start.' }],
    overridden: [edited],
    kept: [],
  };
}

function sourceExample(language: Language): Example {
  const { category, tags } = EXAMPLE_TEXTS[language];
  return {
    id: SOURCE_ID,
    url: 'https://www.example.org/programme.ics',
    categories: [category.name],
    tags: [tags[0]],
    timezone: 'Europe/Berlin',
    refresh: 'PT1H',
    on_removed: 'trash',
    author: 1,
    next_run_utc: '2027-05-01 11:00:00',
    last_run_utc: '2027-05-01 10:00:00',
    last_success_utc: '2027-05-01 10:00:02',
    last_error: null,
    last_report: reportExample(),
    name: 'Example programme',
    status: 'publish',
    date_utc: '2027-04-01 09:30:00',
    modified_utc: '2027-05-01 10:00:02',
    rest_url: `${restBase(language)}/imports/${SOURCE_ID}`,
  };
}

/** The import routes' examples: property examples by schema name, and the bodies "Try it out" sends. */
export function importExamples(language: Language): { properties: Record<string, Example>; bodies: Record<string, Example> } {
  const { category, tags } = EXAMPLE_TEXTS[language];
  const source = sourceExample(language);
  const report = reportExample();
  const options = { name: 'Example programme', status: 'publish', categories: category.name, tags: tags[0], timezone: 'Europe/Berlin' };
  const upload = { ...options, calendar: calendarExample(language), on_removed: 'trash' };
  const update = { ...options, on_removed: 'keep' };
  return {
    properties: {
      EventImport: { id: SOURCE_ID, uid: 'concert-1@example.org' },
      ImportError: { code: 'fetch_http_status', message: 'www.example.org answered 404.' },
      ImportSkipped: (report.skipped as Example[])[0],
      ImportEdited: (report.overridden as Example[])[0],
      ImportReport: report,
      ImportSource: source,
      ImportSourceList: listExample(language, 'imports', source),
      CreateImportDto: { ...upload, url: source.url, refresh: 'PT1H' },
      UpdateImportDto: { ...update, url: source.url, refresh: 'PT1H' },
      RunImportDto: { calendar: calendarExample(language) },
      DeletedImportSource: { deleted: true, previous: source },
    },
    bodies: { CreateImportDto: upload, UpdateImportDto: update, RunImportDto: { calendar: calendarExample(language) } },
  };
}
