import {
  OptionalBooleanFilter,
  OptionalDateFilter,
  OptionalIdFilter,
  OptionalIdListFilter,
  OptionalSearchText,
  PageQuery,
  ToNumber,
  ToStringArray,
} from '@app/common';
import { ALL_STATUSES } from '@app/domain';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsArray, IsNumber, IsOptional, Max, Min } from 'class-validator';

/** Query of `GET /events` (docs/api-rules.md, Lists). */
export class ListEventsQuery extends PageQuery {
  /** Events that start at or after this date (default: 00:00 yesterday in the site's time zone). */
  @OptionalDateFilter()
  start_date?: string;

  /** Events that end at or before this date (default: end of the day 24 months ahead). */
  @OptionalDateFilter()
  end_date?: string;

  /** Events that start before this date. */
  @OptionalDateFilter()
  starts_before?: string;

  /** Events that start after this date. */
  @OptionalDateFilter()
  starts_after?: string;

  /** Events that end before this date. */
  @OptionalDateFilter()
  ends_before?: string;

  /** Events that end after this date. */
  @OptionalDateFilter()
  ends_after?: string;

  /** When true the given times apply as given; by default whole days are included. */
  @ApiPropertyOptional({ default: false })
  @OptionalBooleanFilter()
  strict_dates?: boolean;

  /** Events whose title, description or excerpt contains this text. */
  @OptionalSearchText()
  search?: string;

  /** Events in one of these categories (IDs or slugs). */
  @IsOptional()
  @ToStringArray()
  @IsArray()
  categories?: Array<string | number>;

  /** Events with one of these tags (IDs or slugs). */
  @IsOptional()
  @ToStringArray()
  @IsArray()
  tags?: Array<string | number>;

  /** Events at one of these venues. */
  @OptionalIdListFilter()
  venue?: number[];

  /** Events by one of these organizers. */
  @OptionalIdListFilter()
  organizer?: number[];

  /** true: only featured events; false: only events not featured. */
  @OptionalBooleanFilter()
  featured?: boolean;

  /** Post status(es); anonymous callers may ask for `publish` only. */
  @ApiPropertyOptional({ type: 'string', isArray: true, enum: ALL_STATUSES })
  @IsOptional()
  status?: string | string[];

  /** true: only events whose venue has coordinates; false: only events without. */
  @OptionalBooleanFilter()
  geoloc?: boolean;

  /** Latitude of the centre point; needs `geoloc_lng`. */
  @IsOptional()
  @ToNumber()
  @IsNumber()
  @Min(-90)
  @Max(90)
  geoloc_lat?: number;

  /** Longitude of the centre point; needs `geoloc_lat`. */
  @IsOptional()
  @ToNumber()
  @IsNumber()
  @Min(-180)
  @Max(180)
  geoloc_lng?: number;

  /** Radius around the point in km (default 50). */
  @ApiPropertyOptional({ default: 50 })
  @IsOptional()
  @ToNumber()
  @IsNumber()
  @Min(0)
  geoloc_radius?: number;

  /** Only events with these IDs; date filters are ignored. */
  @OptionalIdListFilter()
  include?: number[];

  /** Events whose parent is this event; with a series' ID, the occurrences of that series. */
  @OptionalIdFilter()
  post_parent?: number;

  /** The occurrences of this series (a series' ID). */
  @OptionalIdFilter()
  recurring_event?: number;

  /** false: each series once (as its own GET shows it) when any of its occurrences matches, instead of its occurrences. */
  @OptionalBooleanFilter()
  expand?: boolean;

  /** This service sells no tickets: true returns none, false all. */
  @OptionalBooleanFilter()
  ticketed?: boolean;
}
