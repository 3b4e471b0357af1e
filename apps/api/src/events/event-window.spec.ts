import { ListEventsQuery } from './dto/list-events.query';
import { dateWindow } from './event-window';

describe('dateWindow defaults', () => {
  it('runs from 00:00 yesterday to the end of the day 24 months ahead, in the site zone', () => {
    // 29 March 2026 is the day Berlin moves to summer time.
    const window = dateWindow({} as ListEventsQuery, 'Europe/Berlin', new Date('2026-03-29T12:00:00Z'));
    expect(window.start?.toISOString()).toBe('2026-03-27T23:00:00.000Z');
    expect(window.end?.toISOString()).toBe('2028-03-29T21:59:59.000Z');
  });

  it('crosses a year and keeps the last day of a short month', () => {
    const window = dateWindow({} as ListEventsQuery, 'UTC', new Date('2026-01-01T00:30:00Z'));
    expect(window.start?.toISOString()).toBe('2025-12-31T00:00:00.000Z');
    expect(window.end?.toISOString()).toBe('2028-01-01T23:59:59.000Z');
  });

  it('a relative filter alone drops both defaults', () => {
    const window = dateWindow({ starts_after: '2026-05-01' } as ListEventsQuery, 'UTC', new Date('2026-01-01T00:00:00Z'));
    expect(window.start).toBeUndefined();
    expect(window.end).toBeUndefined();
  });
});
