import { parseTimeZone } from './time-zone';
import { timezoneAbbreviation } from './time-zone-abbreviation';

const zone = (name: string) => {
  const parsed = parseTimeZone(name);
  if (!parsed) throw new Error(`bad zone ${name}`);
  return parsed.zone;
};

describe('timezoneAbbreviation', () => {
  it.each([
    ['Europe/Berlin', '2026-01-15T12:00:00Z', 'CET'],
    ['Europe/Berlin', '2026-07-15T12:00:00Z', 'CEST'],
    // the hour around the change: CET up to 01:00 UTC on 29 March, CEST from then on
    ['Europe/Berlin', '2026-03-29T00:59:59Z', 'CET'],
    ['Europe/Berlin', '2026-03-29T01:00:00Z', 'CEST'],
    ['Europe/Berlin', '2026-10-25T00:59:59Z', 'CEST'],
    ['Europe/Berlin', '2026-10-25T01:00:00Z', 'CET'],
    ['America/New_York', '2026-01-15T12:00:00Z', 'EST'],
    ['America/New_York', '2026-07-15T12:00:00Z', 'EDT'],
    ['America/New_York', '2026-03-08T06:59:59Z', 'EST'],
    ['America/New_York', '2026-03-08T07:00:00Z', 'EDT'],
    ['America/Los_Angeles', '2026-07-15T12:00:00Z', 'PDT'],
    ['Europe/London', '2026-01-15T12:00:00Z', 'GMT'],
    ['Europe/London', '2026-07-15T12:00:00Z', 'BST'],
    ['Europe/Lisbon', '2026-01-15T12:00:00Z', 'WET'],
    ['Asia/Kolkata', '2026-01-15T12:00:00Z', 'IST'],
    ['Australia/Sydney', '2026-01-15T12:00:00Z', 'AEDT'],
    ['UTC', '2026-01-15T12:00:00Z', 'UTC'],
    ['Etc/UTC', '2026-01-15T12:00:00Z', 'UTC'],
    // no English abbreviation: the offset
    ['Asia/Tokyo', '2026-01-15T12:00:00Z', 'UTC+9'],
    ['America/Sao_Paulo', '2026-01-15T12:00:00Z', 'UTC-3'],
    ['Asia/Kathmandu', '2026-01-15T12:00:00Z', 'UTC+5:45'],
    // fixed offsets
    ['UTC+2', '2026-07-15T12:00:00Z', 'UTC+2'],
    ['UTC-5', '2026-07-15T12:00:00Z', 'UTC-5'],
    ['UTC+5.5', '2026-07-15T12:00:00Z', 'UTC+5:30'],
  ])('%s at %s is %s', (name, instant, expected) => {
    expect(timezoneAbbreviation(zone(name), new Date(instant))).toBe(expected);
  });

  it('answers the same on repeated calls (served from its cache)', () => {
    const berlin = zone('Europe/Berlin');
    const winter = new Date('2026-01-15T12:00:00Z');
    const summer = new Date('2026-07-15T12:00:00Z');
    expect([winter, summer, winter, summer].map((at) => timezoneAbbreviation(berlin, at))).toEqual(['CET', 'CEST', 'CET', 'CEST']);
  });
});
