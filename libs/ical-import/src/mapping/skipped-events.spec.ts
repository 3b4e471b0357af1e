import { readImportFile } from './map-calendar';
import { readFixture, shown, utcOf } from '../../test/read-fixture';

const calendar = (...events: string[][]) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', ...events.flatMap((lines) => ['BEGIN:VEVENT', ...lines, 'END:VEVENT']), 'END:VCALENDAR'].join('\r\n');

const GOOD = ['UID:good', 'DTSTART:20250101T100000Z', 'SUMMARY:Good'];

/** Event `x` with a good start and then `line`, the file's 11th, which is what must make it skipped. */
const afterGoodStart = (line: string, reason: string, property?: string): [string[], object] => [
  ['UID:x', 'DTSTART:20250101T100000Z', line],
  { uid: 'x', line: 11, reason, ...(property === undefined ? {} : { property }) },
];

describe('events that cannot be imported', () => {
  it.each([
    ['no UID', ['DTSTART:20250101T100000Z'], { uid: null, line: 8, reason: 'event_missing_uid', property: 'UID' }],
    ['no DTSTART', ['UID:x'], { uid: 'x', line: 8, reason: 'event_missing_start', property: 'DTSTART' }],
    ['a bad DTSTART', ['UID:x', 'DTSTART:20250231T100000'], { uid: 'x', line: 10, reason: 'event_invalid_start', property: 'DTSTART' }],
    ['a bad DTEND', ...afterGoodStart('DTEND:soon', 'event_invalid_end', 'DTEND')],
    ['a DATE end on a timed start', ...afterGoodStart('DTEND;VALUE=DATE:20250102', 'event_invalid_end', 'DTEND')],
    ['a bad DURATION', ...afterGoodStart('DURATION:1 hour', 'event_invalid_duration', 'DURATION')],
    ['a negative DURATION', ...afterGoodStart('DURATION:-PT1H', 'event_invalid_duration', 'DURATION')],
    ['an end before the start', ...afterGoodStart('DTEND:20250101T090000Z', 'event_end_before_start', 'DTEND')],
    ['a bad RECURRENCE-ID', ...afterGoodStart('RECURRENCE-ID:x', 'event_invalid_recurrence_id', 'RECURRENCE-ID')],
    ['a broken line', ...afterGoodStart('DESCRIPTION;LANGUAGE="de:Text', 'event_malformed_line')],
  ])('skips an event with %s and reads the others', (_, lines, skipped) => {
    const result = readFixture(calendar(GOOD, lines));
    expect(result.items.map((item) => item.uid)).toEqual(['good']);
    expect(result.skipped).toEqual([skipped]);
  });

  it('keeps the newer of two VEVENTs for the same UID and reports the other', () => {
    const result = readFixture(
      calendar(
        ['UID:same', 'DTSTART:20250101T100000Z', 'SUMMARY:Old', 'SEQUENCE:1'],
        ['UID:same', 'DTSTART:20250101T110000Z', 'SUMMARY:New', 'SEQUENCE:2'],
        ['UID:same', 'DTSTART:20250101T120000Z', 'SUMMARY:Older', 'SEQUENCE:0'],
      ),
    );
    expect(result.items.map((item) => item.summary)).toEqual(['New']);
    expect(result.skipped).toEqual([
      { uid: 'same', line: 3, reason: 'event_duplicate' },
      { uid: 'same', line: 15, reason: 'event_duplicate' },
    ]);
  });

  it('refuses a whole file that is not a calendar, naming the line', () => {
    expect(readImportFile('<!DOCTYPE html>\n<html></html>')).toEqual({
      ok: false,
      problem: { code: 'ical_not_calendar', params: { line: 1 } },
    });
  });
});

