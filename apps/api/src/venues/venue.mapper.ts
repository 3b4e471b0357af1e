import { LinkContext, toPlainText } from '@app/common';
import { Venue } from '@app/domain';
import { lockedRecord, MappingPresenter, placeStart, publicUrl, SHOWN_WHEN_LOCKED, VENUE_KIND } from '@app/posts';
import { VenueResponse } from './dto/venue.response';

const US_NAMES = new Set(['', 'us', 'usa', 'united states', 'united states of america']);

/** docs/api-rules.md, Records as returned: while never set, `stateprovince` is the state for US (or no) country, else the province. */
export function stateProvinceOf(venue: Pick<Venue, 'stateprovince' | 'state' | 'province' | 'country'>): string {
  if (venue.stateprovince !== null) return venue.stateprovince;
  return US_NAMES.has(venue.country.trim().toLowerCase()) ? venue.state : venue.province;
}

export function toVenueResponse(venue: Venue, links: LinkContext, siteTimezone: string, now: Date): VenueResponse {
  return {
    ...placeStart(venue, VENUE_KIND, 'venue', links, siteTimezone, now),
    show_map: venue.showMap,
    show_map_link: venue.showMapLink,
    address: venue.address,
    city: venue.city,
    country: venue.country,
    province: venue.province,
    state: venue.state,
    zip: venue.zip,
    phone: venue.phone,
    website: venue.website,
    stateprovince: stateProvinceOf(venue),
    geo_lat: venue.geoLat,
    geo_lng: venue.geoLng,
  };
}

/** schema.org `Place` for single-record responses. */
export function venueJsonLd(venue: Venue, links: LinkContext) {
  return {
    '@context': 'http://schema.org',
    '@type': 'Place',
    name: venue.title,
    description: toPlainText(venue.description),
    url: publicUrl(venue, VENUE_KIND, links),
    ...(venue.image ? { image: venue.image.url } : {}),
    address: {
      '@type': 'PostalAddress',
      streetAddress: venue.address,
      addressLocality: venue.city,
      addressRegion: stateProvinceOf(venue),
      postalCode: venue.zip,
      addressCountry: venue.country,
    },
    ...(venue.geoLat !== null && venue.geoLng !== null
      ? { geo: { '@type': 'GeoCoordinates', latitude: venue.geoLat, longitude: venue.geoLng } }
      : {}),
    telephone: venue.phone,
    sameAs: venue.website,
  };
}

/** What a locked venue shows besides the head, name and slug: its map flags. */
export const VENUE_SHOWN_WHEN_LOCKED: ReadonlyArray<keyof Venue> = [...SHOWN_WHEN_LOCKED, 'showMap', 'showMapLink'];

/** A password-protected venue as callers who cannot open it see it. */
export function venueWithoutContent(venue: Venue): Venue {
  return lockedRecord(venue, VENUE_SHOWN_WHEN_LOCKED);
}

/** Venues as returned, JSON-LD added on single reads. */
export class VenuePresenter extends MappingPresenter<Venue, VenueResponse>(toVenueResponse, venueJsonLd, venueWithoutContent) {}
