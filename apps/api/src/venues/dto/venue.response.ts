import { ApiSchema } from '@nestjs/swagger';
import { PageEnvelope } from '@app/common';
import { DeletedRecordResponse, PostRecordResponse, WithRecordFields } from '@app/posts';
import { VENUE_FIELDS } from '../venue.fields';

/** A venue as returned (docs/api-rules.md, Records as returned); the declared fields come from venue.fields.ts. */
@ApiSchema({ name: 'Venue' })
export class VenueResponse extends WithRecordFields(PostRecordResponse, VENUE_FIELDS, 'Venue') {
  /** Name of the venue. */
  venue: string;
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
