import { ApiSchema } from '@nestjs/swagger';
import { PostRecordResponse, recordPageResponses, WithRecordFields } from '@app/posts';
import { VENUE_FIELDS } from '../venue.fields';

/** A venue as returned (docs/api-rules.md, Records as returned); the declared fields come from venue.fields.ts. */
@ApiSchema({ name: 'Venue' })
export class VenueResponse extends WithRecordFields(PostRecordResponse, VENUE_FIELDS, 'Venue') {
  /** Name of the venue. */
  venue: string;
}

/** A page of venues, and the answer to deleting a venue for good. */
export const { list: VenueListResponse, deleted: DeletedVenueResponse } = recordPageResponses(VenueResponse, 'Venue', 'venues', 'venue');
