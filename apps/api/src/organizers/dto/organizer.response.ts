import { ApiSchema } from '@nestjs/swagger';
import { PostRecordResponse, recordPageResponses, WithRecordFields } from '@app/posts';
import { ORGANIZER_FIELDS } from '../organizer.fields';

/** An organizer as returned (docs/api-rules.md, Records as returned); the declared fields come from organizer.fields.ts. */
@ApiSchema({ name: 'Organizer' })
export class OrganizerResponse extends WithRecordFields(PostRecordResponse, ORGANIZER_FIELDS, 'Organizer') {
  /** Name of the organizer. */
  organizer: string;
}

/** A page of organizers, and the answer to deleting an organizer for good. */
export const { list: OrganizerListResponse, deleted: DeletedOrganizerResponse } = recordPageResponses(
  OrganizerResponse,
  'Organizer',
  'organizers',
  'organizer',
);
