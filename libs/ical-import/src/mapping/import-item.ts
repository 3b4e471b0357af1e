/**
 * A date or time of an item. `date` is a calendar day (`YYYY-MM-DD`, all-day items and DATE
 * values); `date-time` is an instant together with the wall time it shows in the item's
 * time zone (`YYYY-MM-DD HH:MM:SS`).
 */
export type ImportTime = { type: 'date'; date: string } | { type: 'date-time'; wall: string; instant: Date };

/**
 * Where the item's time zone came from:
 * - `utc`: DTSTART in UTC (`…Z`) or a TZID naming UTC; `offset`: a TZID such as `UTC+2`;
 * - `iana`: an IANA TZID; `windows`: a Windows TZID mapped through CLDR;
 * - `vtimezone`: a TZID only the file's VTIMEZONE defines (instants computed from its rules);
 * - `floating`: no zone in the file, the source's zone applied; `unknown-tzid`: a TZID neither
 *   known nor defined in the file, read as floating;
 * - `date`: an all-day item, whose days are in the source's zone.
 */
export type TimeZoneSource = 'utc' | 'offset' | 'iana' | 'windows' | 'vtimezone' | 'floating' | 'unknown-tzid' | 'date';

export interface ImportTimeZone {
  /** The zone the event gets, as the service stores zones: `Europe/Berlin`, `UTC`, `UTC+7`. */
  name: string;
  source: TimeZoneSource;
  /** The TZID as the file wrote it, or null. */
  tzid: string | null;
  /**
   * True only for a `vtimezone` zone that matches no IANA zone and changes its offset: `name` is
   * then its offset at the start, and the instants (computed from the file's rules) are the truth.
   */
  approximate: boolean;
}

export interface Geo {
  lat: number;
  lng: number;
}

/** Apple's X-APPLE-STRUCTURED-LOCATION: the place's name (`X-TITLE`), address (`X-ADDRESS`) and coordinates. */
export interface StructuredLocation {
  title: string | null;
  address: string | null;
  geo: Geo | null;
}

export interface ImportOrganizer {
  /** `CN`, or null. */
  name: string | null;
  /** The `mailto:` address (or an `EMAIL` parameter), or null. */
  email: string | null;
}

export interface ImportImage {
  url: string;
  /** `FMTTYPE` when given (`image/png`), else null. */
  mediaType: string | null;
}

export type ImportStatus = 'TENTATIVE' | 'CONFIRMED' | 'CANCELLED';

/** One VEVENT, normalised. A series is an item with `rrules`/`rdates`; its exceptions are items with the same `uid` and a `recurrenceId`. */
export interface ImportItem {
  uid: string;
  /** Line of its `BEGIN:VEVENT`. */
  line: number;
  /** The original start of the occurrence this item changes (in the same terms as `start`), or null for a series or single event. */
  recurrenceId: ImportTime | null;
  /** `THISANDFUTURE` when the exception applies to the rest of the series too. */
  recurrenceRange: 'THISANDFUTURE' | null;
  sequence: number;
  lastModified: Date | null;
  status: ImportStatus | null;
  /** SUMMARY as one line of plain text ('' when missing). */
  summary: string;
  /** DESCRIPTION as plain text with its line breaks ('' when missing). */
  description: string;
  /** `X-ALT-DESC;FMTTYPE=text/html` (the inside of its `<body>`), not yet cleaned; null when absent or without content. */
  descriptionHtml: string | null;
  allDay: boolean;
  start: ImportTime;
  /** For timed items the end instant; for all-day items the **last day** of the event (DTEND minus one day). */
  end: ImportTime;
  /** True when the file gave no zone (or an unknown one) and the source's zone was applied. */
  floating: boolean;
  timeZone: ImportTimeZone;
  /** RRULE values as written, normalised (upper case, no `RRULE:` prefix, empty parts dropped); usually one. */
  rrules: string[];
  /** RDATE values (PERIODs by their start), in the item's zone (`date` for all-day items or DATE values). */
  rdates: ImportTime[];
  /** EXDATE values, likewise. */
  exdates: ImportTime[];
  /** LOCATION as one line, or null when absent or empty. */
  location: string | null;
  /**
   * LOCATION split at its first line break, as Apple Calendar and ical-generator (this service's
   * own feeds) write a place: its name, then its address. Without a line break the whole text is
   * the name and the address null.
   */
  place: { name: string; address: string | null } | null;
  /** GEO, else the coordinates of Apple's structured location, else null. */
  geo: Geo | null;
  structuredLocation: StructuredLocation | null;
  organizer: ImportOrganizer | null;
  /** Every CATEGORIES value, in order, without empties or repeats (compared case-insensitively). */
  categories: string[];
  /** URL when it is http(s), else null. */
  url: string | null;
  images: ImportImage[];
  /** Changes whenever anything above except `line` changes: compare it with the stored one to skip unchanged items. */
  fingerprint: string;
}
