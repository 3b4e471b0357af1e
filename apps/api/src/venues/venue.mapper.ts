import { LinkContext, toPlainText } from '@app/common';
import { Venue } from '@app/domain';
import { linkedRecordLead, lockedRecord, publicUrl, recordResponse, shownWhenLocked, VENUE_KIND } from '@app/posts';
import { VenueResponse } from './dto/venue.response';
import { stateProvinceOf, VENUE_FIELDS } from './venue.fields';

export { stateProvinceOf } from './venue.fields';

export function toVenueResponse(venue: Venue, links: LinkContext, siteTimezone: string, now: Date): VenueResponse {
  return recordResponse(linkedRecordLead(venue, VENUE_KIND, 'venue', links, siteTimezone, now), venue, VENUE_FIELDS);
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

/** What a locked venue shows: the head, name and slug, and the fields venue.fields.ts declares shown (its map flags). */
const VENUE_SHOWN_WHEN_LOCKED = shownWhenLocked<Venue>(VENUE_FIELDS);

/** A password-protected venue as callers who cannot open it see it. */
export function venueWithoutContent(venue: Venue): Venue {
  return lockedRecord(venue, VENUE_SHOWN_WHEN_LOCKED);
}
