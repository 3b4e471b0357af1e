import { DateTime } from 'luxon';
import { formatWallTime } from './date-output';
import { zoneNamed } from '../../test/zones';

describe('formatWallTime', () => {
  it.each(['Europe/Berlin', 'America/New_York', 'Asia/Kolkata', 'Australia/Lord_Howe', 'UTC', 'UTC+5:45', 'UTC-3'])(
    'agrees with luxon hour by hour through a year with its DST changes in %s',
    (name) => {
      const zone = zoneNamed(name);
      const start = Date.UTC(2026, 0, 1, 0, 17, 42);
      for (let hour = 0; hour < 366 * 24; hour++) {
        const instant = new Date(start + hour * 3_600_000);
        expect(formatWallTime(instant, zone)).toBe(DateTime.fromJSDate(instant, { zone }).toFormat('yyyy-MM-dd HH:mm:ss'));
      }
    },
  );

  it('drops milliseconds and pads every part', () => {
    expect(formatWallTime(new Date('2026-03-05T04:05:06.789Z'), zoneNamed('UTC'))).toBe('2026-03-05 04:05:06');
    expect(formatWallTime(new Date('1000-01-01T00:00:00Z'), zoneNamed('UTC'))).toBe('1000-01-01 00:00:00');
  });
});
