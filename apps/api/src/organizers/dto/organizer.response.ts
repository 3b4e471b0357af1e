import { ApiSchema } from '@nestjs/swagger';
import { PageEnvelope } from '@app/common';
import { DeletedRecordResponse, PostRecordResponse } from '@app/posts';

/** An organizer as returned (docs/api-rules.md, Records as returned). */
@ApiSchema({ name: 'Organizer' })
export class OrganizerResponse extends PostRecordResponse {
  /** Name of the organizer. */
  organizer: string;

  /** Phone number of the organizer. */
  phone: string;

  /** Website of the organizer; "" when unset. */
  website: string;

  /** E-mail address of the organizer. */
  email: string;
}

/** A page of organizers. */
@ApiSchema({ name: 'OrganizerList' })
export class OrganizerListResponse extends PageEnvelope {
  /** The organizers of this page. */
  organizers: OrganizerResponse[];
}

@ApiSchema({ name: 'DeletedOrganizer' })
export class DeletedOrganizerResponse extends DeletedRecordResponse {
  /** The organizer as it was before it was deleted. */
  previous: OrganizerResponse;
}
