import { googleCalendar } from '../../test/fixtures/google-calendar';
import { appleCalendar } from '../../test/fixtures/apple-calendar';
import { nextcloudCalendar } from '../../test/fixtures/nextcloud';
import { sabredavThunderbird } from '../../test/fixtures/sabredav-thunderbird';
import { itemOf, readFixture, shown, utcOf } from '../../test/read-fixture';
import { groupByUid } from './series-groups';

describe('Google Calendar style', () => {
  const calendar = readFixture(googleCalendar);
  const weekly = itemOf(calendar, '5k2f9weekly0treff@google.com');

  it('reads the calendar name and takes X-WR-TIMEZONE as the source zone', () => {
    expect([calendar.name, calendar.timezone, calendar.method]).toEqual(['Stadtteiltreff Öffentlich', 'Europe/Berlin', 'PUBLISH']);
  });

  it('keeps umlauts and dashes of a line folded inside UTF-8 characters', () => {
    expect(weekly.description).toContain('Offener Treff für alle Nachbarinnen und Nachbarn – wir kochen gemeinsam.');
    expect(weekly.location).toBe('Gemeinschaftsraum, Hofstraße 7, 14467 Potsdam');
  });

  it('passes the rule and EXDATE of a weekly series on', () => {
    expect(weekly.rrules).toEqual(['FREQ=WEEKLY;WKST=MO;UNTIL=20250430T215959Z;BYDAY=WE']);
    expect(weekly.exdates.map(shown)).toEqual(['2025-03-19 18:30:00']);
    expect([weekly.sequence, weekly.lastModified?.toISOString()]).toEqual([2, '2025-02-15T10:00:00.000Z']);
  });

  it('reads the exception that moves one occurrence to the next day', () => {
    const moved = itemOf(calendar, '5k2f9weekly0treff@google.com', '2025-03-26 18:30:00');
    expect([shown(moved.start), shown(moved.end), moved.summary]).toEqual([
      '2025-03-27 19:00:00',
      '2025-03-27 21:00:00',
      'Nachbarschaftstreff (verschoben auf Donnerstag)',
    ]);
  });

  it('reads a UTC event with an empty LOCATION and a multi-day all-day event', () => {
    const repair = itemOf(calendar, '1a7c3repaircafe@google.com');
    expect([repair.timeZone.name, repair.timeZone.source, utcOf(repair.start), repair.location]).toEqual([
      'UTC',
      'utc',
      '2025-04-12T08:00:00.000Z',
      null,
    ]);
    const festival = itemOf(calendar, '3multiday0festival@google.com');
    expect([festival.allDay, shown(festival.start), shown(festival.end), festival.timeZone.source]).toEqual([
      true,
      '2025-05-26',
      '2025-05-28',
      'date',
    ]);
  });
});

describe('Apple Calendar style', () => {
  const calendar = readFixture(appleCalendar);

  it('reads the structured location (escaped semicolon in X-TITLE, folded base64 parameter) and its coordinates', () => {
    const passport = itemOf(calendar, '7D0C1B2A-1111-4222-8333-944455566677');
    expect(passport.location).toBe('Bürgerservice Landstraße 12; 4020 Linz');
    expect(passport.structuredLocation).toEqual({ title: 'Landstraße 12; 4020 Linz', address: null, geo: { lat: 48.3021, lng: 14.2903 } });
    expect(passport.geo).toEqual({ lat: 48.3021, lng: 14.2903 });
    expect(passport.status).toBe('TENTATIVE');
    expect(passport.organizer).toEqual({ name: null, email: 'familie@example.org' });
  });

  it('reads a cancelled event with a multi-line location, a twice-escaped address and a non-web URL', () => {
    const cancelled = itemOf(calendar, '1F2E3D4C-5B6A-4798-8877-665544332211');
    expect(cancelled.status).toBe('CANCELLED');
    expect(cancelled.summary).toBe('Weinverkostung – abgesagt');
    expect(cancelled.location).toBe('Heuriger am Hang Weinbergweg 3 3500 Krems Österreich');
    expect(cancelled.structuredLocation).toEqual({
      title: 'Heuriger am Hang',
      address: 'Weinbergweg 3 3500 Krems Österreich',
      geo: { lat: 48.41, lng: 15.6 },
    });
    expect(cancelled.url).toBeNull();
  });

  it('reads EXDATE lines of a series in its zone, across the change to summer time', () => {
    const gym = itemOf(calendar, '0A1B2C3D-4E5F-4061-8273-8495A6B7C8D9');
    expect(gym.exdates.map(shown)).toEqual(['2023-03-08 16:15:00', '2023-04-05 16:15:00']);
    expect(gym.exdates.map(utcOf)).toEqual(['2023-03-08T15:15:00.000Z', '2023-04-05T14:15:00.000Z']);
  });
});

describe('Nextcloud style', () => {
  const [holiday] = readFixture(nextcloudCalendar, { timezone: 'Europe/Berlin' }).items;

  it('reads a yearly all-day series of one day, ignoring what its VALARMs say', () => {
    expect([holiday.allDay, shown(holiday.start), shown(holiday.end), holiday.rrules]).toEqual([
      true,
      '2025-09-14',
      '2025-09-14',
      ['FREQ=YEARLY'],
    ]);
    expect([holiday.summary, holiday.description, holiday.timeZone.name]).toEqual(['Tag des offenen Denkmals', '', 'Europe/Berlin']);
  });
});

describe('SabreDAV / Thunderbird style', () => {
  const calendar = readFixture(sabredavThunderbird, { timezone: 'Europe/Berlin' });
  const [course] = groupByUid(calendar.items);

  it('reads an edited occurrence and an occurrence cancelled by RECURRENCE-ID', () => {
    expect(course.master?.rrules).toEqual(['FREQ=DAILY;UNTIL=20250509T160000Z']);
    const [edited, cancelled] = course.exceptions;
    expect([edited.summary, edited.location, shown(edited.end), edited.status]).toEqual([
      'Töpferkurs - Brennofen',
      'Werkstatt',
      '2025-05-07 21:00:00',
      null,
    ]);
    expect([shown(cancelled.recurrenceId!), cancelled.status]).toEqual(['2025-05-08 18:00:00', 'CANCELLED']);
  });

  it('reads DATE values that carry a TZID as plain days', () => {
    const holidays = itemOf(calendar, '61a0b7c8d9e0f@42.calovo');
    expect([holidays.allDay, shown(holidays.start), shown(holidays.end), holidays.url]).toEqual([
      true,
      '2025-06-30',
      '2025-08-08',
      'http://ferien.example.org/r/2025',
    ]);
  });
});