describe('times', () => {
  it("reads an unknown TZID without VTIMEZONE in the source's zone and says so", () => {
    const [item] = readFixture(calendar(['UID:x', 'DTSTART;TZID="(GMT+10:00) Canberra, Melbourne":20250101T100000']), {
      timezone: 'Australia/Sydney',
    }).items;
    expect(item.timeZone).toEqual({
      name: 'Australia/Sydney',
      source: 'unknown-tzid',
      tzid: '(GMT+10:00) Canberra, Melbourne',
      approximate: false,
    });
    expect([item.floating, utcOf(item.start)]).toEqual([true, '2024-12-31T23:00:00.000Z']);
  });

  it('moves a wall time in the spring-forward gap forward, and takes the earlier of an ambiguous one', () => {
    const { items } = readFixture(
      calendar(['UID:gap', 'DTSTART;TZID=Europe/Berlin:20250330T023000'], ['UID:twice', 'DTSTART;TZID=Europe/Berlin:20251026T023000']),
    );
    expect(items.map((item) => utcOf(item.start))).toEqual(['2025-03-30T01:30:00.000Z', '2025-10-26T00:30:00.000Z']);
  });

  it('adds DURATION days on the wall clock and hours exactly, across a change of offset', () => {
    const { items } = readFixture(
      calendar(
        ['UID:days', 'DTSTART;TZID=Europe/Berlin:20250329T120000', 'DURATION:P1D'],
        ['UID:hours', 'DTSTART;TZID=Europe/Berlin:20250329T120000', 'DURATION:PT24H'],
      ),
    );
    expect(items.map((item) => shown(item.end))).toEqual(['2025-03-30 12:00:00', '2025-03-30 13:00:00']);
  });

  it('reads a DTEND equal to an all-day start as that one day', () => {
    const [item] = readFixture(calendar(['UID:x', 'DTSTART;VALUE=DATE:20250101', 'DTEND;VALUE=DATE:20250101'])).items;
    expect([shown(item.start), shown(item.end)]).toEqual(['2025-01-01', '2025-01-01']);
  });

  it('takes the source zone option over X-WR-TIMEZONE, and refuses a zone option that is no zone', () => {
    const file = calendar(['UID:x', 'DTSTART:20250101T100000']).replace('VERSION:2.0', 'VERSION:2.0\r\nX-WR-TIMEZONE:Europe/Lisbon');
    expect(readFixture(file).timezone).toBe('Europe/Lisbon');
    expect(readFixture(file, { timezone: 'Asia/Tokyo' }).timezone).toBe('Asia/Tokyo');
    expect(readFixture(calendar(GOOD), { fallbackTimezone: 'Europe/Berlin' }).timezone).toBe('Europe/Berlin');
    expect(() => readImportFile(file, { timezone: 'Mars/Olympus' })).toThrow(RangeError);
  });
});

describe('fingerprint', () => {
  it('is the same for the same event wherever it stands, and changes with its content', () => {
    const other = ['UID:other', 'DTSTART:20250101T100000Z'];
    const first = readFixture(calendar(GOOD, other)).items[0].fingerprint;
    expect(readFixture(calendar(other, GOOD)).items[1].fingerprint).toBe(first);
    expect(readFixture(calendar([...GOOD.slice(0, 2), 'SUMMARY:Changed'])).items[0].fingerprint).not.toBe(first);
  });
});

describe('fingerprint fields', () => {
  const base = ['UID:f', 'DTSTART;TZID=Europe/Berlin:20250101T100000', 'DTEND;TZID=Europe/Berlin:20250101T110000', 'SUMMARY:S'];
  const fingerprintOf = (...extra: string[]) => readFixture(calendar([...base, ...extra])).items[0].fingerprint;

  it.each([
    ['LOCATION:Hall'],
    ['GEO:52.5;13.4'],
    ['CATEGORIES:Music'],
    ['URL:https://example.org/e'],
    ['ORGANIZER;CN=Org:mailto:org@example.org'],
    ['RRULE:FREQ=DAILY;COUNT=2'],
    ['EXDATE;TZID=Europe/Berlin:20250102T100000'],
    ['STATUS:CANCELLED'],
    ['SEQUENCE:3'],
    ['DESCRIPTION:Text'],
    ['ATTACH;FMTTYPE=image/png:https://example.org/i.png'],
  ])('changes when %s is added', (line) => {
    expect(fingerprintOf(line)).not.toBe(fingerprintOf());
  });

  it('ignores DTSTAMP, which some producers set to the time of every export', () => {
    expect(fingerprintOf('DTSTAMP:20250101T000000Z')).toBe(fingerprintOf('DTSTAMP:20250202T000000Z'));
  });
});
