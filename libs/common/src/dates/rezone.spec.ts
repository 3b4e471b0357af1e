import { formatWallTime } from './date-output';
import { rezone } from './rezone';
import { iso, utc, zoneNamed } from '../../test/zones';

describe('rezone', () => {
  it.each([
    ['2026-03-01T19:00:00Z', 'Europe/Berlin', 'America/New_York', '2026-03-02T01:00:00Z'],
    ['2026-03-02T01:00:00Z', 'America/New_York', 'Europe/Berlin', '2026-03-01T19:00:00Z'],
    ['2026-07-01T18:00:00Z', 'Europe/Berlin', 'UTC', '2026-07-01T20:00:00Z'],
    ['2026-03-01T20:00:00Z', 'UTC', 'Asia/Tokyo', '2026-03-01T11:00:00Z'],
    ['2026-03-01T19:00:00Z', 'Europe/Berlin', 'UTC+5:30', '2026-03-01T14:30:00Z'],
    ['2026-03-01T19:00:00Z', 'Europe/Berlin', 'Europe/Berlin', '2026-03-01T19:00:00Z'],
  ])('%s from %s to %s is %s', (instant, from, to, expected) => {
    expect(iso(rezone(new Date(instant), zoneNamed(from), zoneNamed(to)))).toBe(utc(expected));
  });

  it('keeps the wall time the event shows', () => {
    const start = new Date('2026-06-10T17:30:00Z');
    const moved = rezone(start, zoneNamed('Europe/Berlin'), zoneNamed('America/Los_Angeles'));
    expect(formatWallTime(moved, zoneNamed('America/Los_Angeles'))).toBe(formatWallTime(start, zoneNamed('Europe/Berlin')));
  });

  it('moves a wall time the new zone skips forward, like any other input', () => {
    // 02:30 on 8 March 2026 exists in Berlin but not in New York
    const start = new Date('2026-03-08T01:30:00Z');
    expect(iso(rezone(start, zoneNamed('Europe/Berlin'), zoneNamed('America/New_York')))).toBe(utc('2026-03-08T07:30:00Z'));
  });
});
