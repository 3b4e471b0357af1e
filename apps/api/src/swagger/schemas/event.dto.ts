import { ApiProperty, ApiSchema, getSchemaPath } from '@nestjs/swagger';
import { CostDetailsDto } from './cost-details.dto';
import { DateDetailsDto } from './date-details.dto';
import { OrganizerDto } from './organizer.dto';
import { PostRecordDto } from './post-record.dto';
import { TermDto } from './term.dto';
import { VenueDto } from './venue.dto';

/** An event as returned (contract §2). */
@ApiSchema({ name: 'Event' })
export class EventDto extends PostRecordDto {
  /** Title of the event. */
  title: string;

  /** Whether the event lasts whole days. */
  all_day: boolean;

  /** Start in the event's time zone, `YYYY-MM-DD HH:MM:SS`. */
  start_date: string;

  /** Start in the event's time zone, split into parts. */
  start_date_details: DateDetailsDto;

  /** End in the event's time zone, `YYYY-MM-DD HH:MM:SS`. */
  end_date: string;

  /** End in the event's time zone, split into parts. */
  end_date_details: DateDetailsDto;

  /** Start in UTC, `YYYY-MM-DD HH:MM:SS`. */
  utc_start_date: string;

  /** Start in UTC, split into parts. */
  utc_start_date_details: DateDetailsDto;

  /** End in UTC, `YYYY-MM-DD HH:MM:SS`. */
  utc_end_date: string;

  /** End in UTC, split into parts. */
  utc_end_date_details: DateDetailsDto;

  /** Time zone of the event: an IANA name such as `Europe/Berlin`, or `UTC`, `UTC+2`. */
  timezone: string;

  /** Abbreviation of the time zone at the start, e.g. `CET` or `CEST`. */
  timezone_abbr: string;

  /** Cost as displayed, e.g. `€25`, `10 – 20 €` or `Free`; "" when unset. */
  cost: string;

  /** Currency and prices of the cost. */
  cost_details: CostDetailsDto;

  /** Website of the event; "" when unset. */
  website: string;

  /** Whether the event page shows a map of the venue. */
  show_map: boolean;

  /** Whether the event page shows a link to a map of the venue. */
  show_map_link: boolean;

  /** Whether the event is left out of lists (it is still found through `include`). */
  hide_from_listings: boolean;

  /** Whether the event stays at the top of its day in calendar views. */
  sticky: boolean;

  /** Whether the event is featured on the site. */
  featured: boolean;

  /** Categories of the event. */
  categories: TermDto[];

  /** Tags of the event. */
  tags: TermDto[];

  /** The venue: one object for one venue, [] for none, a list for several. */
  @ApiProperty({
    oneOf: [{ $ref: getSchemaPath(VenueDto) }, { type: 'array', items: { $ref: getSchemaPath(VenueDto) } }],
  })
  venue: VenueDto | VenueDto[];

  /** Organizers of the event, in the order they were given. */
  organizer: OrganizerDto[];

  /** Custom fields; always empty. */
  @ApiProperty({ type: 'array', items: { type: 'object' }, maxItems: 0 })
  custom_fields: never[];
}
