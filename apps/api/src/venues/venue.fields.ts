import { Venue } from '@app/domain';
import { fieldsOf } from '@app/posts';

const field = fieldsOf<Venue>();

const US_NAMES = new Set(['', 'us', 'usa', 'united states', 'united states of america']);

/** docs/api-rules.md, Records as returned: while never set, `stateprovince` is the state for US (or no) country, else the province. */
export function stateProvinceOf(venue: Pick<Venue, 'stateprovince' | 'state' | 'province' | 'country'>): string {
  if (venue.stateprovince !== null) return venue.stateprovince;
  return US_NAMES.has(venue.country.trim().toLowerCase()) ? venue.state : venue.province;
}

/**
 * Every field of a venue besides those all post kinds share and its name (`venue`), in the order
 * responses list them (README, Extending a module). A field is hidden on a venue the caller cannot
 * open unless it says `shownWhenLocked`.
 */
export const VENUE_FIELDS = {
  show_map: field.flag('showMap', { initial: true, shownWhenLocked: true, example: true }),
  show_map_link: field.flag('showMapLink', { initial: true, shownWhenLocked: true, example: true }),
  address: field.text('address', { maxLength: 255, example: '1 Torstrasse' }),
  city: field.text('city', { maxLength: 255, example: 'Berlin' }),
  country: field.text('country', { maxLength: 255, example: 'Germany' }),
  province: field.text('province', { maxLength: 255, example: 'Berlin' }),
  state: field.text('state', { maxLength: 255, example: '' }),
  zip: field.text('zip', { maxLength: 64, example: '10119' }),
  phone: field.text('phone', { maxLength: 64, example: '+49 30 1234567' }),
  website: field.url('website', { maxLength: 2048, example: 'https://bluenote.example.org' }),
  stateprovince: field.text('stateprovince', {
    maxLength: 255,
    initial: null,
    emptyIsNull: true,
    read: stateProvinceOf,
    example: 'Berlin',
  }),
  geo_lat: field.number('geoLat', { min: -90, max: 90, example: 52.5291 }),
  geo_lng: field.number('geoLng', { min: -180, max: 180, example: 13.4012 }),
};
