import { EventOrganizer, EventVenue, Organizer, Venue } from '@app/domain';

/** The common keys of every post-like record (docs/api-rules.md, Records as returned), in order. */
export const HEAD_KEYS = [
  'id',
  'global_id',
  'global_id_lineage',
  'author',
  'status',
  'date',
  'date_utc',
  'modified',
  'modified_utc',
  'url',
  'rest_url',
];

/**
 * What the venue and organizer suites need to know about a kind, so one table-driven test proves
 * both controllers. `optionalTexts` are text fields a client sets freely and clears with "".
 */
export interface PostKindCase {
  name: 'venue' | 'organizer';
  label: 'Venue' | 'Organizer';
  collection: 'venues' | 'organizers';
  /** The field holding the record's name (`venue`, `organizer`). */
  nameField: 'venue' | 'organizer';
  entity: typeof Venue | typeof Organizer;
  linkEntity: typeof EventVenue | typeof EventOrganizer;
  linkColumn: 'venueId' | 'organizerId';
  /** Every key of the record as returned, `json_ld` excluded. */
  keys: string[];
  optionalTexts: Record<string, string>;
  jsonLdType: 'Place' | 'Organization';
}

export const VENUE_CASE: PostKindCase = {
  name: 'venue',
  label: 'Venue',
  collection: 'venues',
  nameField: 'venue',
  entity: Venue,
  linkEntity: EventVenue,
  linkColumn: 'venueId',
  keys: [
    ...HEAD_KEYS,
    'venue',
    'description',
    'excerpt',
    'slug',
    'image',
    'show_map',
    'show_map_link',
    'address',
    'city',
    'country',
    'province',
    'state',
    'zip',
    'phone',
    'website',
    'stateprovince',
    'geo_lat',
    'geo_lng',
  ],
  optionalTexts: {
    address: 'Hauptstraße 1',
    city: 'Berlin',
    country: 'Germany',
    province: 'Brandenburg',
    state: 'BE',
    zip: '10115',
    phone: '+49 30 123456',
    website: 'https://halle.example/',
    stateprovince: 'Berlin-Brandenburg',
  },
  jsonLdType: 'Place',
};

export const ORGANIZER_CASE: PostKindCase = {
  name: 'organizer',
  label: 'Organizer',
  collection: 'organizers',
  nameField: 'organizer',
  entity: Organizer,
  linkEntity: EventOrganizer,
  linkColumn: 'organizerId',
  keys: [...HEAD_KEYS, 'organizer', 'description', 'excerpt', 'slug', 'image', 'phone', 'website', 'email'],
  optionalTexts: {
    phone: '+49 30 654321',
    website: 'http://verein.example/',
    email: 'info@verein.example',
  },
  jsonLdType: 'Organization',
};

export const POST_KIND_CASES = [VENUE_CASE, ORGANIZER_CASE];
