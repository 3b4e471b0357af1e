import { IANAZone } from 'luxon';
import { readCalendar } from '../reader/read-calendar';
import { VTimezoneRules } from './vtimezone-rules';
import { parseYearlyRule, yearlyOnsets } from './yearly-onsets';

function rulesOf(...lines: string[]): VTimezoneRules {
  const read = readCalendar(['BEGIN:VCALENDAR', 'BEGIN:VTIMEZONE', 'TZID:Test', ...lines, 'END:VTIMEZONE', 'END:VCALENDAR'].join('\n'));
  if (!read.ok) throw new Error(read.problem.code);
  const rules = VTimezoneRules.fromComponent(read.calendars[0].components[0]);
  if (!rules) throw new Error('no rules');
  return rules;
}

const observance = (kind: string, start: string, from: string, to: string, ...extra: string[]) => [
  `BEGIN:${kind}`,
  `DTSTART:${start}`,
  `TZOFFSETFROM:${from}`,
  `TZOFFSETTO:${to}`,
  ...extra,
  `END:${kind}`,
];

/** Exchange's form of Central European time: both observances start in 1601, rules by last Sunday. */
const exchangeCentralEurope = rulesOf(
  ...observance('STANDARD', '16010101T030000', '+0200', '+0100', 'RRULE:FREQ=YEARLY;INTERVAL=1;BYDAY=-1SU;BYMONTH=10'),
  ...observance('DAYLIGHT', '16010101T020000', '+0100', '+0200', 'RRULE:FREQ=YEARLY;INTERVAL=1;BYDAY=-1SU;BYMONTH=3'),
);

/** Every hour of two years, compared with IANA data: the offsets must be the same throughout. */
function differingHours(rules: VTimezoneRules, iana: string, year: number): string[] {
  const zone = IANAZone.create(iana);
  const differences: string[] = [];
  for (let ms = Date.UTC(year, 0, 1); ms < Date.UTC(year + 2, 0, 1); ms += 3_600_000) {
    if (rules.offsetAt(ms) !== zone.offset(ms)) differences.push(new Date(ms).toISOString());
  }
  return differences;
}

describe('VTimezoneRules', () => {
  it("gives Exchange's 1601-based Central European rules the offsets of Europe/Berlin, hour by hour", () => {
    expect(differingHours(exchangeCentralEurope, 'Europe/Berlin', 2024)).toEqual([]);
  });

  it('switches exactly at the onset instant, read in the offset before it', () => {
    const springForward = Date.UTC(2025, 2, 30, 1, 0, 0);
    expect(exchangeCentralEurope.offsetAt(springForward - 1)).toBe(60);
    expect(exchangeCentralEurope.offsetAt(springForward)).toBe(120);
  });

  it('follows US rules written as 2nd and 1st Sunday (Eastern Standard Time)', () => {
    const eastern = rulesOf(
      ...observance('STANDARD', '16010101T020000', '-0400', '-0500', 'RRULE:FREQ=YEARLY;INTERVAL=1;BYDAY=1SU;BYMONTH=11'),
      ...observance('DAYLIGHT', '16010101T020000', '-0500', '-0400', 'RRULE:FREQ=YEARLY;INTERVAL=1;BYDAY=2SU;BYMONTH=3'),
    );
    expect(differingHours(eastern, 'America/New_York', 2022)).toEqual([]);
  });

  it('takes RDATE onsets and a rule that ends with UNTIL, and the first TZOFFSETFROM before any onset', () => {
    const rules = rulesOf(
      ...observance('STANDARD', '19000101T000000', '+0030', '+0100'),
      ...observance('DAYLIGHT', '20200329T020000', '+0100', '+0200', 'RDATE:20210328T020000,20220327T020000'),
      ...observance('STANDARD', '20201025T030000', '+0200', '+0100', 'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU;UNTIL=20221030T010000Z'),
    );
    expect(rules.offsetAt(Date.UTC(1899, 5, 1))).toBe(30);
    expect(rules.offsetAt(Date.UTC(2021, 6, 1))).toBe(120);
    expect(rules.offsetAt(Date.UTC(2022, 6, 1))).toBe(120);
    expect(rules.offsetAt(Date.UTC(2022, 11, 1))).toBe(60);
    expect(rules.offsetAt(Date.UTC(2023, 6, 1))).toBe(60);
    expect(
      rules.transitionsBetween(Date.UTC(2021, 0, 1), Date.UTC(2022, 0, 1)).map((t) => [new Date(t.at).toISOString(), t.offset]),
    ).toEqual([
      ['2021-03-28T01:00:00.000Z', 120],
      ['2021-10-31T01:00:00.000Z', 60],
    ]);
  });

  it('leaves out observances it cannot read and has no rules without any', () => {
    const rules = rulesOf(
      ...observance('STANDARD', '19700101T000000', '+5328', '+0100'),
      ...observance('STANDARD', '19700101T000000', '+0000', '+0800'),
    );
    expect(rules.offsetAt(Date.UTC(2025, 0, 1))).toBe(480);
    const read = readCalendar('BEGIN:VCALENDAR\nBEGIN:VTIMEZONE\nTZID:X\nEND:VTIMEZONE\nEND:VCALENDAR');
    expect(read.ok && VTimezoneRules.fromComponent(read.calendars[0].components[0])).toBeNull();
  });
});

describe('yearlyOnsets', () => {
  const start = { year: 1990, month: 1, day: 1, hour: 2, minute: 0, second: 0 };
  const days = (rule: string, year: number) => yearlyOnsets(parseYearlyRule(rule)!, start, year).map((wall) => `${wall.month}-${wall.day}`);

  it('finds the n-th and the last weekday of a month', () => {
    expect(days('FREQ=YEARLY;BYMONTH=3;BYDAY=2SU', 2025)).toEqual(['3-9']);
    expect(days('FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU', 2025)).toEqual(['10-26']);
  });

  it('reads the old "Sunday on or after the 8th" form', () => {
    expect(days('FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=8,9,10,11,12,13,14;BYDAY=SU', 2025)).toEqual(['3-9']);
  });

  it('keeps INTERVAL and refuses rules that are not yearly', () => {
    expect(days('FREQ=YEARLY;INTERVAL=2;BYMONTH=4;BYDAY=1SU', 1991)).toEqual([]);
    expect(days('FREQ=YEARLY;INTERVAL=2;BYMONTH=4;BYDAY=1SU', 1992)).toEqual(['4-5']);
    expect(parseYearlyRule('FREQ=MONTHLY;BYDAY=1SU')).toBeNull();
  });
});
