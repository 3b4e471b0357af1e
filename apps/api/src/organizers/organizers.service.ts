import { requirePlainText } from '@app/common';
import { EventsRepository, Organizer, OrganizersRepository } from '@app/domain';
import { FieldsContext, ORGANIZER_KIND, PlaceRecordsService, PostRecordTools, sameText } from '@app/posts';
import { Injectable } from '@nestjs/common';
import { OrganizerFieldsDto } from './dto/create-organizer.dto';

/** Text fields copied as given (trimmed); compared case-insensitively for duplicate avoidance. */
const TEXT_FIELDS = ['phone', 'website', 'email'] as const;

@Injectable()
export class OrganizersService extends PlaceRecordsService<Organizer, OrganizerFieldsDto> {
  readonly kind = ORGANIZER_KIND;

  constructor(organizers: OrganizersRepository, events: EventsRepository, tools: PostRecordTools) {
    super(organizers, events, tools);
  }

  protected blankRecord(): Partial<Organizer> {
    return { title: '', phone: '', website: '', email: '' };
  }

  protected applyOwnFields(organizer: Organizer, dto: OrganizerFieldsDto, { errors }: FieldsContext): void {
    const name = dto.organizer;
    if (name !== undefined) errors.check(() => (organizer.title = requirePlainText('organizer', name)));
    for (const field of TEXT_FIELDS) {
      const value = dto[field];
      if (value !== undefined) organizer[field] = value.trim();
    }
  }

  protected sameAsGiven(candidate: Organizer, organizer: Organizer, dto: OrganizerFieldsDto): boolean {
    return TEXT_FIELDS.every((field) => dto[field] === undefined || sameText(candidate[field], organizer[field]));
  }
}
