import { allInOneEventCalendar } from '../../test/fixtures/all-in-one-event-calendar';
import { davx5Calendar } from '../../test/fixtures/davx5';
import { icalGenerator } from '../../test/fixtures/ical-generator';
import { meetupCalendar } from '../../test/fixtures/meetup';
import { moodleCalendar } from '../../test/fixtures/moodle';
import { synologyCalendar } from '../../test/fixtures/synology';
import { theEventsCalendar } from '../../test/fixtures/the-events-calendar';
import { tripitCalendar } from '../../test/fixtures/tripit';
import { itemOf, readFixture, shown, utcOf } from '../../test/read-fixture';

describe('DAVx5 style', () => {
  const [choir] = readFixture(davx5Calendar).items;

  it('ends a series after its DURATION and reads UTC EXDATEs as instants of the zoned series', () => {
    expect([shown(choir.start), shown(choir.end)]).toEqual(['2024-10-08 19:30:00', '2024-10-08 21:15:00']);
    expect(choir.exdates.map(shown)).toEqual([
      '2024-10-08 19:30:00',
      '2024-10-15 19:30:00',
      '2024-10-29 19:30:00',
      '2024-11-05 19:30:00',
      '2024-11-12 19:30:00',
    ]);
    expect(choir.exdates.map(utcOf)[2]).toBe('2024-10-29T18:30:00.000Z');
  });
});

describe('Synology style', () => {
  const [meeting] = readFixture(synologyCalendar).items;

  it('adds a DURATION to a UTC start and reads a LAST-MODIFIED without Z as UTC', () => {
    expect([utcOf(meeting.start), utcOf(meeting.end)]).toEqual(['2025-03-12T17:00:00.000Z', '2025-03-12T18:15:00.000Z']);
    expect(meeting.lastModified?.toISOString()).toBe('2025-03-11T09:15:00.000Z');
  });

  it('takes coordinates from a structured location whose geo URI has an escaped comma', () => {
    expect(meeting.geo).toEqual({ lat: 52.4001, lng: 13.0602 });
    expect(meeting.structuredLocation?.title).toBe('Grundschule Am Park');
  });
});

describe('Meetup style', () => {
  const [meetup] = readFixture(meetupCalendar).items;

  it('reads a zone without summer time, GEO, escaped commas and a fold inside an escape', () => {
    expect([meetup.timeZone.name, utcOf(meetup.start)]).toEqual(['America/Phoenix', '2025-02-13T01:30:00.000Z']);
    expect(meetup.geo).toEqual({ lat: 33.42, lng: -111.94 });
    expect(meetup.location).toBe('Makerspace Tempe (100 W Example St., Tempe, AZ 85281)');
    expect(meetup.description).toBe('Desert JavaScript\nWednesday, February 12 at 6:30 PM\n\nTalks about testing, then pizza.');
    expect(meetup.url).toBe('http://www.meetup.com/desert-js/events/301234567/');
  });
});

describe('TripIt style', () => {
  const calendar = readFixture(tripitCalendar, { timezone: 'Europe/Berlin' });

  it("reads floating times in the source's zone and flags them", () => {
    const directions = itemOf(calendar, 'item-11223344556677889900aabbccddeeff00112233@tripit.com');
    expect([directions.floating, directions.timeZone.source, directions.timeZone.name]).toEqual([true, 'floating', 'Europe/Berlin']);
    expect([shown(directions.start), utcOf(directions.start)]).toEqual(['2025-04-14 10:15:00', '2025-04-14T08:15:00.000Z']);
    expect(directions.summary).toBe('Directions from HAM to Hotel am Hafen - Hamburg');
  });

  it('reads UTC times beside them, escaped punctuation and GEO', () => {
    const trip = itemOf(calendar, '0a1b2c3d4e5f60718293a4b5c6d7e8f901234567@tripit.com');
    expect([trip.summary, trip.location, shown(trip.end)]).toEqual(['Hamburg, Germany, April 2025;', 'Hamburg, Germany', '2025-04-16']);
    const flight = itemOf(calendar, 'item-ffeeddccbbaa99887766554433221100ffeeddcc@tripit.com');
    expect([flight.floating, flight.timeZone.name, flight.geo]).toEqual([false, 'UTC', { lat: 48.353783, lng: 11.786086 }]);
    expect(calendar.refreshInterval).toBe('PT15M');
  });
});

describe('Moodle style', () => {
  const calendar = readFixture(moodleCalendar);

  it('reads one category, comma lists, several CATEGORIES lines and escaped commas, without repeats', () => {
    expect(calendar.items.map((item) => item.categories)).toEqual([['WS24-INF-101'], ['WS24-INF-102', 'WS24-INF-103', 'Labor, Raum 2']]);
  });
});

describe('The Events Calendar style', () => {
  const calendar = readFixture(theEventsCalendar, { timezone: 'Europe/Berlin' });
  const [reading] = calendar.items;

  it("reads floating times in the source's zone, ignoring the broken VTIMEZONE", () => {
    expect([reading.floating, shown(reading.start), utcOf(reading.start)]).toEqual([
      true,
      '2025-04-04 16:00:00',
      '2025-04-04T14:00:00.000Z',
    ]);
  });

  it('reads categories, URL, the featured image and a non-breaking space', () => {
    expect(reading.categories).toEqual(['Kinder']);
    expect(reading.url).toBe('https://bibliothek.example.org/veranstaltung/vorlesestunde/');
    expect(reading.images).toEqual([
      { url: 'https://bibliothek.example.org/wp-content/uploads/2025/03/vorlesen.jpg', mediaType: 'image/jpeg' },
    ]);
    expect(reading.description).toBe('Wir lesen vor, ihr hört zu.\u00a0\nAnmeldung nicht nötig.');
    expect([calendar.description, calendar.refreshInterval]).toEqual(['Veranstaltungen für Stadtbibliothek', 'PT1H']);
  });
});

describe('All-in-One Event Calendar style', () => {
  const calendar = readFixture(allInOneEventCalendar);
  const [solderCafe, closed] = calendar.items;

  it('takes the body of the X-ALT-DESC HTML document, folded inside umlauts', () => {
    expect(solderCafe.descriptionHtml).toBe('<p>Löten für Anfänger – wir zeigen euch, wie es geht.</p>');
    expect(solderCafe.description).toBe('Löten für Anfänger – wir zeigen euch, wie es geht. Kommt vorbei, Werkzeug ist da.');
  });

  it('reads GEO with plus signs, an endless monthly series, empty CATEGORIES and an all-day day', () => {
    expect(solderCafe.geo).toEqual({ lat: 51.75631, lng: 14.33287 });
    expect([solderCafe.rrules, solderCafe.categories, solderCafe.timeZone.name]).toEqual([['FREQ=MONTHLY;BYDAY=1SA'], [], 'Europe/Berlin']);
    expect([closed.allDay, shown(closed.start), shown(closed.end)]).toEqual([true, '2025-04-18', '2025-04-18']);
  });
});

describe('ical-generator style', () => {
  const [fete] = readFixture(icalGenerator).items;

  it('reads an organizer with a quoted CN, an all-day event without DTEND and a URL with VALUE=URI', () => {
    expect(fete.organizer).toEqual({ name: 'Kulturamt Musterstadt', email: 'kultur@example.org' });
    expect([fete.allDay, shown(fete.start), shown(fete.end)]).toEqual([true, '2025-06-21', '2025-06-21']);
    expect(fete.url).toBe('https://kultur.example.org/fete');
  });
});
