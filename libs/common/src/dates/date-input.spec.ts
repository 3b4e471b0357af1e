import { itReturnsNull } from '../../test/table-tests';
import { parseDateInput } from './date-input';
import { iso, utc, zoneNamed } from '../../test/zones';

/** Wednesday 4 March 2026, 10:15:30 in Berlin. */
const NOW = new Date('2026-03-04T09:15:30Z');
const NOW_SECONDS = Date.parse('2026-03-04T09:15:30Z') / 1000;

const parse = (value: unknown, zone = 'Europe/Berlin') => iso(parseDateInput(value, zoneNamed(zone), NOW));

describe('parseDateInput', () => {
  describe('every accepted form', () => {
    it.each([
      ['YYYY-MM-DD HH:MM:SS', '2026-03-01 20:00:15', '2026-03-01T19:00:15Z'],
      ['YYYY-MM-DD HH:MM', '2026-03-01 20:00', '2026-03-01T19:00:00Z'],
      ['YYYY-MM-DD', '2026-03-01', '2026-02-28T23:00:00Z'],
      ['ISO without offset', '2026-03-01T20:00:00', '2026-03-01T19:00:00Z'],
      ['ISO with Z', '2026-03-01T20:00:00Z', '2026-03-01T20:00:00Z'],
      ['ISO with offset', '2026-03-01T20:00:00-05:00', '2026-03-02T01:00:00Z'],
      ['date and 12-hour time', '2026-03-01 4pm', '2026-03-01T15:00:00Z'],
      ['date and 12-hour time with minutes', '2026-03-01 4:30 pm', '2026-03-01T15:30:00Z'],
      ['Unix timestamp string', String(NOW_SECONDS), '2026-03-04T09:15:30Z'],
      ['Unix timestamp number', NOW_SECONDS, '2026-03-04T09:15:30Z'],
      ['fractional timestamp', NOW_SECONDS + 0.9, '2026-03-04T09:15:30Z'],
      ['timestamp zero', '0', '1970-01-01T00:00:00Z'],
      ['negative timestamp number', -1, '1969-12-31T23:59:59Z'],
      ['a Date', new Date('2026-03-01T20:00:00.750Z'), '2026-03-01T20:00:00Z'],
      ['now', 'now', '2026-03-04T09:15:30Z'],
      ['today', 'today', '2026-03-03T23:00:00Z'],
      ['tomorrow 9am', 'tomorrow 9am', '2026-03-05T08:00:00Z'],
      ['next wednesday 4pm', 'next wednesday 4pm', '2026-03-11T15:00:00Z'],
      ['+2 days', '+2 days', '2026-03-06T09:15:30Z'],
      ['-1 week', '-1 week', '2026-02-25T09:15:30Z'],
      ['yesterday', 'yesterday', '2026-03-02T23:00:00Z'],
      ['surrounding spaces', '  2026-03-01 20:00  ', '2026-03-01T19:00:00Z'],
    ])('%s: %p is %s', (_form, value, expected) => {
      expect(parse(value)).toBe(utc(expected));
    });
  });

  it('reads wall times in the zone and instants regardless of it', () => {
    expect(parse('2026-03-01 20:00:00', 'America/New_York')).toBe(utc('2026-03-02T01:00:00Z'));
    expect(parse('2026-03-01 20:00:00', 'UTC+2')).toBe(utc('2026-03-01T18:00:00Z'));
    expect(parse('2026-03-01T20:00:00Z', 'America/New_York')).toBe(utc('2026-03-01T20:00:00Z'));
    expect(parse(NOW_SECONDS, 'Asia/Tokyo')).toBe(utc('2026-03-04T09:15:30Z'));
  });

  itReturnsNull('refuses the string %p', parse, [
    'banana',
    '2026-13-45',
    '2026-02-30',
    '',
    '   ',
    '12:00',
    '03/04/2026',
    '04.03.2026',
    '-5',
    '1.5',
    '+2',
    '1e9',
    '99999999999999999999',
    'tomorrow banana',
  ]);

  it.each([
    ['NaN', NaN],
    ['Infinity', Infinity],
    ['a timestamp past year 9999', 1e15],
    ['an invalid Date', new Date('nope')],
    ['true', true],
    ['null', null],
    ['undefined', undefined],
    ['an object', { date: '2026-03-01' }],
    ['an array', ['2026-03-01']],
  ])('refuses %s', (_label, value) => {
    expect(parse(value)).toBeNull();
  });
});
