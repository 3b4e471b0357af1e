import { readCalendar } from './read-calendar';

const file = (...lines: string[]) => lines.join('\r\n') + '\r\n';
const EVENT = ['BEGIN:VEVENT', 'UID:a', 'DTSTART:20250101T100000Z', 'END:VEVENT'];

describe('readCalendar', () => {
  it('reads nested blocks with their properties and the line of each BEGIN', () => {
    const result = readCalendar(file('BEGIN:VCALENDAR', 'VERSION:2.0', ...EVENT, 'END:VCALENDAR'));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const [calendar] = result.calendars;
    expect(calendar).toMatchObject({ name: 'VCALENDAR', line: 1, properties: [{ name: 'VERSION', value: '2.0' }] });
    expect(calendar.components[0]).toMatchObject({ name: 'VEVENT', line: 3, properties: [{ name: 'UID' }, { name: 'DTSTART' }] });
  });

  it('reads several calendars in one file and ignores a trailing notice after the last one', () => {
    const result = readCalendar(
      file('BEGIN:VCALENDAR', 'END:VCALENDAR', 'BEGIN:VCALENDAR', ...EVENT, 'END:VCALENDAR', 'Warning: something'),
    );
    expect(result.ok && result.calendars.map((calendar) => calendar.components.length)).toEqual([0, 1]);
  });

  it.each([
    ['an empty file', [], 'ical_empty', 1],
    ['a file that does not start with BEGIN:VCALENDAR', ['<html>', 'BEGIN:VCALENDAR', 'END:VCALENDAR'], 'ical_not_calendar', 1],
    ['an END that closes the wrong block', ['BEGIN:VCALENDAR', 'BEGIN:VEVENT', 'END:VCALENDAR'], 'ical_unexpected_end', 3],
    ['a file cut short', ['BEGIN:VCALENDAR', 'VERSION:2.0', 'BEGIN:VEVENT', 'UID:a'], 'ical_unterminated_component', 3],
    [
      'a broken line outside any event',
      ['BEGIN:VCALENDAR', 'VERSION:2.0', 'this is not a property', 'END:VCALENDAR'],
      'ical_malformed_line',
      3,
    ],
  ])('refuses %s, naming the line', (_, lines, code, line) => {
    expect(readCalendar(file(...lines))).toEqual({ ok: false, problem: { code, params: { line } } });
  });

  it('refuses blocks nested deeper than any calendar needs', () => {
    const depth = Array.from({ length: 9 }, (_, index) => `BEGIN:X-LEVEL${index}`);
    expect(readCalendar(file('BEGIN:VCALENDAR', ...depth))).toEqual({ ok: false, problem: { code: 'ical_too_deep', params: { line: 9 } } });
  });

  it('marks a VEVENT holding a broken line (also inside its VALARM) instead of refusing the file', () => {
    const result = readCalendar(
      file(
        'BEGIN:VCALENDAR',
        'BEGIN:VEVENT',
        'UID:a',
        'BEGIN:VALARM',
        'TRIGGER;"bad":x',
        'END:VALARM',
        'END:VEVENT',
        ...EVENT,
        'END:VCALENDAR',
      ),
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.calendars[0].components.map((event) => event.malformedLine)).toEqual([5, undefined]);
  });
});
