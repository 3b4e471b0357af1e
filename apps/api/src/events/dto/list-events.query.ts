import { HasNoControlCharacters, PageQuery, ToBoolean, ToInt, ToIntArray, ToNumber, ToStringArray } from '@app/common';
import { ALL_STATUSES } from '@app/domain';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Allow, IsArray, IsBoolean, IsInt, IsNumber, IsOptional, IsString, Max, Min } from 'class-validator';

/** Query of `GET /events` (docs/api-rules.md, Lists). */
export class ListEventsQuery extends PageQuery {
  /** Events that start at or after this date (default: 00:00 yesterday in the site's time zone). */
  @IsOptional()
  @Allow()
  start_date?: string;

  /** Events that end at or before this date (default: end of the day 24 months ahead). */
  @IsOptional()
  @Allow()
  end_date?: string;

  /** Events that start before this date. */
  @IsOptional()
  @Allow()
  starts_before?: string;

  /** Events that start after this date. */
  @IsOptional()
  @Allow()
  starts_after?: string;

  /** Events that end before this date. */
  @IsOptional()
  @Allow()
  ends_before?: string;

  /** Events that end after this date. */
  @IsOptional()
  @Allow()
  ends_after?: string;

  /** When true the given times apply as given; by default whole days are included. */
  @ApiPropertyOptional({ default: false })
  @IsOptional()
  @ToBoolean()
  @IsBoolean()
  strict_dates?: boolean;

  /** Events whose title, description or excerpt contains this text. */
  @IsOptional()
  @IsString()
  @HasNoControlCharacters()
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
  @IsOptional()
  @ToIntArray()
  @IsArray()
  @IsInt({ each: true })
  @Min(1, { each: true })
  venue?: number[];

  /** Events by one of these organizers. */
  @IsOptional()
  @ToIntArray()
  @IsArray()
  @IsInt({ each: true })
  @Min(1, { each: true })
  organizer?: number[];

  /** true: only featured events; false: only events not featured. */
  @IsOptional()
  @ToBoolean()
  @IsBoolean()
  featured?: boolean;

  /** Post status(es); anonymous callers may ask for `publish` only. */
  @ApiPropertyOptional({ type: 'string', isArray: true, enum: ALL_STATUSES })
  @IsOptional()
  status?: string | string[];

  /** true: only events whose venue has coordinates; false: only events without. */
  @IsOptional()
  @ToBoolean()
  @IsBoolean()
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
  @IsOptional()
  @ToIntArray()
  @IsArray()
  @IsInt({ each: true })
  @Min(1, { each: true })
  include?: number[];

  /** Events whose parent is this event; with a series' ID, the occurrences of that series. */
  @IsOptional()
  @ToInt()
  @IsInt()
  @Min(1)
  post_parent?: number;

  /** The occurrences of this series (a series' ID). */
  @IsOptional()
  @ToInt()
  @IsInt()
  @Min(1)
  recurring_event?: number;

  /** false: each series once (as its own GET shows it) when any of its occurrences matches, instead of its occurrences. */
  @IsOptional()
  @ToBoolean()
  @IsBoolean()
  expand?: boolean;

  /** This service sells no tickets: true returns none, false all. */
  @IsOptional()
  @ToBoolean()
  @IsBoolean()
  ticketed?: boolean;
}
