import { dateListValues, parseDateValue, parseDuration, parseUtcOffset } from './date-values';

describe('parseDateValue', () => {
  it('reads a DATE, a floating DATE-TIME and a UTC DATE-TIME', () => {
    expect(parseDateValue('20250701')).toEqual({ type: 'date', date: { year: 2025, month: 7, day: 1, hour: 0, minute: 0, second: 0 } });
    expect(parseDateValue('20250701T193000')).toEqual({
      type: 'date-time',
      wall: { year: 2025, month: 7, day: 1, hour: 19, minute: 30, second: 0 },
      utc: false,
    });
    expect(parseDateValue(' 20250701t1930z ')).toMatchObject({ type: 'date-time', utc: true, wall: { hour: 19, minute: 30, second: 0 } });
  });

  it('reads a leap second as the second before it', () => {
    expect(parseDateValue('20161231T235960Z')).toMatchObject({ wall: { second: 59 } });
  });

  it.each(['20250230', '20251301', '20250701T240000', '2025-07-01', '20250701T19', 'tomorrow', ''])('refuses %j', (text) => {
    expect(parseDateValue(text)).toBeNull();
  });
});

describe('parseDuration', () => {
  it.each([
    ['PT1H15M', { days: 0, seconds: 4500 }],
    ['P1W', { days: 7, seconds: 0 }],
    ['P1DT12H', { days: 1, seconds: 43200 }],
    ['-PT15M', { days: 0, seconds: -900 }],
    ['+P2D', { days: 2, seconds: 0 }],
    ['PT0S', { days: 0, seconds: 0 }],
  ])('reads %s', (text, expected) => {
    expect(parseDuration(text)).toEqual(expected);
  });

  it.each(['P', 'PT', 'P1DT', '1H', 'PT1.5H', 'P1Y'])('refuses %j', (text) => {
    expect(parseDuration(text)).toBeNull();
  });
});

describe('parseUtcOffset', () => {
  it('reads offsets in minutes, seconds as a fraction', () => {
    expect(parseUtcOffset('+0100')).toBe(60);
    expect(parseUtcOffset('-0530')).toBe(-330);
    expect(parseUtcOffset('+005328')).toBeCloseTo(53 + 28 / 60);
  });

  it.each(['+5328', '0100', '+2400', '+0160'])('refuses %j', (text) => {
    expect(parseUtcOffset(text)).toBeNull();
  });
});

describe('dateListValues', () => {
  it('splits a list and takes a PERIOD by its start', () => {
    expect(dateListValues('20250101T100000Z, 20250102T100000Z/PT1H,')).toEqual(['20250101T100000Z', '20250102T100000Z']);
  });
});
