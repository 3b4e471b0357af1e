import { OrganizerFieldsDto } from './create-organizer.dto';

/** Body of `POST|PUT|PATCH /organizers/{id}` and by slug: fields not sent keep their values. */
export class UpdateOrganizerDto extends OrganizerFieldsDto {}
