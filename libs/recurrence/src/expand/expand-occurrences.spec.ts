import { formatWallTime, formatUtc, WallTime, zoneByName } from '@app/common';
import { parseRecurrence } from '../series/parse-recurrence';
import { Series, SeriesTiming } from '../series/series';
import { expandOccurrences, hasOccurrenceAt } from './expand-occurrences';
import { splitSeries } from './split-series';

function wall(text: string): WallTime {
  const [year, month, day, hour = 0, minute = 0, second = 0] = text.split(/[- :]/).map(Number);
  return { year, month, day, hour, minute, second };
}

function series(rrule: string, start: string, end: string, timeZone: string, extra: Record<string, unknown> = {}, allDay = false): Series {
  const timing: SeriesTiming = { start: wall(start), end: wall(end), timeZone, allDay };
  const recurrence = parseRecurrence({ rrule, ...extra }, timing, new Date('2026-01-01T00:00:00Z'), { maxOccurrences: 3000 });
  if (!recurrence) throw new Error('a series');
  return { ...timing, recurrence };
}

/** Each occurrence as `local start → local end (UTC start)`. */
function listed(subject: Series, until = '2040-01-01T00:00:00Z', after?: string): string[] {
  const zone = zoneByName(subject.timeZone);
  const range = { until: new Date(until), after: after === undefined ? undefined : new Date(after), maxOccurrences: 3000 };
  return expandOccurrences(subject, range).map(
    (o) => `${formatWallTime(o.start, zone)} → ${formatWallTime(o.end, zone)} (${formatUtc(o.start)})`,
  );
}

describe('expandOccurrences: DST in Europe/Berlin', () => {
  it('keeps a daily 19:00 at 19:00 across both changes', () => {
    const daily = series('FREQ=DAILY;COUNT=3', '2026-03-28 19:00:00', '2026-03-28 21:00:00', 'Europe/Berlin');
    expect(listed(daily)).toEqual([
      '2026-03-28 19:00:00 → 2026-03-28 21:00:00 (2026-03-28 18:00:00)',
      '2026-03-29 19:00:00 → 2026-03-29 21:00:00 (2026-03-29 17:00:00)',
      '2026-03-30 19:00:00 → 2026-03-30 21:00:00 (2026-03-30 17:00:00)',
    ]);
  });

  it('moves a start the spring gap skips forward by the gap (02:30 → 03:30), and only that one', () => {
    const daily = series('FREQ=DAILY;COUNT=3', '2026-03-28 02:30:00', '2026-03-28 04:00:00', 'Europe/Berlin');
    expect(listed(daily)).toEqual([
      '2026-03-28 02:30:00 → 2026-03-28 04:00:00 (2026-03-28 01:30:00)',
      '2026-03-29 03:30:00 → 2026-03-29 04:00:00 (2026-03-29 01:30:00)',
      '2026-03-30 02:30:00 → 2026-03-30 04:00:00 (2026-03-30 00:30:00)',
    ]);
  });

  it('takes the earlier instant of a start the autumn change repeats', () => {
    const weekly = series('FREQ=WEEKLY;COUNT=2', '2026-10-18 02:30:00', '2026-10-18 03:00:00', 'Europe/Berlin');
    expect(listed(weekly)).toEqual([
      '2026-10-18 02:30:00 → 2026-10-18 03:00:00 (2026-10-18 00:30:00)',
      '2026-10-25 02:30:00 → 2026-10-25 03:00:00 (2026-10-25 00:30:00)',
    ]);
  });
});

describe('expandOccurrences: DST in America/New_York', () => {
  it('moves 02:30 on the spring-forward Sunday to 03:30 (an end that would fall before it is the start) and keeps 02:30 after', () => {
    const weekly = series('FREQ=WEEKLY;BYDAY=SU;COUNT=3', '2026-03-01 02:30:00', '2026-03-01 03:00:00', 'America/New_York');
    expect(listed(weekly)).toEqual([
      '2026-03-01 02:30:00 → 2026-03-01 03:00:00 (2026-03-01 07:30:00)',
      '2026-03-08 03:30:00 → 2026-03-08 03:30:00 (2026-03-08 07:30:00)',
      '2026-03-15 02:30:00 → 2026-03-15 03:00:00 (2026-03-15 06:30:00)',
    ]);
  });

  it('takes EDT (the earlier instant) for 01:30 on the fall-back Sunday', () => {
    const daily = series('FREQ=DAILY;COUNT=2', '2026-10-31 01:30:00', '2026-10-31 02:30:00', 'America/New_York');
    expect(listed(daily)).toEqual([
      '2026-10-31 01:30:00 → 2026-10-31 02:30:00 (2026-10-31 05:30:00)',
      '2026-11-01 01:30:00 → 2026-11-01 02:30:00 (2026-11-01 05:30:00)',
    ]);
  });
});

