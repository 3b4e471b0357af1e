import { formatWallTime, parseTimeZone, TimeZone } from '@app/common';
import { DAYS_AHEAD, firstSeedDay, planSchedule } from './event-schedule';
import { Random } from './random';

const zone = (name: string) => parseTimeZone(name) as TimeZone;
const DAY_MS = 86_400_000;

describe('seeded event schedules', () => {
  it('start on the day after the seed runs, in the site zone', () => {
    const now = new Date('2026-03-28T23:30:00Z');
    expect(firstSeedDay(now, zone('UTC'))).toBe('2026-03-29');
    // Already the 29th in Berlin (CET, UTC+1), so the first day is the 30th.
    expect(firstSeedDay(now, zone('Europe/Berlin'))).toBe('2026-03-30');
  });

  it.each(['UTC', 'Europe/Berlin', 'America/New_York'])('stay within the next year and never end before they start (%s)', (name) => {
    const random = new Random(11);
    const first = Date.parse('2026-01-01T00:00:00Z');
    for (let i = 0; i < 3_000; i++) {
      const { startUtc, endUtc } = planSchedule(random, '2026-01-01', zone(name));
      expect(endUtc.getTime()).toBeGreaterThanOrEqual(startUtc.getTime());
      expect(startUtc.getTime()).toBeGreaterThan(first - DAY_MS);
      expect(startUtc.getTime()).toBeLessThan(first + (DAYS_AHEAD + 1) * DAY_MS);
    }
  });

  it('make all-day events whole days in their own zone, some of them over several days', () => {
    const random = new Random(2);
    const berlin = zone('Europe/Berlin');
    const allDay = Array.from({ length: 2_000 }, () => planSchedule(random, '2026-01-01', berlin)).filter((s) => s.allDay);
    expect(allDay.length).toBeGreaterThan(100);
    for (const { startUtc, endUtc } of allDay) {
      expect(formatWallTime(startUtc, berlin.zone).slice(11)).toBe('00:00:00');
      expect(formatWallTime(endUtc, berlin.zone).slice(11)).toBe('23:59:59');
    }
    expect(allDay.some((s) => s.endUtc.getTime() - s.startUtc.getTime() > DAY_MS)).toBe(true);
  });

  it('give timed events whole minutes, mostly of one to four hours, a few running over several days', () => {
    const random = new Random(4);
    const timed = Array.from({ length: 2_000 }, () => planSchedule(random, '2026-01-01', zone('UTC'))).filter((s) => !s.allDay);
    for (const { startUtc } of timed) expect(startUtc.getTime() % 60_000).toBe(0);
    const hours = timed.map((s) => (s.endUtc.getTime() - s.startUtc.getTime()) / 3_600_000);
    expect(hours.filter((h) => h >= 1 && h <= 4).length).toBeGreaterThan(timed.length * 0.9);
    expect(hours.some((h) => h > 12)).toBe(true);
  });
});
