import { readCalendar } from '../reader/read-calendar';
import { nameFileZone } from './iana-equivalent';
import { VTimezoneZone } from './vtimezone-zone';
import { windowsZoneToIana } from './windows-zones';
import { ZoneResolver } from './zone-resolver';

function resolverFor(...vtimezones: string[][]): ZoneResolver {
  const lines = ['BEGIN:VCALENDAR', ...vtimezones.flat(), 'END:VCALENDAR'];
  const read = readCalendar(lines.join('\n'));
  if (!read.ok) throw new Error(read.problem.code);
  return new ZoneResolver(read.calendars[0]);
}

const fixedZone = (tzid: string, offset: string) => [
  'BEGIN:VTIMEZONE',
  `TZID:${tzid}`,
  'BEGIN:STANDARD',
  'DTSTART:16010101T000000',
  `TZOFFSETFROM:${offset}`,
  `TZOFFSETTO:${offset}`,
  'END:STANDARD',
  'END:VTIMEZONE',
];

describe('ZoneResolver', () => {
  const resolver = resolverFor(
    fixedZone('Europe/Berlin', '+0500'),
    fixedZone('Kuala Lumpur\\, Singapore', '+0800'),
    fixedZone('Custom Zone', '+0330'),
  );

  it.each([
    ['Europe/Berlin', 'iana', 'Europe/Berlin'],
    ['europe/berlin', 'iana', 'Europe/Berlin'],
    ['/mozilla.org/20050126_1/Europe/Berlin', 'iana', 'Europe/Berlin'],
    ['/freeassociation.sourceforge.net/Tzfile/America/Indiana/Indianapolis', 'iana', 'America/Indiana/Indianapolis'],
    ['W. Europe Standard Time', 'windows', 'Europe/Berlin'],
    ['eastern standard time', 'windows', 'America/New_York'],
    ['Romance Standard Time', 'windows', 'Europe/Paris'],
    ['UTC', 'utc', 'UTC'],
    ['GMT', 'utc', 'UTC'],
    ['Etc/UTC', 'utc', 'UTC'],
    ['UTC+2', 'offset', 'UTC+2'],
  ])('resolves %j as %s %s', (tzid, kind, name) => {
    expect(resolver.resolve(tzid)).toMatchObject({ kind, name });
  });

  it("prefers IANA data over a file's VTIMEZONE of the same name", () => {
    const berlin = resolver.resolve('Europe/Berlin')!;
    expect(berlin.zone.offset(Date.UTC(2025, 0, 15))).toBe(60);
  });

  it("reads a TZID that only the file defines from its VTIMEZONE (its TZID's escapes undone)", () => {
    const resolved = resolver.resolve('Kuala Lumpur, Singapore');
    expect(resolved).toMatchObject({ kind: 'vtimezone', name: null });
    expect(resolved!.zone.offset(Date.UTC(2025, 0, 15))).toBe(480);
  });

  it('gives null for a TZID that is unknown and not defined in the file', () => {
    expect(resolver.resolve('(GMT+10:00) Canberra, Melbourne, Sydney')).toBeNull();
  });

  it('maps Windows names through the CLDR golden zone only', () => {
    expect(windowsZoneToIana('  Pacific Standard Time ')).toBe('America/Los_Angeles');
    expect(windowsZoneToIana('Pacific')).toBeUndefined();
  });
});

describe('nameFileZone', () => {
  const resolver = resolverFor(
    fixedZone('Kuala Lumpur\\, Singapore', '+0800'),
    fixedZone('Custom Zone', '+0330'),
    [
      'BEGIN:VTIMEZONE',
      'TZID:Unnamed summer zone',
      'BEGIN:STANDARD',
      'DTSTART:16010101T030000',
      'TZOFFSETFROM:+0200',
      'TZOFFSETTO:+0100',
      'RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10',
      'END:STANDARD',
      'BEGIN:DAYLIGHT',
      'DTSTART:16010101T020000',
      'TZOFFSETFROM:+0100',
      'TZOFFSETTO:+0200',
      'RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3',
      'END:DAYLIGHT',
      'END:VTIMEZONE',
    ],
    [
      'BEGIN:VTIMEZONE',
      'TZID:Odd rules',
      'BEGIN:STANDARD',
      'DTSTART:16010101T030000',
      'TZOFFSETFROM:+0200',
      'TZOFFSETTO:+0100',
      'RRULE:FREQ=YEARLY;BYDAY=1SU;BYMONTH=9',
      'END:STANDARD',
      'BEGIN:DAYLIGHT',
      'DTSTART:16010101T020000',
      'TZOFFSETFROM:+0100',
      'TZOFFSETTO:+0200',
      'RRULE:FREQ=YEARLY;BYDAY=1SU;BYMONTH=5',
      'END:DAYLIGHT',
      'END:VTIMEZONE',
    ],
  );
  const named = (tzid: string) => nameFileZone(resolver.resolve(tzid)!.zone as VTimezoneZone, Date.UTC(2025, 4, 1));

  it('names a zone after the city its TZID mentions first, when the offsets agree', () => {
    expect(named('Kuala Lumpur, Singapore')).toEqual({ name: 'Asia/Kuala_Lumpur', approximate: false });
  });

  it("falls back to CLDR's golden zones for a TZID without a city", () => {
    expect(named('Unnamed summer zone')).toEqual({ name: 'Europe/Berlin', approximate: false });
  });

  it('names a constant zone that matches no IANA zone by its offset', () => {
    expect(named('Custom Zone')).toEqual({ name: 'Asia/Tehran', approximate: false });
  });

  it('marks the name approximate when the rules match no IANA zone: the offset at the start (before its May change)', () => {
    expect(named('Odd rules')).toEqual({ name: 'UTC+1', approximate: true });
  });
});
