import { Organizer, OrganizersRepository } from '@app/domain';
import { LinkedRecordsServiceOf, ORGANIZER_KIND } from '@app/posts';
import { Injectable } from '@nestjs/common';
import { OrganizerFieldsDto } from './dto/create-organizer.dto';
import { ORGANIZER_FIELDS } from './organizer.fields';

/** Organizers: the rules venues and organizers share (LinkedRecordsService) over the fields organizer.fields.ts declares. */
@Injectable()
export class OrganizersService extends LinkedRecordsServiceOf<Organizer, OrganizerFieldsDto>({
  repository: OrganizersRepository,
  kind: ORGANIZER_KIND,
  fields: ORGANIZER_FIELDS,
  nameField: 'organizer',
}) {}
