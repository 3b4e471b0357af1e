import { ApiSchema } from '@nestjs/swagger';
import { PageEnvelope } from '@app/common';
import { DeletedRecordResponse, PostRecordResponse, WithRecordFields } from '@app/posts';
import { ORGANIZER_FIELDS } from '../organizer.fields';

/** An organizer as returned (docs/api-rules.md, Records as returned); the declared fields come from organizer.fields.ts. */
@ApiSchema({ name: 'Organizer' })
export class OrganizerResponse extends WithRecordFields(PostRecordResponse, ORGANIZER_FIELDS, 'Organizer') {
  /** Name of the organizer. */
  organizer: string;
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
