import { MAX_PHRASE_LENGTH, parseDatePhrase } from './date-phrase';
import { iso, utc, zoneNamed } from '../../test/zones';

/** Wednesday 4 March 2026, 10:15:30 in Berlin (CET), 04:15:30 in New York (EST). */
const NOW = new Date('2026-03-04T09:15:30Z');

const parse = (text: string, zone: string, now = NOW) => iso(parseDatePhrase(text, zoneNamed(zone), now));

describe('parseDatePhrase', () => {
  describe('relative to Wednesday 2026-03-04 10:15:30 in Europe/Berlin', () => {
    it.each([
      ['now', '2026-03-04T09:15:30Z'],
      ['today', '2026-03-03T23:00:00Z'],
      ['tomorrow', '2026-03-04T23:00:00Z'],
      ['yesterday', '2026-03-02T23:00:00Z'],
      ['tomorrow 9am', '2026-03-05T08:00:00Z'],
      ['Tomorrow 9AM', '2026-03-05T08:00:00Z'],
      ['9am tomorrow', '2026-03-05T08:00:00Z'],
      ['tomorrow at 9:30', '2026-03-05T08:30:00Z'],
      ['today 14:30:15', '2026-03-04T13:30:15Z'],
      ['yesterday 23:30', '2026-03-03T22:30:00Z'],
      ['next wednesday 4pm', '2026-03-11T15:00:00Z'],
      ['next wednesday', '2026-03-10T23:00:00Z'],
      ['friday 5pm', '2026-03-06T16:00:00Z'],
      ['last friday', '2026-02-26T23:00:00Z'],
      ['+2 days', '2026-03-06T09:15:30Z'],
      ['+2 day', '2026-03-06T09:15:30Z'],
      ['-1 week', '2026-02-25T09:15:30Z'],
      ['+1 week', '2026-03-11T09:15:30Z'],
      ['next week', '2026-03-11T09:15:30Z'],
      ['in a week', '2026-03-11T09:15:30Z'],
      ['2 days ago', '2026-03-02T09:15:30Z'],
      ['+2 weeks', '2026-03-18T09:15:30Z'],
      ['+3 hours', '2026-03-04T12:15:30Z'],
      ['in 30 minutes', '2026-03-04T09:45:30Z'],
      ['2 hours ago', '2026-03-04T07:15:30Z'],
      ['-30 minutes', '2026-03-04T08:45:30Z'],
      ['noon', '2026-03-04T11:00:00Z'],
      ['midnight', '2026-03-04T23:00:00Z'],
      ['tonight', '2026-03-04T21:00:00Z'],
      ['tomorrow morning', '2026-03-05T05:00:00Z'],
      ['tomorrow evening', '2026-03-05T19:00:00Z'],
      ['March 5 2026 8pm', '2026-03-05T19:00:00Z'],
      ['March 5', '2026-03-04T23:00:00Z'],
    ])('%p is %s', (text, expected) => {
      expect(parse(text, 'Europe/Berlin')).toBe(utc(expected));
    });
  });

  describe('a zone or offset in the phrase wins over the given zone', () => {
    it.each([
      ['tomorrow 9am UTC', '2026-03-05T09:00:00Z'],
      ['tomorrow 9am EST', '2026-03-05T14:00:00Z'],
      ['tomorrow 9am +0200', '2026-03-05T07:00:00Z'],
    ])('%p is %s', (text, expected) => {
      expect(parse(text, 'Europe/Berlin')).toBe(utc(expected));
      expect(parse(text, 'Asia/Tokyo')).toBe(utc(expected));
    });
  });

  describe('the same moment seen east and west of UTC', () => {
    it.each([
      // Tokyo: already 18:15:30 on 4 March
      ['tomorrow 9am', 'Asia/Tokyo', '2026-03-05T00:00:00Z'],
      ['today', 'Asia/Tokyo', '2026-03-03T15:00:00Z'],
      ['+2 days', 'Asia/Tokyo', '2026-03-06T09:15:30Z'],
      // Los Angeles: 01:15:30 on 4 March
      ['tomorrow 9am', 'America/Los_Angeles', '2026-03-05T17:00:00Z'],
      ['today', 'America/Los_Angeles', '2026-03-04T08:00:00Z'],
      ['yesterday', 'America/Los_Angeles', '2026-03-03T08:00:00Z'],
      ['tomorrow 9am', 'UTC', '2026-03-05T09:00:00Z'],
      ['tomorrow 9am', 'UTC+5:30', '2026-03-05T03:30:00Z'],
      ['tomorrow 9am', 'UTC-5', '2026-03-05T14:00:00Z'],
    ])('%p in %s is %s', (text, zone, expected) => {
      expect(parse(text, zone)).toBe(utc(expected));
    });
  });

  describe('the day is the day in the zone, not in UTC', () => {
    // 23:30 UTC on 4 March is 00:30 on 5 March in Berlin and 18:30 on 4 March in New York
    const lateNow = new Date('2026-03-04T23:30:00Z');

    it.each([
      ['today', 'UTC', '2026-03-04T00:00:00Z'],
      ['today', 'Europe/Berlin', '2026-03-04T23:00:00Z'],
      ['today', 'America/New_York', '2026-03-04T05:00:00Z'],
      ['tomorrow', 'Europe/Berlin', '2026-03-05T23:00:00Z'],
      ['tomorrow', 'America/New_York', '2026-03-05T05:00:00Z'],
      ['yesterday 9pm', 'Europe/Berlin', '2026-03-04T20:00:00Z'],
    ])('%p in %s is %s', (text, zone, expected) => {
      expect(parse(text, zone, lateNow)).toBe(utc(expected));
    });
  });

  describe.each<[change: string, zone: string, beforeChange: Date, cases: Array<[phrase: string, instant: string]>]>([
    [
      'Europe/Berlin (clocks forward 29 March 02:00)',
      'Europe/Berlin',
      new Date('2026-03-28T11:00:00Z'), // Saturday 28 March 2026, 12:00 CET
      [
        ['tomorrow 9am', '2026-03-29T07:00:00Z'],
        ['tomorrow', '2026-03-28T23:00:00Z'],
        ['+1 day', '2026-03-29T10:00:00Z'],
        ['+24 hours', '2026-03-29T11:00:00Z'],
        ['tomorrow 2:30am', '2026-03-29T01:30:00Z'],
        ['+1 week', '2026-04-04T10:00:00Z'],
      ],
    ],
    [
      'America/New_York (clocks back 1 November 02:00)',
      'America/New_York',
      new Date('2026-10-31T16:00:00Z'), // Saturday 31 October 2026, 12:00 EDT
      [
        ['tomorrow 9am', '2026-11-01T14:00:00Z'],
        ['+1 day', '2026-11-01T17:00:00Z'],
        ['+24 hours', '2026-11-01T16:00:00Z'],
        ['tomorrow 1:30am', '2026-11-01T05:30:00Z'],
      ],
    ],
  ])('across the DST change in %s', (_change, zone, beforeChange, cases) => {
    it.each(cases)('%p is %s', (text, expected) => {
      expect(parse(text, zone, beforeChange)).toBe(utc(expected));
    });
  });

  it('keeps the wall time for whole days across the DST change in Europe/Berlin (+1 month)', () => {
    expect(parse('+1 month', 'Europe/Berlin')).toBe(utc('2026-04-04T08:15:30Z'));
  });

  it.each([
    '',
    'banana',
    'tomorrow banana',
    'right now',
    'tomorrow 9',
    'today 25:00',
    'tomorrow to friday',
    'monday - friday',
    'tomorrow and the day after tomorrow at 9am',
    `tomorrow${' '.repeat(MAX_PHRASE_LENGTH)}`,
  ])('refuses %p', (text) => {
    expect(parse(text, 'Europe/Berlin')).toBeNull();
  });

  describe('does not read the machine clock', () => {
    afterEach(() => {
      jest.useRealTimers();
    });

    it.each(['2026-07-15T12:00:00Z', '2031-12-24T03:00:00Z'])('with the clock at %s', (clock) => {
      jest.useFakeTimers({ now: new Date(clock) });
      expect(parse('tomorrow 9am', 'Europe/Berlin')).toBe(utc('2026-03-05T08:00:00Z'));
      expect(parse('+2 days', 'America/New_York')).toBe(utc('2026-03-06T09:15:30Z'));
      expect(parse('now', 'Asia/Tokyo')).toBe(utc('2026-03-04T09:15:30Z'));
    });
  });
});