describe('expandOccurrences: all-day series, UNTIL, BYSETPOS, leap days', () => {
  it('recurs by date for all-day series, in any zone', () => {
    const allDay = series('FREQ=WEEKLY;BYDAY=SA,SU;COUNT=3', '2026-03-28 00:00:00', '2026-03-28 23:59:59', 'Europe/Berlin', {}, true);
    expect(listed(allDay)).toEqual([
      '2026-03-28 00:00:00 → 2026-03-28 23:59:59 (2026-03-27 23:00:00)',
      '2026-03-29 00:00:00 → 2026-03-29 23:59:59 (2026-03-28 23:00:00)',
      '2026-04-04 00:00:00 → 2026-04-04 23:59:59 (2026-04-03 22:00:00)',
    ]);
  });

  it('reads UNTIL given as a local date as the end of that day in the series zone, and stores it in UTC', () => {
    const daily = series('FREQ=DAILY;UNTIL=20260503', '2026-05-01 23:30:00', '2026-05-01 23:45:00', 'Europe/Berlin');
    expect(daily.recurrence.rule.until?.toISOString()).toBe('2026-05-03T21:59:59.000Z');
    expect(listed(daily).map((line) => line.slice(0, 19))).toEqual(['2026-05-01 23:30:00', '2026-05-02 23:30:00', '2026-05-03 23:30:00']);
  });

  it('reads UNTIL given as a local date-time in the zone', () => {
    const daily = series('FREQ=DAILY;UNTIL=20260502T193000', '2026-05-01 19:30:00', '2026-05-01 20:00:00', 'America/New_York');
    expect(daily.recurrence.rule.until?.toISOString()).toBe('2026-05-02T23:30:00.000Z');
    expect(listed(daily)).toHaveLength(2);
  });

  it('picks the last weekday of each month with BYSETPOS', () => {
    const lastWorkday = series(
      'FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1;COUNT=4',
      '2026-01-30 17:00:00',
      '2026-01-30 18:00:00',
      'Europe/Berlin',
    );
    expect(listed(lastWorkday).map((line) => line.slice(0, 10))).toEqual(['2026-01-30', '2026-02-27', '2026-03-31', '2026-04-30']);
  });

  it('keeps a yearly Feb 29 on leap years only', () => {
    const leap = series('FREQ=YEARLY;COUNT=3', '2024-02-29 10:00:00', '2024-02-29 11:00:00', 'Europe/Berlin');
    expect(listed(leap).map((line) => line.slice(0, 10))).toEqual(['2024-02-29', '2028-02-29', '2032-02-29']);
  });

  it('keeps every weekly start of an Australia/Sydney rule with UNTIL, across the April change', () => {
    const weekly = series('FREQ=WEEKLY;BYDAY=TH;UNTIL=20260423T080000Z', '2026-03-26 18:00:00', '2026-03-26 19:00:00', 'Australia/Sydney');
    expect(listed(weekly)).toEqual([
      '2026-03-26 18:00:00 → 2026-03-26 19:00:00 (2026-03-26 07:00:00)',
      '2026-04-02 18:00:00 → 2026-04-02 19:00:00 (2026-04-02 07:00:00)',
      '2026-04-09 18:00:00 → 2026-04-09 19:00:00 (2026-04-09 08:00:00)',
      '2026-04-16 18:00:00 → 2026-04-16 19:00:00 (2026-04-16 08:00:00)',
      '2026-04-23 18:00:00 → 2026-04-23 19:00:00 (2026-04-23 08:00:00)',
    ]);
  });

  it('counts an unsynchronised DTSTART as the first occurrence (RFC 5545)', () => {
    const weekly = series('FREQ=WEEKLY;BYDAY=MO;COUNT=3', '2026-05-05 10:00:00', '2026-05-05 11:00:00', 'UTC');
    expect(listed(weekly).map((line) => line.slice(0, 10))).toEqual(['2026-05-05', '2026-05-11', '2026-05-18']);
  });

  it('adds RDATEs and removes EXDATEs given in any accepted date format', () => {
    const extra = { rdates: ['2026-05-20 08:00'], exdates: ['2026-05-12T08:00:00+02:00'] };
    const daily = series('FREQ=DAILY;COUNT=3', '2026-05-11 08:00:00', '2026-05-11 09:00:00', 'Europe/Berlin', extra);
    expect(listed(daily).map((line) => line.slice(0, 10))).toEqual(['2026-05-11', '2026-05-13', '2026-05-20']);
  });

  it('works with the UTC±h[:mm] zones', () => {
    const daily = series('FREQ=DAILY;COUNT=2', '2026-05-11 08:00:00', '2026-05-11 09:00:00', 'UTC+5:30');
    expect(listed(daily)).toEqual([
      '2026-05-11 08:00:00 → 2026-05-11 09:00:00 (2026-05-11 02:30:00)',
      '2026-05-12 08:00:00 → 2026-05-12 09:00:00 (2026-05-12 02:30:00)',
    ]);
  });
});

