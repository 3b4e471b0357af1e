import { FixedOffsetZone, IANAZone, Settings, Zone } from 'luxon';
import { instantToWallTime, isValidWallTime, WallTime, wallTimeToInstant } from './wall-time';

const berlin = IANAZone.create('Europe/Berlin');
const newYork = IANAZone.create('America/New_York');
const tokyo = IANAZone.create('Asia/Tokyo');
const kolkataFixed = FixedOffsetZone.instance(330);
const zones: Record<string, Zone> = { 'Europe/Berlin': berlin, 'America/New_York': newYork, 'Asia/Tokyo': tokyo, 'UTC+5:30': kolkataFixed };

function wall(text: string): WallTime {
  const [date, time] = text.split(' ');
  const [year, month, day] = date.split('-').map(Number);
  const [hour, minute, second] = time.split(':').map(Number);
  return { year, month, day, hour, minute, second };
}

const utc = (iso: string) => new Date(iso).toISOString();

describe('isValidWallTime', () => {
  it.each(['2026-03-01 00:00:00', '2026-12-31 23:59:59', '2028-02-29 12:00:00', '1000-01-01 00:00:00'])('accepts %s', (text) => {
    expect(isValidWallTime(wall(text))).toBe(true);
  });

  it.each([
    '2026-02-29 12:00:00',
    '2026-02-30 12:00:00',
    '2026-04-31 12:00:00',
    '2026-13-01 12:00:00',
    '2026-00-01 12:00:00',
    '2026-01-00 12:00:00',
    '2026-01-01 24:00:00',
    '2026-01-01 12:60:00',
    '2026-01-01 12:00:60',
    '2026-01-01 -1:00:00',
  ])('rejects %s', (text) => {
    expect(isValidWallTime(wall(text))).toBe(false);
  });

  it('rejects fractional fields', () => {
    expect(isValidWallTime({ ...wall('2026-01-01 12:00:00'), minute: 1.5 })).toBe(false);
  });
});

describe('instantToWallTime', () => {
  it.each([
    ['2026-01-15T12:00:00Z', 'Europe/Berlin', '2026-01-15 13:00:00'],
    ['2026-07-15T12:00:00Z', 'Europe/Berlin', '2026-07-15 14:00:00'],
    ['2026-01-15T12:00:00Z', 'America/New_York', '2026-01-15 07:00:00'],
    ['2026-07-15T12:00:00Z', 'America/New_York', '2026-07-15 08:00:00'],
    ['2026-01-15T12:00:00Z', 'Asia/Tokyo', '2026-01-15 21:00:00'],
    ['2026-01-15T12:00:00Z', 'UTC+5:30', '2026-01-15 17:30:00'],
    // east of UTC the day starts earlier, west of it later
    ['2026-02-28T23:30:00Z', 'Europe/Berlin', '2026-03-01 00:30:00'],
    ['2026-03-01T03:00:00Z', 'America/New_York', '2026-02-28 22:00:00'],
    ['2026-12-31T20:00:00Z', 'Asia/Tokyo', '2027-01-01 05:00:00'],
  ])('%s in %s is %s', (instant, zoneName, expected) => {
    expect(instantToWallTime(new Date(instant), zones[zoneName])).toEqual(wall(expected));
  });

  it('drops milliseconds', () => {
    expect(instantToWallTime(new Date('2026-01-15T12:00:00.999Z'), FixedOffsetZone.utcInstance)).toEqual(wall('2026-01-15 12:00:00'));
  });
});

