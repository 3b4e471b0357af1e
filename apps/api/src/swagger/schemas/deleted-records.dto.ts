import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { EventDto } from './event.dto';
import { OrganizerDto } from './organizer.dto';
import { VenueDto } from './venue.dto';

/** Answer to `force=true`: the record is gone for good (contract §5). */
abstract class DeletedRecordDto {
  /** Always true: the record was deleted for good. */
  @ApiProperty({ enum: [true] })
  deleted: true;
}

@ApiSchema({ name: 'DeletedEvent' })
export class DeletedEventDto extends DeletedRecordDto {
  /** The event as it was before it was deleted. */
  previous: EventDto;
}

@ApiSchema({ name: 'DeletedVenue' })
export class DeletedVenueDto extends DeletedRecordDto {
  /** The venue as it was before it was deleted. */
  previous: VenueDto;
}

@ApiSchema({ name: 'DeletedOrganizer' })
export class DeletedOrganizerDto extends DeletedRecordDto {
  /** The organizer as it was before it was deleted. */
  previous: OrganizerDto;
}
