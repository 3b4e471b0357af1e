import { readImportFile } from '@app/ical-import';
import { exceptionChanges, recurrenceOf, venueFields } from './import-body';
import { formatDuration } from './import-source.mapper';
import { parseRefresh } from './import-sources.service';

/** The items of a small calendar, by UID and RECURRENCE-ID ('' for the event itself). */
function items(...events: string[][]) {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', ...events.flatMap((event) => ['BEGIN:VEVENT', ...event, 'END:VEVENT']), 'END:VCALENDAR'];
  const read = readImportFile(lines.join('\r\n'));
  if (!read.ok) throw new Error(read.problem.code);
  return new Map(read.calendar.items.map((item) => [`${item.uid} ${item.recurrenceId ? 'x' : ''}`.trim(), item]));
}

const BERLIN = ';TZID=Europe/Berlin:';
const series = ['UID:s', 'SUMMARY:Yoga', `DTSTART${BERLIN}20270301T190000`, `DTEND${BERLIN}20270301T200000`, 'LOCATION:Studio'];

describe('recurrence of an imported series', () => {
  it('adds cancelled occurrences to the EXDATEs and reads DATE exceptions as the series start time', () => {
    const read = items([...series, 'RRULE:FREQ=WEEKLY;COUNT=4', 'EXDATE;VALUE=DATE:20270315']);
    const item = read.get('s')!;
    expect(recurrenceOf(item, [{ type: 'date-time', wall: '2027-03-08 19:00:00', instant: new Date(0) }])).toEqual({
      rrule: 'FREQ=WEEKLY;COUNT=4',
      rdates: [],
      exdates: ['2027-03-08 19:00:00', '2027-03-15 19:00:00'],
    });
  });

  it('makes RDATEs alone a rule of one occurrence plus them, dropping RDATEs before the start', () => {
    const item = items([...series, `RDATE${BERLIN}20270310T190000,20270201T190000`]).get('s')!;
    expect(recurrenceOf(item, [])).toEqual({ rrule: 'FREQ=DAILY;COUNT=1', rdates: ['2027-03-10 19:00:00'], exdates: [] });
  });

  it('is null for a single event', () => {
    expect(recurrenceOf(items(series).get('s')!, [])).toBeNull();
  });
});

describe('what an exception changes', () => {
  const moved = [`RECURRENCE-ID${BERLIN}20270308T190000`, `DTSTART${BERLIN}20270308T200000`, `DTEND${BERLIN}20270308T210000`];
  const base = series.filter((line) => !line.startsWith('DT'));

  it('is nothing when it repeats the series at its original time', () => {
    const read = items(series, [
      ...base,
      `RECURRENCE-ID${BERLIN}20270308T190000`,
      `DTSTART${BERLIN}20270308T190000`,
      `DTEND${BERLIN}20270308T200000`,
    ]);
    expect(exceptionChanges(read.get('s x')!, read.get('s')!)).toEqual([]);
  });

  it('names the fields that differ, and the dates when the occurrence moved', () => {
    const read = items(series, [...base.map((line) => line.replace('Yoga', 'Yoga outside')), ...moved]);
    expect(exceptionChanges(read.get('s x')!, read.get('s')!)).toEqual(['title', 'start_date', 'end_date']);
  });
});

describe('venue of an item', () => {
  it('takes the first line of a multi-line LOCATION as the name, the rest as the address', () => {
    const item = items(['UID:v', 'DTSTART:20270301T190000Z', 'LOCATION:Hall A\\nMain Street 1\\n10115 Berlin', 'GEO:52.5;13.4']).get('v')!;
    expect(venueFields(item)).toEqual({ venue: 'Hall A', address: 'Main Street 1, 10115 Berlin', geo_lat: 52.5, geo_lng: 13.4 });
  });
});

describe('refresh intervals', () => {
  it.each([
    ['PT15M', 900],
    ['PT1H', 3600],
    ['P1D', 86_400],
    ['P1W', 604_800],
    ['pt90m', 5400],
  ])('reads %s as %i seconds', (text, seconds) => expect(parseRefresh(text)).toBe(seconds));

  it.each(['PT14M', 'P1M', 'P1Y', 'PT', 'P', '1H', 'P400D'])('refuses %s', (text) => expect(parseRefresh(text)).toBeNull());

  it.each([
    [3600, 'PT1H'],
    [90_000, 'P1DT1H'],
    [5400, 'PT1H30M'],
    [604_800, 'P7D'],
  ])('writes %i seconds as %s', (seconds, text) => expect(formatDuration(seconds)).toBe(text));
});