describe('wallTimeToInstant', () => {
  it.each([
    ['2026-01-15 13:00:00', 'Europe/Berlin', '2026-01-15T12:00:00Z'],
    ['2026-07-15 14:00:00', 'Europe/Berlin', '2026-07-15T12:00:00Z'],
    ['2026-01-15 07:00:00', 'America/New_York', '2026-01-15T12:00:00Z'],
    ['2026-07-15 08:00:00', 'America/New_York', '2026-07-15T12:00:00Z'],
    ['2026-01-15 21:00:00', 'Asia/Tokyo', '2026-01-15T12:00:00Z'],
    ['2026-01-15 17:30:00', 'UTC+5:30', '2026-01-15T12:00:00Z'],
    ['2026-01-01 05:00:00', 'Asia/Tokyo', '2025-12-31T20:00:00Z'],
  ])('%s in %s is %s', (text, zoneName, expected) => {
    expect(wallTimeToInstant(wall(text), zones[zoneName]).toISOString()).toBe(utc(expected));
  });

  describe.each<[rule: string, zone: string, cases: Array<[wall: string, instant: string]>]>([
    [
      'Europe/Berlin, clocks forward on 29 March 2026 at 02:00 CET: skipped times move forward by the hour',
      'Europe/Berlin',
      [
        ['2026-03-29 01:59:59', '2026-03-29T00:59:59Z'],
        ['2026-03-29 02:00:00', '2026-03-29T01:00:00Z'],
        ['2026-03-29 02:30:00', '2026-03-29T01:30:00Z'],
        ['2026-03-29 03:00:00', '2026-03-29T01:00:00Z'],
        ['2026-03-29 03:30:00', '2026-03-29T01:30:00Z'],
      ],
    ],
    [
      'Europe/Berlin, clocks back on 25 October 2026 at 03:00 CEST: repeated times are the first occurrence',
      'Europe/Berlin',
      [
        ['2026-10-25 01:59:59', '2026-10-24T23:59:59Z'],
        ['2026-10-25 02:00:00', '2026-10-25T00:00:00Z'],
        ['2026-10-25 02:30:00', '2026-10-25T00:30:00Z'],
        ['2026-10-25 02:59:59', '2026-10-25T00:59:59Z'],
        ['2026-10-25 03:00:00', '2026-10-25T02:00:00Z'],
      ],
    ],
    [
      'America/New_York, clocks forward on 8 March and back on 1 November 2026',
      'America/New_York',
      [
        ['2026-03-08 01:59:59', '2026-03-08T06:59:59Z'],
        ['2026-03-08 02:30:00', '2026-03-08T07:30:00Z'],
        ['2026-03-08 03:00:00', '2026-03-08T07:00:00Z'],
        ['2026-11-01 00:59:59', '2026-11-01T04:59:59Z'],
        ['2026-11-01 01:30:00', '2026-11-01T05:30:00Z'],
        ['2026-11-01 02:00:00', '2026-11-01T07:00:00Z'],
      ],
    ],
  ])('%s', (_rule, zoneName, cases) => {
    it.each(cases)('%s is %s', (text, expected) => {
      expect(wallTimeToInstant(wall(text), zones[zoneName]).toISOString()).toBe(utc(expected));
    });
  });

  it('round-trips every wall time that exists', () => {
    for (const zone of Object.values(zones)) {
      for (const text of ['2026-03-29 03:00:00', '2026-10-25 03:00:00', '2026-11-01 03:00:00', '2026-06-30 23:59:59']) {
        expect(instantToWallTime(wallTimeToInstant(wall(text), zone), zone)).toEqual(wall(text));
      }
    }
  });

  describe('does not depend on the current date (luxon alone resolves repeated times by it)', () => {
    const realNow = Settings.now;
    afterEach(() => {
      Settings.now = realNow;
    });

    it.each(['2026-07-01T12:00:00Z', '2026-12-01T12:00:00Z'])('with the clock at %s', (clock) => {
      Settings.now = () => new Date(clock).getTime();
      expect(wallTimeToInstant(wall('2026-10-25 02:30:00'), berlin).toISOString()).toBe(utc('2026-10-25T00:30:00Z'));
      expect(wallTimeToInstant(wall('2026-11-01 01:30:00'), newYork).toISOString()).toBe(utc('2026-11-01T05:30:00Z'));
      expect(wallTimeToInstant(wall('2026-03-29 02:30:00'), berlin).toISOString()).toBe(utc('2026-03-29T01:30:00Z'));
    });
  });
});
