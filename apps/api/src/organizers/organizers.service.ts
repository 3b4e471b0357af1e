import { EventsRepository, Organizer, OrganizersRepository } from '@app/domain';
import { blankTexts, FieldsContext, ORGANIZER_KIND, PlaceRecordsService, PostRecordTools, sameText } from '@app/posts';
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

  protected applyOwnFields(organizer: Organizer, dto: OrganizerFieldsDto, context: FieldsContext): void {
    this.applyNameAndTexts(organizer, dto, 'organizer', TEXT_FIELDS, context);
  }

  protected sameAsGiven(candidate: Organizer, organizer: Organizer, dto: OrganizerFieldsDto): boolean {
    return TEXT_FIELDS.every((field) => dto[field] === undefined || sameText(candidate[field], organizer[field]));
  }

  protected blankRecord(): Partial<Organizer> {
    return { title: '', ...blankTexts(TEXT_FIELDS) };
  }
}
