import { allDayBounds, endOfDay, startOfDay } from './day-bounds';
import { iso, utc, zoneNamed } from '../../test/zones';

describe('startOfDay and endOfDay', () => {
  it.each([
    // instants: the day they fall on in the zone
    [new Date('2026-03-04T09:15:30Z'), 'Europe/Berlin', ['2026-03-03T23:00:00Z', '2026-03-04T22:59:59Z']],
    [new Date('2026-03-04T23:30:00Z'), 'Europe/Berlin', ['2026-03-04T23:00:00Z', '2026-03-05T22:59:59Z']],
    [new Date('2026-03-04T23:30:00Z'), 'UTC', ['2026-03-04T00:00:00Z', '2026-03-04T23:59:59Z']],
    [new Date('2026-03-05T02:00:00Z'), 'America/New_York', ['2026-03-04T05:00:00Z', '2026-03-05T04:59:59Z']],
    [new Date('2026-03-04T20:00:00Z'), 'Asia/Tokyo', ['2026-03-04T15:00:00Z', '2026-03-05T14:59:59Z']],
    [new Date('2026-03-04T20:00:00Z'), 'UTC+5:30', ['2026-03-04T18:30:00Z', '2026-03-05T18:29:59Z']],
    // wall strings: the day written
    ['2026-03-04', 'Europe/Berlin', ['2026-03-03T23:00:00Z', '2026-03-04T22:59:59Z']],
    ['2026-03-04 17:45', 'America/New_York', ['2026-03-04T05:00:00Z', '2026-03-05T04:59:59Z']],
    ['2026-03-04 23:59:59', 'Asia/Tokyo', ['2026-03-03T15:00:00Z', '2026-03-04T14:59:59Z']],
    // DST days: 23 or 25 hours long
    ['2026-03-29', 'Europe/Berlin', ['2026-03-28T23:00:00Z', '2026-03-29T21:59:59Z']],
    ['2026-10-25', 'Europe/Berlin', ['2026-10-24T22:00:00Z', '2026-10-25T22:59:59Z']],
    ['2026-03-08', 'America/New_York', ['2026-03-08T05:00:00Z', '2026-03-09T03:59:59Z']],
    ['2026-11-01', 'America/New_York', ['2026-11-01T04:00:00Z', '2026-11-02T04:59:59Z']],
    // Santiago's clocks jump from 00:00 to 01:00 on 6 September 2026: the day starts at 01:00
    ['2026-09-06', 'America/Santiago', ['2026-09-06T04:00:00Z', '2026-09-07T02:59:59Z']],
  ])('%p in %s runs over %j', (at, zone, [start, end]) => {
    expect([iso(startOfDay(at, zoneNamed(zone))), iso(endOfDay(at, zoneNamed(zone)))]).toEqual([utc(start), utc(end)]);
  });

  it.each(['2026-02-30', '2026-03-04T10:00:00', 'today', ''])('throws on the wall string %p', (text) => {
    expect(() => startOfDay(text, zoneNamed('UTC'))).toThrow(RangeError);
    expect(() => endOfDay(text, zoneNamed('UTC'))).toThrow(RangeError);
  });
});

describe('allDayBounds', () => {
  it('moves the start to 00:00:00 and the end to 23:59:59 of their days', () => {
    const bounds = allDayBounds(new Date('2026-03-04T09:15:30Z'), new Date('2026-03-06T16:00:00Z'), zoneNamed('Europe/Berlin'));
    expect([iso(bounds.start), iso(bounds.end)]).toEqual([utc('2026-03-03T23:00:00Z'), utc('2026-03-06T22:59:59Z')]);
  });

  it('keeps a one-day event on its day in the zone', () => {
    const start = new Date('2026-03-04T03:00:00Z'); // 22:00 on 3 March in New York
    const bounds = allDayBounds(start, start, zoneNamed('America/New_York'));
    expect([iso(bounds.start), iso(bounds.end)]).toEqual([utc('2026-03-03T05:00:00Z'), utc('2026-03-04T04:59:59Z')]);
  });
});
