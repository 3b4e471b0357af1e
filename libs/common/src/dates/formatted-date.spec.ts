import { looksLikeFormattedDate, parseFormattedDate } from './formatted-date';
import { iso, utc, zoneNamed } from '../../test/zones';

describe('parseFormattedDate', () => {
  describe('wall times, read in the given zone', () => {
    it.each([
      ['2026-03-01', 'Europe/Berlin', '2026-02-28T23:00:00Z'],
      ['2026-03-01', 'UTC', '2026-03-01T00:00:00Z'],
      ['2026-03-01', 'America/New_York', '2026-03-01T05:00:00Z'],
      ['2026-03-01 20:00', 'Europe/Berlin', '2026-03-01T19:00:00Z'],
      ['2026-03-01 20:00:15', 'Europe/Berlin', '2026-03-01T19:00:15Z'],
      ['2026-03-01 9:05', 'Europe/Berlin', '2026-03-01T08:05:00Z'],
      ['2026-07-01 20:00:00', 'Europe/Berlin', '2026-07-01T18:00:00Z'],
      ['2026-03-01 20:00:00', 'America/New_York', '2026-03-02T01:00:00Z'],
      ['2026-07-01 20:00:00', 'America/New_York', '2026-07-02T00:00:00Z'],
      ['2026-03-01 08:00:00', 'Asia/Tokyo', '2026-02-28T23:00:00Z'],
      ['2026-03-01 20:00:00', 'UTC+5:30', '2026-03-01T14:30:00Z'],
      ['2026-03-01 20:00:00', 'UTC-5', '2026-03-02T01:00:00Z'],
      ['2026-03-01T20:00:00', 'Europe/Berlin', '2026-03-01T19:00:00Z'],
      ['2026-03-01T20:00', 'Europe/Berlin', '2026-03-01T19:00:00Z'],
      ['2026-03-01t20:00:00', 'UTC', '2026-03-01T20:00:00Z'],
      ['2026-03-01T20:00:00.999', 'UTC', '2026-03-01T20:00:00Z'],
      ['2028-02-29 12:00:00', 'UTC', '2028-02-29T12:00:00Z'],
    ])('%s in %s is %s', (text, zone, expected) => {
      expect(iso(parseFormattedDate(text, zoneNamed(zone)))).toBe(utc(expected));
    });
  });

  describe('across DST changes', () => {
    it.each([
      ['2026-03-29 01:30:00', 'Europe/Berlin', '2026-03-29T00:30:00Z'],
      ['2026-03-29 02:30:00', 'Europe/Berlin', '2026-03-29T01:30:00Z'],
      ['2026-03-29 03:30:00', 'Europe/Berlin', '2026-03-29T01:30:00Z'],
      ['2026-10-25 02:30:00', 'Europe/Berlin', '2026-10-25T00:30:00Z'],
      ['2026-10-25 03:30:00', 'Europe/Berlin', '2026-10-25T02:30:00Z'],
      ['2026-03-08 02:30:00', 'America/New_York', '2026-03-08T07:30:00Z'],
      ['2026-11-01 01:30:00', 'America/New_York', '2026-11-01T05:30:00Z'],
      ['2026-03-29T02:30:00', 'Europe/Berlin', '2026-03-29T01:30:00Z'],
    ])('%s in %s is %s', (text, zone, expected) => {
      expect(iso(parseFormattedDate(text, zoneNamed(zone)))).toBe(utc(expected));
    });
  });

  describe('a date with a 12-hour time, read in the given zone', () => {
    it.each([
      ['2018-01-01 4pm', 'Asia/Hong_Kong', '2018-01-01T08:00:00Z'],
      ['2018-01-01 4:30 pm', 'Asia/Hong_Kong', '2018-01-01T08:30:00Z'],
      ['2018-01-01 4 PM', 'UTC', '2018-01-01T16:00:00Z'],
      ['2018-01-01 4:30pm', 'UTC', '2018-01-01T16:30:00Z'],
      ['2018-01-01 04:30:15 Pm', 'UTC', '2018-01-01T16:30:15Z'],
      ['2018-01-01 4 p.m.', 'UTC', '2018-01-01T16:00:00Z'],
      ['2018-01-01 9am', 'UTC', '2018-01-01T09:00:00Z'],
      ['2018-01-01 9 a.m', 'UTC', '2018-01-01T09:00:00Z'],
      ['2018-01-01 11:59 pm', 'UTC', '2018-01-01T23:59:00Z'],
      ['2018-01-01 12am', 'UTC', '2018-01-01T00:00:00Z'],
      ['2018-01-01 12:30 AM', 'UTC', '2018-01-01T00:30:00Z'],
      ['2018-01-01 12pm', 'UTC', '2018-01-01T12:00:00Z'],
      ['2018-01-01 1pm', 'UTC', '2018-01-01T13:00:00Z'],
      ['2018-01-01  4pm', 'UTC', '2018-01-01T16:00:00Z'],
      ['2026-07-01 8pm', 'America/New_York', '2026-07-02T00:00:00Z'],
      ['2026-07-01 8pm', 'UTC+5:30', '2026-07-01T14:30:00Z'],
      ['2026-03-29 2:30am', 'Europe/Berlin', '2026-03-29T01:30:00Z'],
      ['2026-10-25 2:30am', 'Europe/Berlin', '2026-10-25T00:30:00Z'],
    ])('%s in %s is %s', (text, zone, expected) => {
      expect(iso(parseFormattedDate(text, zoneNamed(zone)))).toBe(utc(expected));
    });

    it.each([
      '2018-01-01 0am',
      '2018-01-01 00pm',
      '2018-01-01 13pm',
      '2018-01-01 123pm',
      '2018-01-01 4:60pm',
      '2018-01-01 4:30:60pm',
      '2018-01-01 4:3pm',
      '2018-01-01 16:00pm',
      '2018-01-01 4',
      '2018-01-01 4p',
      '2018-01-01 4pmx',
      '2018-01-01 4pm +01:00',
      '2018-01-01T4pm',
      '2018-01-014pm',
      '2018-02-30 4pm',
      '2018-01-01 4 p. m.',
    ])('refuses %p', (text) => {
      expect(parseFormattedDate(text, zoneNamed('UTC'))).toBeNull();
    });
  });

  describe('instants: Z or an offset wins over the zone', () => {
    it.each([
      ['2026-03-01T20:00:00Z', '2026-03-01T20:00:00Z'],
      ['2026-03-01T20:00:00z', '2026-03-01T20:00:00Z'],
      ['2026-03-01T20:00Z', '2026-03-01T20:00:00Z'],
      ['2026-03-01T20:00:00.5Z', '2026-03-01T20:00:00Z'],
      ['2026-03-01T20:00:00+01:00', '2026-03-01T19:00:00Z'],
      ['2026-03-01T20:00:00-05:00', '2026-03-02T01:00:00Z'],
      ['2026-03-01T20:00:00+0530', '2026-03-01T14:30:00Z'],
      ['2026-03-01T20:00:00+02', '2026-03-01T18:00:00Z'],
      ['2026-03-01T23:30:00-02:00', '2026-03-02T01:30:00Z'],
      ['2026-03-01 20:00:00+01:00', '2026-03-01T19:00:00Z'],
      ['2026-07-01T20:00:00+00:00', '2026-07-01T20:00:00Z'],
    ])('%s is %s in any zone', (text, expected) => {
      for (const zone of ['UTC', 'Europe/Berlin', 'America/New_York', 'Asia/Tokyo', 'UTC+5:30']) {
        expect(iso(parseFormattedDate(text, zoneNamed(zone)))).toBe(utc(expected));
      }
    });
  });

  it.each([
    '2026-13-45',
    '2026-02-30',
    '2026-02-29',
    '2026-04-31',
    '2026-00-10',
    '2026-03-00',
    '2026-3-1',
    '2026-03-01 24:00',
    '2026-03-01 12:60',
    '2026-03-01 12:00:60',
    '2026-03-01 123:00',
    '2026-03-01T',
    '2026-03-01T20',
    '2026-03-01 20:00 +01:00',
    '2026-03-01Z',
    '2026-03-01+01:00',
    '2026-03-01T20:00.5',
    '2026-03-01T20:00:00+19:00',
    '2026-03-01T20:00:00+01:60',
    '2026-03-01T20:00:00 Europe/Berlin',
    '2026-03-01x',
    '0999-12-31 12:00:00',
    '20260301T200000Z',
  ])('refuses %p', (text) => {
    expect(parseFormattedDate(text, zoneNamed('UTC'))).toBeNull();
  });
});

describe('looksLikeFormattedDate', () => {
  it.each(['2026-03-01', '2026-13-45', '2026-banana'])('claims %p', (text) => {
    expect(looksLikeFormattedDate(text)).toBe(true);
  });

  it.each(['tomorrow', '+2 days', '1772615730', '26-03-01', 'March 2026-03'])('leaves %p to other readers', (text) => {
    expect(looksLikeFormattedDate(text)).toBe(false);
  });
});
