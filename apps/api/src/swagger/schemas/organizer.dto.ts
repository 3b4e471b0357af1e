import { ApiSchema } from '@nestjs/swagger';
import { PostRecordDto } from './post-record.dto';

/** An organizer as returned (contract §2). */
@ApiSchema({ name: 'Organizer' })
export class OrganizerDto extends PostRecordDto {
  /** Name of the organizer. */
  organizer: string;

  /** Phone number of the organizer. */
  phone: string;

  /** Website of the organizer; "" when unset. */
  website: string;

  /** E-mail address of the organizer. */
  email: string;
}
