import { EventsRepository, Organizer, OrganizersRepository } from '@app/domain';
import { LinkedRecordsService, ORGANIZER_KIND, PostRecordTools } from '@app/posts';
import { Injectable } from '@nestjs/common';
import { OrganizerFieldsDto } from './dto/create-organizer.dto';
import { ORGANIZER_FIELDS } from './organizer.fields';

@Injectable()
export class OrganizersService extends LinkedRecordsService<Organizer, OrganizerFieldsDto> {
  readonly kind = ORGANIZER_KIND;
  protected readonly fields = ORGANIZER_FIELDS;
  protected readonly nameField = 'organizer';

  constructor(organizers: OrganizersRepository, events: EventsRepository, tools: PostRecordTools) {
    super(organizers, events, tools);
  }
}
