import { CostDetails, DateDetails, PageEnvelope } from '@app/common';
import { DeletedRecordResponse, PostRecordResponse, WithRecordFields } from '@app/posts';
import { TermResponse } from '@app/terms';
import { ApiExtraModels, ApiProperty, ApiSchema, getSchemaPath } from '@nestjs/swagger';
import { OrganizerResponse } from '../../organizers/dto/organizer.response';
import { VenueResponse } from '../../venues/dto/venue.response';
import { EVENT_FIELDS } from '../event.fields';

/** A series' rule as returned. */
@ApiSchema({ name: 'Recurrence' })
export class RecurrenceResponse {
  /** The RRULE as stored: parts in a fixed order, UNTIL in UTC. */
  rrule: string;

  /** Extra starts (RDATE), wall times in the event's time zone, `YYYY-MM-DD HH:MM:SS`. */
  rdates: string[];

  /** Cancelled starts (EXDATE), wall times in the event's time zone, `YYYY-MM-DD HH:MM:SS`. */
  exdates: string[];

  /** The rule described in the request's language, e.g. "Every week on Monday and Wednesday, 10 times". */
  text: string;
}

/**
 * An event as returned (docs/api-rules.md, Records as returned). The website and the flags come
 * from event.fields.ts; the fields it declares hand-written are written out here.
 */
@ApiSchema({ name: 'Event' })
@ApiExtraModels(RecurrenceResponse)
export class EventResponse extends WithRecordFields(PostRecordResponse, EVENT_FIELDS, 'Event') {
  /** Title of the event. */
  title: string;

  /** Start in the event's time zone, `YYYY-MM-DD HH:MM:SS`. */
  start_date: string;

  /** Start in the event's time zone, split into parts. */
  start_date_details: DateDetails;

  /** End in the event's time zone, `YYYY-MM-DD HH:MM:SS`. */
  end_date: string;

  /** End in the event's time zone, split into parts. */
  end_date_details: DateDetails;

  /** Start in UTC, `YYYY-MM-DD HH:MM:SS`. */
  utc_start_date: string;

  /** Start in UTC, split into parts. */
  utc_start_date_details: DateDetails;

  /** End in UTC, `YYYY-MM-DD HH:MM:SS`. */
  utc_end_date: string;

  /** End in UTC, split into parts. */
  utc_end_date_details: DateDetails;

  /** Time zone of the event: an IANA name such as `Europe/Berlin`, or `UTC`, `UTC+2`. */
  timezone: string;

  /** Abbreviation of the time zone at the start, e.g. `CET` or `CEST`. */
  timezone_abbr: string;

  /** Cost as displayed, e.g. `€25`, `10 – 20 €` or `Free`; "" when unset. */
  cost: string;

  /** Currency and prices of the cost. */
  cost_details: CostDetails;

  /** Categories of the event. */
  categories: TermResponse[];

  /** Tags of the event. */
  tags: TermResponse[];

  /** The venue: one object for one venue, [] for none, a list for several. */
  @ApiProperty({
    oneOf: [{ $ref: getSchemaPath(VenueResponse) }, { type: 'array', items: { $ref: getSchemaPath(VenueResponse) } }],
  })
  venue: VenueResponse | VenueResponse[];

  /** Organizers of the event, in the order they were given. */
  organizer: OrganizerResponse[];

  /** Custom fields; always empty. */
  @ApiProperty({ type: 'array', items: { type: 'object' }, maxItems: 0 })
  custom_fields: never[];

  /** The rule of the series this event is or belongs to; null on a single event. */
  // The document writes it as a nullable oneOf (api-document.ts).
  @ApiProperty({ oneOf: [{ $ref: getSchemaPath(RecurrenceResponse) }] })
  recurrence: RecurrenceResponse | null;

  /** On an occurrence, the ID of its series; null otherwise. */
  @ApiProperty({ type: 'integer', nullable: true })
  recurring_event_id: number | null;

  /** On an occurrence, its original start in the event's time zone, `YYYY-MM-DD HH:MM:SS`; null otherwise. */
  @ApiProperty({ type: 'string', nullable: true })
  recurrence_id: string | null;

  /** On an occurrence, its original start in UTC, `YYYY-MM-DD HH:MM:SS`; null otherwise. */
  @ApiProperty({ type: 'string', nullable: true })
  recurrence_id_utc: string | null;

  /** The import source and UID the event came from (an occurrence: its series'); null when it was not imported or is locked. */
  // The document writes it as a nullable oneOf (api-document.ts).
  @ApiProperty({ oneOf: [{ $ref: getSchemaPath('EventImport') }] })
  import: EventImportResponse | null;
}

/** Where an imported event came from. */
@ApiSchema({ name: 'EventImport' })
export class EventImportResponse {
  /** ID of the import source (`/imports/{id}`). */
  @ApiProperty({ type: 'integer' })
  id: number;

  /** The event's UID in that calendar. */
  uid: string;
}

/** A page of events. */
@ApiSchema({ name: 'EventList' })
export class EventListResponse extends PageEnvelope {
  /** The events of this page. */
  events: EventResponse[];
}

@ApiSchema({ name: 'DeletedEvent' })
export class DeletedEventResponse extends DeletedRecordResponse {
  /** The event as it was before it was deleted. */
  previous: EventResponse;
}