describe('expandOccurrences: horizons and limits', () => {
  const endless = () => series('FREQ=DAILY', '2026-01-01 19:00:00', '2026-01-01 20:00:00', 'Europe/Berlin');

  it('grows an endless rule from the old horizon to a new one without gaps or repeats', () => {
    const whole = listed(endless(), '2026-03-01T00:00:00Z');
    const first = listed(endless(), '2026-02-01T00:00:00Z');
    const rest = listed(endless(), '2026-03-01T00:00:00Z', '2026-02-01T00:00:00Z');
    expect([...first, ...rest]).toEqual(whole);
    expect(whole).toHaveLength(59);
  });

  it('refuses more occurrences than the maximum, naming recurrence', () => {
    expect(() => expandOccurrences(endless(), { until: new Date('2040-01-01T00:00:00Z'), maxOccurrences: 3000 })).toThrow(
      expect.objectContaining({
        details: expect.objectContaining({
          params: { recurrence: { key: 'validation.recurrenceTooManyOccurrences', args: { max: 3000 } } },
        }),
      }),
    );
  });

  it('knows which instants are occurrences', () => {
    expect(hasOccurrenceAt(endless(), new Date('2026-07-01T17:00:00Z'))).toBe(true);
    expect(hasOccurrenceAt(endless(), new Date('2026-07-01T18:00:00Z'))).toBe(false);
  });
});

describe('splitSeries', () => {
  it('ends a COUNT series before the occurrence and carries the rest into a new one', () => {
    const weekly = series('FREQ=WEEKLY;BYDAY=MO,WE;COUNT=10', '2026-05-04 10:00:00', '2026-05-04 11:00:00', 'Europe/Berlin', {
      exdates: ['2026-05-06 10:00', '2026-05-20 10:00'],
    });
    const split = splitSeries(weekly, new Date('2026-05-13T08:00:00Z'));
    expect(split.before?.rule.count).toBe(3);
    expect(split.after.recurrence.rule.count).toBe(7);
    expect(split.after.start).toEqual(wall('2026-05-13 10:00:00'));
    expect(split.before?.exdates).toEqual([wall('2026-05-06 10:00:00')]);
    expect(split.after.recurrence.exdates).toEqual([wall('2026-05-20 10:00:00')]);
    const before = listed({ ...weekly, recurrence: split.before! });
    expect([...before, ...listed(split.after)]).toEqual(listed(weekly));
  });

  it('ends an endless series with UNTIL one second before and keeps the rhythm in the new one', () => {
    const biweekly = series('FREQ=WEEKLY;INTERVAL=2;BYDAY=TU', '2026-01-06 18:00:00', '2026-01-06 19:00:00', 'America/New_York');
    const split = splitSeries(biweekly, new Date('2026-03-17T22:00:00Z'));
    expect(split.before?.rule.until?.toISOString()).toBe('2026-03-17T21:59:59.000Z');
    const until = '2027-01-01T00:00:00Z';
    expect([...listed({ ...biweekly, recurrence: split.before! }, until), ...listed(split.after, until)]).toEqual(listed(biweekly, until));
  });

  it('leaves nothing before a split at the first occurrence', () => {
    const daily = series('FREQ=DAILY;COUNT=3', '2026-05-11 08:00:00', '2026-05-11 09:00:00', 'UTC');
    expect(splitSeries(daily, new Date('2026-05-11T08:00:00Z')).before).toBeNull();
  });

  it('refuses an instant that is no occurrence', () => {
    const daily = series('FREQ=DAILY;COUNT=3', '2026-05-11 08:00:00', '2026-05-11 09:00:00', 'UTC');
    expect(() => splitSeries(daily, new Date('2026-05-11T09:00:00Z'))).toThrow('rest_invalid_param');
  });
});
