import { groupByUid } from './series-groups';
import { exchange2010 } from '../../test/fixtures/exchange-2010';
import { outlook2007 } from '../../test/fixtures/outlook-2007';
import { itemOf, readFixture, shown, utcOf } from '../../test/read-fixture';

const ROOM_UID = '040000008200E00074C5B7101A82E00800000000AA11BB22CC33DD440100000000000000001000000011223344556677889900AABBCCDDEEFF';
const MONTHLY_UID = '040000008200E00074C5B7101A82E00800000000FFEEDDCCBBAA0099010000000000000000100000009988776655443322110000FFEEDDCCBB';
const PARTNER_UID = '040000008200E00074C5B7101A82E0080000000012345678ABCDEF00010000000000000000100000000123456789ABCDEF0123456789ABCDEF';

describe('Exchange 2010 style', () => {
  const calendar = readFixture(exchange2010);

  it('joins folded UIDs and reads every event', () => {
    expect(calendar.skipped).toEqual([]);
    expect(calendar.items.map((item) => item.uid)).toEqual([ROOM_UID, MONTHLY_UID, MONTHLY_UID, PARTNER_UID]);
  });

  it('maps the Windows zone W. Europe Standard Time to Europe/Berlin, EXDATE values included', () => {
    const room = itemOf(calendar, ROOM_UID);
    expect(room.timeZone).toEqual({ name: 'Europe/Berlin', source: 'windows', tzid: 'W. Europe Standard Time', approximate: false });
    expect(shown(room.start)).toBe('2024-10-21 08:00:00');
    expect(utcOf(room.start)).toBe('2024-10-21T06:00:00.000Z');
    expect(room.rrules).toEqual(['FREQ=DAILY;UNTIL=20241025T060000Z;INTERVAL=1']);
    expect(room.exdates.map(utcOf)).toEqual(['2024-10-22T06:00:00.000Z', '2024-10-24T06:00:00.000Z']);
  });

  it('groups exceptions listed before their series, in the series zone (Eastern Standard Time)', () => {
    const [, group] = groupByUid(calendar.items);
    expect(group.master?.summary).toBe('Monatstreffen');
    expect(group.master?.timeZone.name).toBe('America/New_York');
    expect(group.exceptions).toHaveLength(1);
    const moved = group.exceptions[0];
    expect(shown(moved.recurrenceId!)).toBe('2024-06-12 13:00:00');
    expect(utcOf(moved.recurrenceId!)).toBe('2024-06-12T17:00:00.000Z');
    expect([shown(moved.start), shown(moved.end), moved.summary, moved.sequence]).toEqual([
      '2024-06-12 10:30:00',
      '2024-06-12 11:30:00',
      'Monatstreffen (früher)',
      4,
    ]);
    expect(moved.line).toBeLessThan(group.master!.line);
  });

  it('reads a display-name TZID from its own VTIMEZONE and names it after the city', () => {
    const partner = itemOf(calendar, PARTNER_UID);
    expect(partner.timeZone).toEqual({
      name: 'Asia/Bangkok',
      source: 'vtimezone',
      tzid: '(UTC+07:00) Bangkok, Hanoi, Jakarta',
      approximate: false,
    });
    expect(utcOf(partner.start)).toBe('2024-05-07T02:30:00.000Z');
    expect(partner.location).toBeNull();
    expect(partner.description).toBe('');
  });
});

describe('Outlook 2007 style', () => {
  const calendar = readFixture(outlook2007);
  const [reboot] = calendar.items;

  it('unfolds TAB-folded lines and reads a SUMMARY with a LANGUAGE parameter', () => {
    expect(reboot.uid).toBe(
      '040000008200E00074C5B7101A82E0080000000055AA55AA55AA55AA0100000000000000001000000055AA55AA55AA55AA55AA55AA55AA55AA',
    );
    expect(reboot.summary).toBe('Serverneustart');
  });

  it('evaluates the custom TZID from its VTIMEZONE (+08:00) and names the matching IANA zone', () => {
    expect(reboot.timeZone).toEqual({ name: 'Asia/Taipei', source: 'vtimezone', tzid: 'Taipei, Standard', approximate: false });
    expect(utcOf(reboot.start)).toBe('2009-01-09T14:00:00.000Z');
    expect(utcOf(reboot.end)).toBe('2009-01-09T14:15:00.000Z');
    expect(reboot.rrules).toEqual(['FREQ=WEEKLY;BYDAY=FR']);
  });

  it('drops an X-ALT-DESC whose HTML body shows nothing', () => {
    expect(reboot.descriptionHtml).toBeNull();
  });
});
