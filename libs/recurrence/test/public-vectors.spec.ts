import { ApiError } from '@app/common';
import { recurrenceReasonKey, RecurrenceReason } from '../src/recurrence-error';
import { VECTOR_FILES, actualStarts, expectedStarts, VectorCase } from './public-vectors';

/*
 * Public RRULE test vectors, converted into the JSON files beside this spec; each file's `source`
 * names the repository, path, commit and license it comes from and how it was converted:
 * - libical-icalrecur.json: libical's recurrence regression cases (src/test/icalrecur_test.txt,
 *   LGPL-2.1-only OR MPL-2.0);
 * - dateutil-rrule.json: python-dateutil's rrule tests (tests/test_rrule.py, Apache-2.0 AND BSD-3-Clause).
 */

/**
 * Rules this service refuses, by RRULE and DTSTART, with the reason given: BYDAY beside BYYEARDAY (the engine
 * would ignore BYDAY), a week-53 rule that generates nothing before its UNTIL (libical counts
 * DTSTART, which lies in the previous ISO year's week 53), an UNTIL before DTSTART, and Feb 31.
 */
const REFUSED: Record<string, RecurrenceReason> = {
  'FREQ=YEARLY;UNTIL=20100326T000000Z;BYDAY=FR;BYYEARDAY=-275,-276,-277,-278,-279,-280,-281 20060331T020000': 'unsupportedCombination',
  'FREQ=YEARLY;BYWEEKNO=53;BYDAY=TU,SA;UNTIL=20170101T000000Z 20160102T000000': 'noOccurrence',
  'FREQ=YEARLY;BYWEEKNO=53;BYDAY=TU,SA;INTERVAL=6;UNTIL=20170101T000000Z 20100102T000000': 'noOccurrence',
  'FREQ=YEARLY;BYWEEKNO=53;BYDAY=TU,SA;INTERVAL=7;UNTIL=20170101T000000Z 20100102T000000': 'noOccurrence',
  'FREQ=DAILY;UNTIL=19970901T090000 19970902T090000': 'noOccurrence',
  'FREQ=YEARLY;COUNT=3;BYMONTH=2;BYMONTHDAY=31 99970902T090000': 'noOccurrence',
};
/** dateutil expands parts RFC 5545 forbids with these frequencies; this service refuses them. */
const FORBIDDEN_PART = /^RRuleTest\.test(?:Monthly|Weekly|Daily)\w*(?:YearDay|WeekNo)|^RRuleTest\.testWeekly\w*MonthDay/;
const FORBIDDEN_ORDINAL = /^RRuleTest\.test(?:Weekly|Daily)\w*NWeekDay/;

/**
 * Where the sources disagree with each other or read RFC 5545 otherwise than the engine: what this
 * service gives instead, and why.
 */
const DIFFERENT: Record<string, { why: string; starts: string[] }> = {
  'yearly, by Feb 29th day of month': {
    why: 'a yearly BYMONTHDAY without BYMONTH selects that day in every month, as dateutil reads it (testYearlyByMonthDay); libical takes the month from DTSTART',
    starts: ['2024-02-29 00:00:00', '2024-03-29 00:00:00', '2024-04-29 00:00:00'],
  },
  'yearly, by last and -29th of Feb': {
    why: 'as above: every month of the year',
    starts: ['2024-02-01 00:00:00', '2024-02-29 00:00:00', '2024-03-03 00:00:00', '2024-03-31 00:00:00'],
  },
  'DTSTART is in 2024 but the week belongs to 2025, so after 3 years it will be 2028.': {
    why: 'INTERVAL counts calendar years from DTSTART’s year (2024, 2027, 2030), not ISO week-numbering years',
    starts: ['2024-12-31 00:00:00', '2027-01-04 00:00:00', '2027-01-05 00:00:00', '2029-12-31 00:00:00', '2030-01-01 00:00:00'],
  },
  'RRuleTest.testYearlyByWeekNo': {
    why: 'BYWEEKNO alone keeps DTSTART’s weekday (RFC 5545 takes what the rule does not say from DTSTART); dateutil lists every day of the week',
    starts: ['1997-09-02 09:00:00', '1998-05-12 09:00:00'],
  },
};

function refusalOf(vector: VectorCase): string | undefined {
  const refused = REFUSED[`${vector.rrule} ${vector.dtstart}`];
  if (refused) return recurrenceReasonKey(refused);
  if (FORBIDDEN_PART.test(vector.title)) return recurrenceReasonKey('partNotWithFrequency');
  if (FORBIDDEN_ORDINAL.test(vector.title)) return recurrenceReasonKey('ordinalNotWithFrequency');
  return undefined;
}

function reasonOf(run: () => unknown): string | undefined {
  try {
    run();
    return undefined;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return (error.details.params as Record<string, { key: string }>).recurrence.key;
  }
}

describe.each(Object.entries(VECTOR_FILES))('public RRULE vectors from %s', (_name, file) => {
  it('has cases', () => {
    expect(file.cases.length).toBeGreaterThan(90);
  });

  it.each(file.cases.map((vector) => [`${vector.title} (${vector.rrule})`, vector]))('%s', (_title, vector) => {
    const refusal = refusalOf(vector);
    if (refusal) {
      expect(reasonOf(() => actualStarts(vector))).toBe(refusal);
      return;
    }
    const different = DIFFERENT[vector.title];
    const expected = different ? different.starts : expectedStarts(vector);
    // A disagreement is only recorded where the source's own list really differs.
    if (different) expect(different.starts).not.toEqual(expectedStarts(vector));
    expect(actualStarts(vector)).toEqual(expected);
  });
});
