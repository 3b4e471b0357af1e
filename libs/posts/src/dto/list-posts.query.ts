import { OptionalBooleanFilter, OptionalIdFilter, OptionalSearchText, PageQuery } from '@app/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional } from 'class-validator';
import { ALL_STATUSES } from '@app/domain';

/** Query of the venue and organizer lists (spec: page, per_page, search, event, has_events, only_with_upcoming, status). */
export class ListPostsQuery extends PageQuery {
  /** Records where one field contains every word of the text (case-insensitive). */
  @OptionalSearchText()
  search?: string;

  /** Post status(es), one value or a comma-separated list; anonymous callers may ask for `publish` only. */
  @ApiPropertyOptional({ type: 'string', isArray: true, enum: ALL_STATUSES })
  @IsOptional()
  status?: string | string[];

  /** Only records linked to this event. */
  @OptionalIdFilter()
  event?: number;

  /** true: only records linked to at least one readable event not in trash; false: only records linked to none. */
  @OptionalBooleanFilter()
  has_events?: boolean;

  /** true: only records linked to a readable event that has not ended. */
  @ApiPropertyOptional({ default: false })
  @OptionalBooleanFilter()
  only_with_upcoming?: boolean;
}
