import { IsStringOrNumber, ToInt } from '@app/common';
import { IsIn, IsInt, IsOptional, IsString, MaxLength, Min } from 'class-validator';
import { WRITABLE_STATUSES, WritableStatus } from '../post-status';

/** Fields every post-like record accepts on create and update (contract §§4, 6). */
export class PostFieldsDto {
  /** ID of the author; only editors and administrators may name someone else. */
  @IsOptional()
  @ToInt()
  @IsInt()
  @Min(1)
  author?: number;

  /** Publication date, read in the site's time zone. */
  @IsOptional()
  @IsStringOrNumber()
  date?: string | number;

  /** Publication date in UTC; wins over `date`. */
  @IsOptional()
  @IsStringOrNumber()
  date_utc?: string | number;

  /** Post status; `trash` only through DELETE. */
  @IsOptional()
  @IsIn(WRITABLE_STATUSES)
  status?: WritableStatus;

  /** HTML description, cleaned to a safe allow-list; "" clears it. */
  @IsOptional()
  @IsString()
  description?: string;

  /** URL slug; generated from the name when absent or "". */
  @IsOptional()
  @IsString()
  @MaxLength(200)
  slug?: string;

  /** Featured image: an image ID or an http(s) URL; "" removes it. */
  @IsOptional()
  @IsStringOrNumber()
  image?: string | number;

  /** Password readers must give to see the record; "" removes it. Never returned. */
  @IsOptional()
  @IsString()
  @MaxLength(255)
  password?: string;
}
