import ICAL from 'ical.js';

/** One VEVENT as an independent parser (Mozilla's ical.js) reads it. */
export interface ParsedEvent {
  uid: string;
  summary: string;
  description: string | null;
  url: string | null;
  location: string | null;
  geo: [number, number] | null;
  organizer: { name: string; address: string } | null;
  categories: string[];
  status: string | null;
  sequence: number;
  lastModified: Date | null;
  allDay: boolean;
  /** TZID of DTSTART, null for UTC or dates. */
  zone: string | null;
  /** Wall time as written, `YYYY-MM-DD HH:MM:SS`, or the date `YYYY-MM-DD` of an all-day event. */
  start: string;
  end: string;
  startUtc: Date;
  endUtc: Date;
}

interface ParsedFeed {
  properties: Record<string, string>;
  zones: string[];
  events: ParsedEvent[];
}

const pad = (n: number) => String(n).padStart(2, '0');

function wall(time: ICAL.Time): string {
  const date = `${time.year}-${pad(time.month)}-${pad(time.day)}`;
  return time.isDate ? date : `${date} ${pad(time.hour)}:${pad(time.minute)}:${pad(time.second)}`;
}

function text(component: ICAL.Component, name: string): string | null {
  const value = component.getFirstPropertyValue(name);
  return value === null || value === undefined ? null : String(value);
}

/** Parses a feed; every VTIMEZONE is registered so TZID wall times convert to the right instants. */
export function parseFeed(body: string): ParsedFeed {
  const calendar = new ICAL.Component(ICAL.parse(body));
  const zones = calendar.getAllSubcomponents('vtimezone').map((vtimezone) => {
    const zone = new ICAL.Timezone(vtimezone);
    ICAL.TimezoneService.register(zone, zone.tzid);
    return zone.tzid;
  });
  const properties = Object.fromEntries(
    calendar.getAllProperties().map((property) => [property.name.toUpperCase(), String(property.getFirstValue())]),
  );
  const events = calendar.getAllSubcomponents('vevent').map((vevent): ParsedEvent => {
    const event = new ICAL.Event(vevent);
    const organizer = vevent.getFirstProperty('organizer');
    const geo = vevent.getFirstPropertyValue('geo') as unknown as [number, number] | null;
    const dtstart = vevent.getFirstProperty('dtstart');
    return {
      uid: event.uid,
      summary: event.summary,
      description: text(vevent, 'description'),
      url: text(vevent, 'url'),
      location: text(vevent, 'location'),
      geo: geo ?? null,
      organizer: organizer ? { name: String(organizer.getParameter('cn')), address: String(organizer.getFirstValue()) } : null,
      categories: vevent.getAllProperties('categories').flatMap((property) => property.getValues().map(String)),
      status: text(vevent, 'status'),
      sequence: event.sequence,
      lastModified: vevent.getFirstPropertyValue('last-modified')
        ? (vevent.getFirstPropertyValue('last-modified') as ICAL.Time).toJSDate()
        : null,
      allDay: event.startDate.isDate,
      zone: (dtstart?.getParameter('tzid') as string | undefined) ?? null,
      start: wall(event.startDate),
      end: wall(event.endDate),
      startUtc: event.startDate.toJSDate(),
      endUtc: event.endDate.toJSDate(),
    };
  });
  return { properties, zones, events };
}
