import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { WallTime } from '@app/common';
import { parseRecurrence } from '../series/parse-recurrence';
import { Series } from '../series/series';
import { recurrenceLines } from './ical-recurrence';
import { vtimezone } from './vtimezone';

const start: WallTime = { year: 2026, month: 3, day: 2, hour: 19, minute: 0, second: 0 };

function series(timeZone: string, allDay = false): Series {
  const timing = {
    start: allDay ? { ...start, hour: 0 } : start,
    end: allDay ? { ...start, hour: 23, minute: 59, second: 59 } : { ...start, hour: 20 },
    timeZone,
    allDay,
  };
  const input = { rrule: 'FREQ=WEEKLY;BYDAY=MO;UNTIL=20260601', rdates: ['2026-03-04 19:00'], exdates: ['2026-03-09 19:00'] };
  return { ...timing, recurrence: parseRecurrence(input, timing, new Date(0), { maxOccurrences: 3000 })! };
}

describe('recurrenceLines', () => {
  it('writes wall times with the TZID and UNTIL in UTC', () => {
    expect(recurrenceLines(series('Europe/Berlin'))).toEqual([
      'RRULE:FREQ=WEEKLY;UNTIL=20260601T215959Z;BYDAY=MO',
      'RDATE;TZID=Europe/Berlin:20260304T190000',
      'EXDATE;TZID=Europe/Berlin:20260309T190000',
    ]);
  });

  it('writes dates for all-day series, UNTIL as a date too', () => {
    expect(recurrenceLines(series('Europe/Berlin', true))).toEqual([
      'RRULE:FREQ=WEEKLY;UNTIL=20260601;BYDAY=MO',
      'RDATE;VALUE=DATE:20260304',
      'EXDATE;VALUE=DATE:20260309',
    ]);
  });

  it('writes UTC times with Z and fixed offsets with a TZID without colon', () => {
    expect(recurrenceLines(series('UTC'))[1]).toBe('RDATE:20260304T190000Z');
    expect(recurrenceLines(series('UTC+5:30'))[1]).toBe('RDATE;TZID=UTC+530:20260304T190000');
  });
});

describe('vtimezone', () => {
  it('has the offsets of the years asked for, from the runtime data', () => {
    const block = vtimezone('America/Sao_Paulo', {
      from: new Date('2018-06-01T00:00:00Z'),
      to: new Date('2020-06-01T00:00:00Z'),
    }) as string;
    // Brazil dropped DST in 2019: the 2018-19 summer is there, nothing after February 2019.
    expect(block).toContain('DTSTART:20181104T000000');
    expect(block).toContain('DTSTART:20180218T000000\r\nRDATE:20190217T000000');
    expect(block).not.toMatch(/20191|2020/);
  });

  it('lists Berlin changes as DAYLIGHT and STANDARD observances', () => {
    expect(vtimezone('Europe/Berlin', { from: new Date('2026-01-01T00:00:00Z'), to: new Date('2026-12-01T00:00:00Z') })).toBe(
      [
        'BEGIN:VTIMEZONE',
        'TZID:Europe/Berlin',
        ...['BEGIN:STANDARD', 'DTSTART:20260101T010000', 'TZOFFSETFROM:+0100', 'TZOFFSETTO:+0100', 'TZNAME:CET', 'END:STANDARD'],
        ...['BEGIN:DAYLIGHT', 'DTSTART:20260329T020000', 'TZOFFSETFROM:+0100', 'TZOFFSETTO:+0200', 'TZNAME:CEST', 'END:DAYLIGHT'],
        ...['BEGIN:STANDARD', 'DTSTART:20261025T030000', 'TZOFFSETFROM:+0200', 'TZOFFSETTO:+0100', 'TZNAME:CET', 'END:STANDARD'],
        'END:VTIMEZONE',
      ].join('\r\n'),
    );
  });

  it('is one block for a fixed offset and none for UTC', () => {
    const range = { from: new Date('2026-01-01T00:00:00Z'), to: new Date('2026-12-01T00:00:00Z') };
    expect(vtimezone('UTC-3:30', range)).toContain('TZOFFSETTO:-0330');
    expect(vtimezone('UTC', range)).toBeNull();
  });
});

describe('independence from the process TZ', () => {
  it('gives the same occurrences and VTIMEZONEs under two TZ values', () => {
    const script = join(__dirname, '..', '..', 'test', 'expansion-digest.ts');
    const run = (tz: string) =>
      execFileSync(process.execPath, ['-r', 'ts-node/register/transpile-only', '-r', 'tsconfig-paths/register', script], {
        env: { ...process.env, TZ: tz },
        encoding: 'utf8',
      });
    const tokyo = run('Asia/Tokyo');
    expect(tokyo.length).toBeGreaterThan(1000);
    expect(run('America/Los_Angeles')).toBe(tokyo);
  }, 120_000);
});
