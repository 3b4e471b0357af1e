import { Venue, VenuesRepository } from '@app/domain';
import { LinkedRecordsServiceOf, VENUE_KIND } from '@app/posts';
import { Injectable } from '@nestjs/common';
import { VenueFieldsDto } from './dto/create-venue.dto';
import { VENUE_FIELDS } from './venue.fields';

/** Venues: the rules venues and organizers share (LinkedRecordsService) over the fields venue.fields.ts declares. */
@Injectable()
export class VenuesService extends LinkedRecordsServiceOf<Venue, VenueFieldsDto>({
  repository: VenuesRepository,
  kind: VENUE_KIND,
  fields: VENUE_FIELDS,
  nameField: 'venue',
}) {}
