import { ApiNamedSchema, IsStringOrNumber, MAX_HTML_INPUT_LENGTH, ToImageInput, ToInt } from '@app/common';
import { IsIn, IsInt, IsString, MaxLength, Min } from 'class-validator';
import { OptionalField } from './optional-field';
import { WRITABLE_STATUSES, WritableStatus } from '@app/domain';

/** Fields every post-like record accepts on create and update (docs/api-rules.md, Writes; Statuses, users and permissions). */
export class PostFieldsDto {
  /** ID of the author; only editors and administrators may name someone else. */
  @OptionalField()
  @ToInt()
  @IsInt()
  @Min(1)
  author?: number;

  /** Publication date, read in the site's time zone. */
  @ApiNamedSchema('DateInput')
  @OptionalField()
  @IsStringOrNumber()
  date?: string | number;

  /** Publication date in UTC; wins over `date`. */
  @ApiNamedSchema('DateInput')
  @OptionalField()
  @IsStringOrNumber()
  date_utc?: string | number;

  /** Post status; `trash` only through DELETE. */
  @OptionalField()
  @IsIn(WRITABLE_STATUSES)
  status?: WritableStatus;

  /** HTML description, cleaned to a safe allow-list; "" clears it. At most 65,535 characters. */
  @OptionalField()
  @IsString()
  @MaxLength(MAX_HTML_INPUT_LENGTH)
  description?: string;

  /** URL slug; generated from the name when absent or "". */
  @OptionalField()
  @IsString()
  @MaxLength(200)
  slug?: string;

  /**
   * Featured image: an image ID or an http(s) URL (a URL already recorded is that image; contributors may not add new ones); only images you recorded or that a record you may open shows can be used; "" removes it.
   */
  @ApiNamedSchema('ImageInput')
  @OptionalField()
  @ToImageInput()
  @IsStringOrNumber()
  image?: string | number;

  /** Password readers must give to see the record; "" removes it. Never returned. */
  @OptionalField()
  @IsString()
  @MaxLength(255)
  password?: string;
}
