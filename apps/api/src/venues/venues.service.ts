import { EventsRepository, Venue, VenuesRepository } from '@app/domain';
import { LinkedRecordsService, PostRecordTools, VENUE_KIND } from '@app/posts';
import { Injectable } from '@nestjs/common';
import { VenueFieldsDto } from './dto/create-venue.dto';
import { VENUE_FIELDS } from './venue.fields';

@Injectable()
export class VenuesService extends LinkedRecordsService<Venue, VenueFieldsDto> {
  readonly kind = VENUE_KIND;
  protected readonly fields = VENUE_FIELDS;
  protected readonly nameField = 'venue';

  constructor(venues: VenuesRepository, events: EventsRepository, tools: PostRecordTools) {
    super(venues, events, tools);
  }
}
