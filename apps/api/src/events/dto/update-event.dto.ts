import { EventFieldsDto } from './create-event.dto';

/** Body of `POST|PUT|PATCH /events/{id}` and by slug: fields not sent keep their values. */
export class UpdateEventDto extends EventFieldsDto {}
