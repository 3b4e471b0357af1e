import { ApiError, WallTime } from '@app/common';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { RECURRENCE_REASONS, recurrenceReasonKey } from '../recurrence-error';
import { formatRRule } from '../rule/format-rrule';
import { parseRecurrence } from './parse-recurrence';
import { toStoredRecurrence, fromStoredRecurrence } from './stored-recurrence';

const start: WallTime = { year: 2026, month: 5, day: 4, hour: 10, minute: 0, second: 0 };
const timing = { start, end: { ...start, hour: 11 }, timeZone: 'Europe/Berlin', allDay: false };
const limits = { maxOccurrences: 3000 };
const now = new Date('2026-05-01T00:00:00Z');

function parse(input: unknown) {
  return parseRecurrence(input, timing, now, limits);
}

/** The reason key of the `recurrence` error the input gets. */
function reason(input: unknown): string | undefined {
  try {
    parse(input);
    return undefined;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return (error.details.params as Record<string, { key: string }>).recurrence.key;
  }
}

describe('parseRecurrence: accepted rules, stored canonically with UNTIL in UTC', () => {
  it.each([
    ['FREQ=WEEKLY;BYDAY=MO,WE;COUNT=10', 'FREQ=WEEKLY;COUNT=10;BYDAY=MO,WE'],
    ['RRULE:freq=weekly;byday=we,mo;count=10', 'FREQ=WEEKLY;COUNT=10;BYDAY=MO,WE'],
    ['FREQ=MONTHLY;BYDAY=1SA', 'FREQ=MONTHLY;BYDAY=1SA'],
    ['FREQ=MONTHLY;BYMONTHDAY=-1,15;INTERVAL=2', 'FREQ=MONTHLY;INTERVAL=2;BYMONTHDAY=15,-1'],
    ['FREQ=DAILY;UNTIL=20260510T120000Z', 'FREQ=DAILY;UNTIL=20260510T120000Z'],
    ['FREQ=DAILY;UNTIL=20260510', 'FREQ=DAILY;UNTIL=20260510T215959Z'],
    ['FREQ=DAILY;UNTIL=20260510T120000', 'FREQ=DAILY;UNTIL=20260510T100000Z'],
    ['FREQ=YEARLY;BYWEEKNO=19;BYDAY=MO;WKST=SU', 'FREQ=YEARLY;BYWEEKNO=19;BYDAY=MO;WKST=SU'],
    ['FREQ=YEARLY;BYYEARDAY=124', 'FREQ=YEARLY;BYYEARDAY=124'],
    ['FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=1,-1', 'FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=1,-1'],
    ['FREQ=WEEKLY;INTERVAL=1;COUNT=2;BYDAY=MO;', 'FREQ=WEEKLY;COUNT=2;BYDAY=MO'],
  ])('%s → %s', (input, stored) => {
    expect(formatRRule(parse({ rrule: input })!.rule)).toBe(stored);
  });

  it('is null for null (a single event)', () => {
    expect(parse(null)).toBeNull();
  });

  it('reads rdates and exdates as wall times in the zone, sorted, without repeats, and stores them back', () => {
    const recurrence = parse({
      rrule: 'FREQ=DAILY;COUNT=5',
      rdates: ['2026-06-01 10:00', '2026-05-20T08:00:00Z', '2026-06-01 10:00:00'],
      exdates: '1778061600',
    })!;
    const stored = toStoredRecurrence(recurrence);
    expect(stored).toEqual({
      rrule: 'FREQ=DAILY;COUNT=5',
      rdates: ['2026-05-20 10:00:00', '2026-06-01 10:00:00'],
      exdates: ['2026-05-06 12:00:00'],
    });
    expect(fromStoredRecurrence(stored, 'Europe/Berlin')).toEqual(recurrence);
  });
});

