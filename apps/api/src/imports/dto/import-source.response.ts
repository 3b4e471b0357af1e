import { PageEnvelope } from '@app/common';
import { ApiProperty, ApiSchema, getSchemaPath } from '@nestjs/swagger';

/** A VEVENT a run left out. */
@ApiSchema({ name: 'ImportSkipped' })
export class ImportSkippedResponse {
  /** Its UID, or null when it has none. */
  @ApiProperty({ type: 'string', nullable: true })
  uid: string | null;

  /** Line of the calendar file: the event's BEGIN:VEVENT or the property at fault. */
  @ApiProperty({ type: 'integer' })
  line: number;

  /** Why, as a stable code: event_missing_start, event_not_an_occurrence, event_rejected, ... */
  reason: string;

  /** Why, in the request's language, naming the line. */
  message: string;
}

/** An event written by hand since its import. */
@ApiSchema({ name: 'ImportEdited' })
export class ImportEditedResponse {
  /** Its UID in the source. */
  uid: string;

  /** The event (or occurrence) ID. */
  @ApiProperty({ type: 'integer' })
  id: number;

  /** The original start of the occurrence (RECURRENCE-ID, as the file writes it), or null for the event itself. */
  @ApiProperty({ type: 'string', nullable: true })
  recurrence_id: string | null;
}

/** What a run did, counted per UID (an event, or a series with its exceptions). */
@ApiSchema({ name: 'ImportReport' })
export class ImportReportResponse {
  /** Events created. */
  @ApiProperty({ type: 'integer' })
  created: number;

  /** Events rewritten because the source changed them. */
  @ApiProperty({ type: 'integer' })
  updated: number;

  /** Events the source left as they were: nothing written. */
  @ApiProperty({ type: 'integer' })
  unchanged: number;

  /** Events no longer in the source, or cancelled as a whole: moved to trash (or only counted with on_removed keep). */
  @ApiProperty({ type: 'integer' })
  removed: number;

  /** VEVENTs left out, each with the line and the reason. */
  skipped: ImportSkippedResponse[];

  /** Events edited by hand that the source changed again (SEQUENCE or LAST-MODIFIED moved): the source's version replaced the edit. */
  overridden: ImportEditedResponse[];

  /** Events edited by hand whose source did not move: the hand edit was kept. */
  kept: ImportEditedResponse[];
}

/** Why the last run failed. */
@ApiSchema({ name: 'ImportError' })
export class ImportErrorResponse {
  /** A stable code: fetch_address_refused, fetch_http_status, ical_malformed_line, ... */
  code: string;

  /** The failure in the request's language. */
  message: string;
}

/** An import source: a subscribed feed or an uploaded calendar, its options and its last run. */
@ApiSchema({ name: 'ImportSource' })
export class ImportSourceResponse {
  /** Source ID. */
  @ApiProperty({ type: 'integer' })
  id: number;

  /** The feed's address, or null for an uploaded calendar. */
  @ApiProperty({ type: 'string', nullable: true })
  url: string | null;

  /** Name of the source. */
  name: string;

  /** Status of the events a run creates. */
  status: string;

  /** Categories added to every imported event, as given. */
  @ApiProperty({ type: 'array', items: { oneOf: [{ type: 'string' }, { type: 'integer' }] } })
  categories: Array<string | number>;

  /** Tags added to every imported event, as given. */
  @ApiProperty({ type: 'array', items: { oneOf: [{ type: 'string' }, { type: 'integer' }] } })
  tags: Array<string | number>;

  /** Time zone of floating times and all-day events, or null for the calendar's own (else the site's). */
  @ApiProperty({ type: 'string', nullable: true })
  timezone: string | null;

  /** How often the feed is fetched again (ISO 8601 duration), or null for never. */
  @ApiProperty({ type: 'string', nullable: true })
  refresh: string | null;

  /** What becomes of imported events whose UID the source no longer has. */
  @ApiProperty({ enum: ['trash', 'keep'] })
  on_removed: string;

  /** ID of the user the runs write with (who created the source). */
  @ApiProperty({ type: 'integer' })
  author: number;

  /** When the next refresh is due, in UTC (`YYYY-MM-DD HH:MM:SS`), or null. */
  @ApiProperty({ type: 'string', nullable: true })
  next_run_utc: string | null;

  /** When the last run started, in UTC, or null. */
  @ApiProperty({ type: 'string', nullable: true })
  last_run_utc: string | null;

  /** When the last run that read its calendar ended, in UTC, or null. */
  @ApiProperty({ type: 'string', nullable: true })
  last_success_utc: string | null;

  /** Why the last run failed, or null when it succeeded. */
  // Nullable oneOfs in the document (api-document.ts).
  @ApiProperty({ oneOf: [{ $ref: getSchemaPath('ImportError') }] })
  last_error: ImportErrorResponse | null;

  /** The report of the last run that read its calendar, or null. */
  @ApiProperty({ oneOf: [{ $ref: getSchemaPath('ImportReport') }] })
  last_report: ImportReportResponse | null;

  /** Creation in UTC, `YYYY-MM-DD HH:MM:SS`. */
  date_utc: string;

  /** Last change of the options or state in UTC, `YYYY-MM-DD HH:MM:SS`. */
  modified_utc: string;

  /** This source in the API. */
  rest_url: string;
}

/** A page of import sources. */
@ApiSchema({ name: 'ImportSourceList' })
export class ImportSourceListResponse extends PageEnvelope {
  /** The sources of this page, oldest first. */
  imports: ImportSourceResponse[];
}

/** Answer to `DELETE /imports/{id}`: the source is gone; its events stay, without their import link. */
@ApiSchema({ name: 'DeletedImportSource' })
export class DeletedImportResponse {
  /** Always true. */
  @ApiProperty({ enum: [true] })
  deleted: true;

  /** The source as it was. */
  previous: ImportSourceResponse;
}
