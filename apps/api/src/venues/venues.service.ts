import { EventsRepository, Venue, VenuesRepository } from '@app/domain';
import { blankTexts, FieldsContext, PlaceRecordsService, PostRecordTools, sameText, VENUE_KIND } from '@app/posts';
import { Injectable } from '@nestjs/common';
import { VenueFieldsDto } from './dto/create-venue.dto';

/** Text fields copied as given (trimmed); compared case-insensitively for duplicate avoidance. */
const TEXT_FIELDS = ['address', 'city', 'country', 'province', 'state', 'zip', 'phone', 'website'] as const;
/** Non-text fields compared exactly for duplicate avoidance: body field → entity property. */
const VALUE_FIELDS = [
  ['geo_lat', 'geoLat'],
  ['geo_lng', 'geoLng'],
  ['show_map', 'showMap'],
  ['show_map_link', 'showMapLink'],
] as const;

@Injectable()
export class VenuesService extends PlaceRecordsService<Venue, VenueFieldsDto> {
  readonly kind = VENUE_KIND;

  constructor(venues: VenuesRepository, events: EventsRepository, tools: PostRecordTools) {
    super(venues, events, tools);
  }

  protected blankRecord(): Partial<Venue> {
    return {
      title: '',
      ...blankTexts(TEXT_FIELDS),
      stateprovince: null,
      showMap: true,
      showMapLink: true,
      geoLat: null,
      geoLng: null,
    };
  }

  protected applyOwnFields(venue: Venue, dto: VenueFieldsDto, context: FieldsContext): void {
    this.applyNameAndTexts(venue, dto, 'venue', TEXT_FIELDS, context);
    if (dto.stateprovince !== undefined) venue.stateprovince = dto.stateprovince.trim() === '' ? null : dto.stateprovince.trim();
    if (dto.show_map !== undefined) venue.showMap = dto.show_map;
    if (dto.show_map_link !== undefined) venue.showMapLink = dto.show_map_link;
    if (dto.geo_lat !== undefined) venue.geoLat = dto.geo_lat === '' ? null : dto.geo_lat;
    if (dto.geo_lng !== undefined) venue.geoLng = dto.geo_lng === '' ? null : dto.geo_lng;
  }

  protected sameAsGiven(candidate: Venue, venue: Venue, dto: VenueFieldsDto): boolean {
    return (
      TEXT_FIELDS.every((field) => dto[field] === undefined || sameText(candidate[field], venue[field])) &&
      VALUE_FIELDS.every(([field, property]) => dto[field] === undefined || candidate[property] === venue[property]) &&
      (dto.stateprovince === undefined || sameText(candidate.stateprovince, venue.stateprovince))
    );
  }
}
