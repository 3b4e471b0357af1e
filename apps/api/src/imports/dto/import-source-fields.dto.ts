import { ApiNamedSchema, IsHttpUrlOrEmpty, MaxItems, PageQuery } from '@app/common';
import { OptionalField } from '@app/posts';
import { Allow, IsIn, IsString, MaxLength } from 'class-validator';

/** Statuses an import may give the events it creates. */
const IMPORT_STATUSES = ['publish', 'draft', 'pending', 'private'] as const;

/** Most category or tag references a source adds to its events (as an event takes at most). */
const MAX_REFERENCES = 50;

/** The options of an import source (docs/api-rules.md, Importing calendars); all optional, as on update. */
export class ImportSourceFieldsDto {
  /** Name of the source; default the calendar's own name (X-WR-CALNAME), else the URL's host. */
  @OptionalField()
  @IsString()
  @MaxLength(255)
  name?: string;

  /** Status of the events a run creates (default publish). */
  @OptionalField()
  @IsIn(IMPORT_STATUSES)
  status?: string;

  /** Categories added to every imported event, by ID, slug or name (a list or comma-separated); names that match none are created. */
  @ApiNamedSchema('TermReferences')
  @OptionalField()
  @Allow()
  @MaxItems(MAX_REFERENCES)
  categories?: unknown;

  /** Tags added to every imported event, by ID, slug or name (a list or comma-separated). */
  @ApiNamedSchema('TermReferences')
  @OptionalField()
  @Allow()
  @MaxItems(MAX_REFERENCES)
  tags?: unknown;

  /** Time zone of times without one (floating) and of all-day events: an IANA name or UTC+2; default the calendar's X-WR-TIMEZONE, else the site's. */
  @OptionalField()
  @IsString()
  @MaxLength(64)
  timezone?: string;

  /** How often a URL source is fetched again: an ISO 8601 duration of at least PT15M (PT1H, P1D); "" for never. Not for uploads. */
  @OptionalField()
  @IsString()
  @MaxLength(32)
  refresh?: string;

  /** What becomes of imported events whose UID the source no longer has: trash (default) or keep. */
  @OptionalField()
  @IsIn(['trash', 'keep'])
  on_removed?: string;
}

/** Body of `POST /imports`: a URL to subscribe to, or a calendar file's text, and the source's options. */
export class CreateImportDto extends ImportSourceFieldsDto {
  /** Address (http or https) of an iCalendar feed to import, fetched now and on every refresh. */
  @OptionalField()
  @IsString()
  @MaxLength(2048)
  @IsHttpUrlOrEmpty()
  url?: string;

  /** The text of an iCalendar file to import once (instead of url); also accepted as a text/calendar request body. */
  @OptionalField()
  @IsString()
  calendar?: string;
}

/** Body of `PATCH /imports/{id}` (and POST, PUT): the options to change; url only on a URL source. */
export class UpdateImportDto extends ImportSourceFieldsDto {
  /** New address of a URL source's feed. */
  @OptionalField()
  @IsString()
  @MaxLength(2048)
  @IsHttpUrlOrEmpty()
  url?: string;
}

/** Body of `POST /imports/{id}/run`: a new version of an uploaded calendar (or a text/calendar body); a URL source is fetched. */
export class RunImportDto {
  /** The text of the calendar file, for a source without URL. */
  @OptionalField()
  @IsString()
  calendar?: string;
}

/** `GET /imports`: a page of sources. */
export class ListImportsQuery extends PageQuery {}
