import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { PageEnvelope } from '@app/common';
import { DeletedRecordResponse, PostRecordResponse } from '@app/posts';

/** A venue as returned (docs/api-rules.md, Records as returned). */
@ApiSchema({ name: 'Venue' })
export class VenueResponse extends PostRecordResponse {
  /** Name of the venue. */
  venue: string;

  /** Whether events at this venue show a map. */
  show_map: boolean;

  /** Whether events at this venue show a link to a map. */
  show_map_link: boolean;

  /** Street address. */
  address: string;

  /** City. */
  city: string;

  /** Country, as entered. */
  country: string;

  /** Province (outside the US). */
  province: string;

  /** State (in the US). */
  state: string;

  /** ZIP or postal code. */
  zip: string;

  /** Phone number. */
  phone: string;

  /** Website of the venue; "" when unset. */
  website: string;

  /** State or province as displayed: as set, else `state` for US or no country, else `province`. */
  stateprovince: string;

  /** Latitude in degrees; null when unknown. */
  @ApiProperty({ type: 'number', nullable: true })
  geo_lat: number | null;

  /** Longitude in degrees; null when unknown. */
  @ApiProperty({ type: 'number', nullable: true })
  geo_lng: number | null;
}

/** A page of venues. */
@ApiSchema({ name: 'VenueList' })
export class VenueListResponse extends PageEnvelope {
  /** The venues of this page. */
  venues: VenueResponse[];
}

@ApiSchema({ name: 'DeletedVenue' })
export class DeletedVenueResponse extends DeletedRecordResponse {
  /** The venue as it was before it was deleted. */
  previous: VenueResponse;
}
