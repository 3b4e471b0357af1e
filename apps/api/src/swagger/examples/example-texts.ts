import { Language } from '@app/common';

/**
 * The words of the API documentation's examples, one set per language: the English document
 * shows an English event, the German one a German event. Everything else of the examples (IDs,
 * dates, URLs, flags) is derived from these in record-examples.ts, so both stay one consistent story.
 */
export interface ExampleTexts {
  event: { title: string; description: string; excerpt: string; cost: string; password: string };
  venue: { name: string; description: string; address: string; city: string; country: string; zip: string; province: string };
  organizer: { name: string; description: string; email: string };
  category: { name: string; description: string; parent: string };
  tags: [string, string];
  /** A `rest_invalid_param` answer as the service words it. */
  error: { message: string; reason: string };
  /** One argument of the namespace index, as the index describes it. */
  indexArg: string;
}

export const EXAMPLE_TEXTS: Record<Language, ExampleTexts> = {
  en: {
    event: {
      title: 'Jazz Night with the Anna Berg Quartet',
      description: '<p>Modern jazz from Berlin: the Anna Berg Quartet plays the pieces of its new album <em>Northern Lights</em>.</p>',
      excerpt: '<p>The Anna Berg Quartet live, with the pieces of its new album.</p>',
      cost: '€25',
      password: 'members-only',
    },
    venue: {
      name: 'Blue Note Club',
      description: '<p>Jazz club with 180 seats in the heart of Berlin.</p>',
      address: '1 Torstrasse',
      city: 'Berlin',
      country: 'Germany',
      zip: '10119',
      province: 'Berlin',
    },
    organizer: {
      name: 'Berlin Jazz Society',
      description: '<p>Non-profit society that has brought live jazz to Berlin since 1983.</p>',
      email: 'tickets@jazz-society.example.org',
    },
    category: { name: 'Concerts', description: 'Live music of every kind.', parent: 'Music' },
    tags: ['jazz', 'live music'],
    error: {
      message: 'Invalid parameter(s): start_date',
      reason:
        'start_date is not a date this service understands (e.g. 2026-05-01 20:00:00, 2026-05-01T20:00:00+02:00, a Unix timestamp or "tomorrow 9am").',
    },
    indexArg: 'Post status(es); anonymous callers may ask for `publish` only.',
  },
  de: {
    event: {
      title: 'Jazzabend mit dem Anna Berg Quartett',
      description: '<p>Moderner Jazz aus Berlin: Das Anna Berg Quartett spielt die Stücke seines neuen Albums <em>Nordlichter</em>.</p>',
      excerpt: '<p>Das Anna Berg Quartett live, mit den Stücken seines neuen Albums.</p>',
      cost: '25 €',
      password: 'nur-fuer-mitglieder',
    },
    venue: {
      name: 'Jazzkeller Blue Note',
      description: '<p>Jazzclub mit 180 Plätzen mitten in Berlin.</p>',
      address: 'Torstraße 1',
      city: 'Berlin',
      country: 'Deutschland',
      zip: '10119',
      province: 'Berlin',
    },
    organizer: {
      name: 'Jazzfreunde Berlin e. V.',
      description: '<p>Gemeinnütziger Verein, der seit 1983 Live-Jazz nach Berlin holt.</p>',
      email: 'karten@jazzfreunde.example.org',
    },
    category: { name: 'Konzerte', description: 'Livemusik aller Art.', parent: 'Musik' },
    tags: ['Jazz', 'Livemusik'],
    error: {
      message: 'Ungültige(r) Parameter: start_date',
      reason:
        'start_date ist kein verständliches Datum (z. B. 2026-05-01 20:00:00, 2026-05-01T20:00:00+02:00, ein Unix-Zeitstempel oder „tomorrow 9am“).',
    },
    indexArg: 'Veröffentlichungsstatus, einer oder mehrere; ohne Anmeldung ist nur `publish` erlaubt.',
  },
};
