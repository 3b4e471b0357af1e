import { ApiNamedSchema, IsStringOrNumber, MAX_HTML_INPUT_LENGTH, MaxItems, Trim } from '@app/common';
import { OptionalField, PostFieldsDto, WithBodyFields } from '@app/posts';
import { OmitType } from '@nestjs/swagger';
import { Allow, IsDefined, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { EVENT_FIELDS } from '../event.fields';

/** Most linked records one event may have (README, Security: input limits); more is a 400 rest_invalid_param. */
const MAX_EVENT_LINKS = { venue: 10, organizer: 20, categories: 50, tags: 50 } as const;

/**
 * Writable event fields (docs/api-rules.md, Writes); all optional, as on update. The website and the
 * flags come from event.fields.ts; the fields it declares hand-written are written out here.
 */
export class EventFieldsDto extends WithBodyFields(PostFieldsDto, EVENT_FIELDS, 'CreateEventDto') {
  /** Event title, plain text. */
  @OptionalField()
  @Trim()
  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  title?: string;

  /** HTML excerpt, cleaned like the description; "" clears it. At most 65,535 characters. */
  @OptionalField()
  @IsString()
  @MaxLength(MAX_HTML_INPUT_LENGTH)
  excerpt?: string;

  /** Time zone of the event: an IANA name (Europe/Berlin) or UTC, UTC+2, UTC-5:30. Defaults to the site's. */
  @OptionalField()
  @IsString()
  @MaxLength(64)
  timezone?: string;

  /** Start, read in the event's time zone: "2026-05-01 20:00", "2026-05-01 8pm", ISO 8601, a Unix timestamp or a phrase like "tomorrow 9am". */
  @ApiNamedSchema('DateInput')
  @OptionalField()
  @IsStringOrNumber()
  start_date?: string | number;

  /** End, in the same forms as `start_date`; not before the start. */
  @ApiNamedSchema('DateInput')
  @OptionalField()
  @IsStringOrNumber()
  end_date?: string | number;

  /** Cost as displayed: "25", "€25,50", "10 - 20", "0" (free); "" clears it. */
  @ApiNamedSchema('CostInput')
  @OptionalField()
  @Allow()
  cost?: string | number | Array<string | number>;

  /**
   * Makes the event a series: null (a single event) or {rrule, rdates, exdates}. rrule is an RFC 5545 RRULE such as
   * FREQ=WEEKLY;BYDAY=MO,WE;COUNT=10; rdates and exdates are extra and cancelled starts, wall times in the event's time zone.
   * start_date and end_date are the first occurrence.
   */
  @ApiNamedSchema('RecurrenceInput')
  @OptionalField()
  @Allow()
  recurrence?: unknown;

  /** Categories by ID, slug or name (a list or comma-separated), at most 50; [] or "" removes all. */
  @ApiNamedSchema('TermReferences')
  @OptionalField()
  @MaxItems(MAX_EVENT_LINKS.categories)
  categories?: unknown;

  /** Tags by ID, slug or name (a list or comma-separated), at most 50; [] or "" removes all. */
  @ApiNamedSchema('TermReferences')
  @OptionalField()
  @MaxItems(MAX_EVENT_LINKS.tags)
  tags?: unknown;

  /** Venue: an ID, {id}, a venue object to create, or a list of these (at most 10); 0, [0], [] or "" removes it. */
  @ApiNamedSchema('VenueReferences')
  @OptionalField()
  @MaxItems(MAX_EVENT_LINKS.venue)
  venue?: unknown;

  /** Organizers: IDs, {id}, organizer objects to create, or a list (at most 20); order is kept; 0, [0], [] or "" removes all. */
  @ApiNamedSchema('OrganizerReferences')
  @OptionalField()
  @MaxItems(MAX_EVENT_LINKS.organizer)
  organizer?: unknown;
}

/*
 * The create body drops the optional required fields of the update fields and declares them anew:
 * class-validator merges inherited decorators, and an inherited @OptionalField would let a missing
 * title or date through.
 */

/** Body of `POST /events`. */
export class CreateEventDto extends OmitType(EventFieldsDto, ['title', 'start_date', 'end_date'] as const) {
  /** Event title, plain text. */
  @IsDefined()
  @Trim()
  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  title: string;

  /** Start, read in the event's time zone: "2026-05-01 20:00", "2026-05-01 8pm", ISO 8601, a Unix timestamp or a phrase like "tomorrow 9am". */
  @ApiNamedSchema('DateInput')
  @IsDefined()
  @IsStringOrNumber()
  start_date: string | number;

  /** End, in the same forms as `start_date`; not before the start. */
  @ApiNamedSchema('DateInput')
  @IsDefined()
  @IsStringOrNumber()
  end_date: string | number;
}