describe('parseRecurrence: refused with the reason', () => {
  it.each<[string, unknown, string]>([
    ['not an object', 'FREQ=DAILY', 'notAnObject'],
    ['no rrule', { rdates: [] }, 'rruleMissing'],
    ['a part without value', { rrule: 'FREQ=DAILY;COUNT' }, 'syntax'],
    ['an unknown part', { rrule: 'FREQ=DAILY;X-FOO=1' }, 'unknownPart'],
    ['BYHOUR', { rrule: 'FREQ=DAILY;BYHOUR=10' }, 'unsupportedPart'],
    ['a part twice', { rrule: 'FREQ=DAILY;COUNT=2;COUNT=3' }, 'repeatedPart'],
    ['no FREQ', { rrule: 'COUNT=2' }, 'frequencyMissing'],
    ['HOURLY', { rrule: 'FREQ=HOURLY' }, 'unsupportedFrequency'],
    ['a bad FREQ', { rrule: 'FREQ=SOMETIMES' }, 'badValue'],
    ['COUNT 0', { rrule: 'FREQ=DAILY;COUNT=0' }, 'badValue'],
    ['BYMONTHDAY 32', { rrule: 'FREQ=MONTHLY;BYMONTHDAY=32' }, 'badValue'],
    ['BYDAY 0MO', { rrule: 'FREQ=MONTHLY;BYDAY=0MO' }, 'badValue'],
    ['BYDAY 6MO in a month', { rrule: 'FREQ=MONTHLY;BYDAY=6MO' }, 'badValue'],
    ['a bad UNTIL', { rrule: 'FREQ=DAILY;UNTIL=2026-05-10' }, 'badValue'],
    ['COUNT with UNTIL', { rrule: 'FREQ=DAILY;COUNT=3;UNTIL=20260510' }, 'countWithUntil'],
    ['BYWEEKNO with MONTHLY', { rrule: 'FREQ=MONTHLY;BYWEEKNO=3' }, 'partNotWithFrequency'],
    ['BYMONTHDAY with WEEKLY', { rrule: 'FREQ=WEEKLY;BYMONTHDAY=3' }, 'partNotWithFrequency'],
    ['an ordinal with WEEKLY', { rrule: 'FREQ=WEEKLY;BYDAY=1MO' }, 'ordinalNotWithFrequency'],
    ['BYSETPOS alone', { rrule: 'FREQ=MONTHLY;BYSETPOS=1' }, 'setPosAlone'],
    ['BYDAY with BYYEARDAY', { rrule: 'FREQ=YEARLY;BYYEARDAY=1;BYDAY=MO' }, 'unsupportedCombination'],
    ['February 30', { rrule: 'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30' }, 'noOccurrence'],
    ['UNTIL before the start', { rrule: 'FREQ=DAILY;UNTIL=20260503' }, 'noOccurrence'],
    ['every occurrence cancelled', { rrule: 'FREQ=DAILY;COUNT=1', exdates: ['2026-05-04 10:00'] }, 'noOccurrence'],
    ['week 1 in June', { rrule: 'FREQ=YEARLY;BYWEEKNO=1;BYMONTH=6' }, 'noOccurrence'],
    ['rdates not a list', { rrule: 'FREQ=DAILY', rdates: { a: 1 } }, 'dateList'],
    ['a bad rdate', { rrule: 'FREQ=DAILY', rdates: ['someday'] }, 'date'],
    ['an rdate before the start', { rrule: 'FREQ=DAILY', rdates: ['2026-05-01 10:00'] }, 'rdateBeforeStart'],
    ['too many exdates', { rrule: 'FREQ=DAILY', exdates: Array.from({ length: 3001 }, () => '2026-06-01') }, 'tooManyDates'],
  ])('%s', (_title, input, key) => {
    expect(reason(input)).toBe(recurrenceReasonKey(key as never));
  });
});

describe('recurrence reasons', () => {
  const i18n = join(__dirname, '..', '..', '..', '..', 'apps', 'api', 'src', 'i18n');
  it.each(['en', 'de'])('are all translated in %s', (language) => {
    const texts = JSON.parse(readFileSync(join(i18n, language, 'validation.json'), 'utf8')) as Record<string, string>;
    const missing = RECURRENCE_REASONS.map(recurrenceReasonKey).filter((key) => !texts[key.replace(/^validation\./, '')]);
    expect(missing).toEqual([]);
  });
});
