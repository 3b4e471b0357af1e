import { dateDetails, formatUtc, formatWallTime, toIso8601WithOffset } from './date-output';
import { zoneNamed } from '../../test/zones';

describe('formatWallTime', () => {
  it.each([
    ['2026-03-01T19:00:00Z', 'Europe/Berlin', '2026-03-01 20:00:00'],
    ['2026-07-01T18:00:00Z', 'Europe/Berlin', '2026-07-01 20:00:00'],
    ['2026-03-02T01:00:00Z', 'America/New_York', '2026-03-01 20:00:00'],
    ['2026-02-28T23:00:00Z', 'Asia/Tokyo', '2026-03-01 08:00:00'],
    ['2026-03-01T14:30:00Z', 'UTC+5:30', '2026-03-01 20:00:00'],
    ['2026-12-31T23:59:59.999Z', 'UTC', '2026-12-31 23:59:59'],
    ['2026-03-29T00:59:59Z', 'Europe/Berlin', '2026-03-29 01:59:59'],
    ['2026-03-29T01:00:00Z', 'Europe/Berlin', '2026-03-29 03:00:00'],
    ['2026-10-25T00:30:00Z', 'Europe/Berlin', '2026-10-25 02:30:00'],
    ['2026-10-25T01:30:00Z', 'Europe/Berlin', '2026-10-25 02:30:00'],
    ['0999-01-01T00:00:00Z', 'UTC', '0999-01-01 00:00:00'],
  ])('%s in %s is %s', (instant, zone, expected) => {
    expect(formatWallTime(new Date(instant), zoneNamed(zone))).toBe(expected);
  });
});

describe('formatUtc', () => {
  it('writes the instant in UTC', () => {
    expect(formatUtc(new Date('2026-03-01T19:05:09.500+01:00'))).toBe('2026-03-01 18:05:09');
  });
});

describe('dateDetails', () => {
  it('splits a wall time into zero-padded parts', () => {
    expect(dateDetails('2026-03-05 09:07:01')).toEqual({ year: '2026', month: '03', day: '05', hour: '09', minutes: '07', seconds: '01' });
  });

  it.each(['2026-03-05', '2026-03-05T09:07:01', '2026-3-5 9:07:01', ''])('throws on %p, which formatWallTime never writes', (text) => {
    expect(() => dateDetails(text)).toThrow(RangeError);
  });
});

describe('toIso8601WithOffset', () => {
  it.each([
    ['2026-03-01T19:00:00Z', 'Europe/Berlin', '2026-03-01T20:00:00+01:00'],
    ['2026-07-01T18:00:00Z', 'Europe/Berlin', '2026-07-01T20:00:00+02:00'],
    ['2026-03-02T01:00:00Z', 'America/New_York', '2026-03-01T20:00:00-05:00'],
    ['2026-03-01T14:30:00Z', 'UTC+5:30', '2026-03-01T20:00:00+05:30'],
    ['2026-03-01T20:00:00.900Z', 'UTC', '2026-03-01T20:00:00+00:00'],
  ])('%s in %s is %s', (instant, zone, expected) => {
    expect(toIso8601WithOffset(new Date(instant), zoneNamed(zone))).toBe(expected);
  });
});
