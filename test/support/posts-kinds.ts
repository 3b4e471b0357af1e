import { EventOrganizer, EventVenue, Organizer, Venue } from '@app/domain';
import { FieldMap } from '@app/posts';
import { ORGANIZER_FIELDS } from '../../apps/api/src/organizers/organizer.fields';
import { VENUE_FIELDS } from '../../apps/api/src/venues/venue.fields';

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
 * Every key of an event, venue or organizer as returned, `json_ld` excluded, in order: the head, the
 * name, the shared body, then the declared fields (README, Extending a module), so a field added
 * there is expected here without an edit.
 */
export const linkedRecordKeys = (nameField: string, fields: FieldMap): string[] => [
  ...HEAD_KEYS,
  nameField,
  'description',
  'excerpt',
  'slug',
  'image',
  ...Object.keys(fields),
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
  keys: linkedRecordKeys('venue', VENUE_FIELDS),
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
  keys: linkedRecordKeys('organizer', ORGANIZER_FIELDS),
  optionalTexts: {
    phone: '+49 30 654321',
    website: 'http://verein.example/',
    email: 'info@verein.example',
  },
  jsonLdType: 'Organization',
};

export const POST_KIND_CASES = [VENUE_CASE, ORGANIZER_CASE];
