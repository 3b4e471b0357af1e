import { itReturnsNull } from '../../test/table-tests';
import { parseTimeZone, UTC_TIME_ZONE } from './time-zone';

const JULY = new Date('2026-07-01T12:00:00Z').getTime();
const JANUARY = new Date('2026-01-15T12:00:00Z').getTime();

describe('parseTimeZone', () => {
  it.each([
    ['Europe/Berlin', 'Europe/Berlin', 60, 120],
    ['America/New_York', 'America/New_York', -300, -240],
    ['Asia/Tokyo', 'Asia/Tokyo', 540, 540],
    ['Australia/Sydney', 'Australia/Sydney', 660, 600],
    ['America/Argentina/Buenos_Aires', 'America/Argentina/Buenos_Aires', -180, -180],
    ['europe/berlin', 'Europe/Berlin', 60, 120],
    [' Europe/Berlin ', 'Europe/Berlin', 60, 120],
    ['US/Eastern', 'US/Eastern', -300, -240],
    ['Asia/Kolkata', 'Asia/Kolkata', 330, 330],
    ['Europe/Kyiv', 'Europe/Kyiv', 120, 180],
    ['asia/calcutta', 'Asia/Calcutta', 330, 330],
    ['Etc/GMT-14', 'Etc/GMT-14', 840, 840],
  ])('reads the IANA name %p as %p', (input, name, januaryOffset, julyOffset) => {
    const parsed = parseTimeZone(input);
    expect(parsed?.name).toBe(name);
    expect(parsed?.zone.offset(JANUARY)).toBe(januaryOffset);
    expect(parsed?.zone.offset(JULY)).toBe(julyOffset);
  });

  it.each(['UTC', 'utc', 'Etc/UTC', 'Etc/GMT', 'UTC+0', 'UTC-0', 'UTC+00:00', 'UTC+0.0'])('reads %p as UTC', (input) => {
    expect(parseTimeZone(input)).toBe(UTC_TIME_ZONE);
    expect(UTC_TIME_ZONE.zone.offset(JULY)).toBe(0);
  });

  it.each([
    ['UTC+2', 'UTC+2', 120],
    ['UTC-5', 'UTC-5', -300],
    ['UTC+5:30', 'UTC+5:30', 330],
    ['UTC+05:30', 'UTC+5:30', 330],
    ['UTC+5.5', 'UTC+5:30', 330],
    ['UTC+5.75', 'UTC+5:45', 345],
    ['UTC-9.5', 'UTC-9:30', -570],
    ['UTC+8.25', 'UTC+8:15', 495],
    ['UTC+2.0', 'UTC+2', 120],
    ['UTC+14', 'UTC+14', 840],
    ['UTC-12', 'UTC-12', -720],
    ['utc+2', 'UTC+2', 120],
  ])('reads the fixed offset %p as %p', (input, name, offset) => {
    const parsed = parseTimeZone(input);
    expect(parsed?.name).toBe(name);
    expect(parsed?.zone.offset(JANUARY)).toBe(offset);
    expect(parsed?.zone.offset(JULY)).toBe(offset);
  });

  itReturnsNull('refuses %p', parseTimeZone, [
    '',
    '   ',
    'banana',
    'Mars/Olympus_Mons',
    'Europe/Berlinn',
    'EST',
    'PST',
    'CET',
    'GMT+2',
    'UTC+15',
    'UTC-14:30',
    'UTC+5:60',
    'UTC+5.3',
    'UTC+',
    'UTC 2',
    '+02:00',
    'Europe/../Berlin',
  ]);

  it.each([null, undefined, 2, {}, ['Europe/Berlin']])('refuses the non-string %p', (input) => {
    expect(parseTimeZone(input)).toBeNull();
  });
});
