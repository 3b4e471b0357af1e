import { ApiProperty, ApiPropertyOptional, getSchemaPath } from '@nestjs/swagger';
import { ALL_STATUSES } from '@app/domain';
import { ImageResponse } from './image.response';

/** What events, venues and organizers return alike (docs/api-rules.md, Records as returned); not a schema of its own. */
export abstract class PostRecordResponse {
  /** Record ID. */
  @ApiProperty({ type: 'integer' })
  id: number;

  /** Site-wide unique ID: `<site host><site path>?id=<id>`. */
  global_id: string;

  /** Global IDs this record has had; here always just `global_id`. */
  global_id_lineage: string[];

  /** ID of the author. */
  @ApiProperty({ type: 'integer' })
  author: number;

  /** Post status; `future` becomes `publish` when its date passes. */
  @ApiProperty({ enum: [...ALL_STATUSES] })
  status: string;

  /** Publication date in the site's time zone, `YYYY-MM-DD HH:MM:SS`. */
  date: string;

  /** Publication date in UTC, `YYYY-MM-DD HH:MM:SS`. */
  date_utc: string;

  /** Last change in the site's time zone, `YYYY-MM-DD HH:MM:SS`. */
  modified: string;

  /** Last change in UTC, `YYYY-MM-DD HH:MM:SS`. */
  modified_utc: string;

  /** Public page of the record on the site. */
  url: string;

  /** This record in the API, with the language segment and base path of the request. */
  rest_url: string;

  /** Description as safe HTML. */
  description: string;

  /** Excerpt as safe HTML. */
  excerpt: string;

  /** URL slug, unique per kind of record. */
  slug: string;

  /** The featured image, or false when there is none. */
  @ApiProperty({ oneOf: [{ $ref: getSchemaPath(ImageResponse) }, { type: 'boolean', enum: [false] }] })
  image: ImageResponse | false;

  /** schema.org description of the record; only in single-record responses. */
  @ApiPropertyOptional({ type: 'object', additionalProperties: true })
  json_ld?: Record<string, unknown>;
}
