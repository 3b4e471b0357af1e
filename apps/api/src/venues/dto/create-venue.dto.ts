import { IsHttpUrlOrEmpty, IsNumberInRangeOrEmpty, ToBoolean, ToNumber, Trim } from '@app/common';
import { OptionalField, PostFieldsDto } from '@app/posts';
import { ApiPropertyOptional, OmitType } from '@nestjs/swagger';
import { IsBoolean, IsDefined, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { coordinateInput } from '../../swagger/input-schemas';

/** Writable venue fields; all optional, as on update. */
export class VenueFieldsDto extends PostFieldsDto {
  /** Venue name, plain text. */
  @OptionalField()
  @Trim()
  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  venue?: string;

  /** Whether events at this venue show a map. */
  @OptionalField()
  @ToBoolean()
  @IsBoolean()
  show_map?: boolean;

  /** Whether events at this venue show a map link. */
  @OptionalField()
  @ToBoolean()
  @IsBoolean()
  show_map_link?: boolean;

  /** Street address. */
  @OptionalField()
  @IsString()
  @MaxLength(255)
  address?: string;

  /** City. */
  @OptionalField()
  @IsString()
  @MaxLength(255)
  city?: string;

  /** Country, as it should be displayed. */
  @OptionalField()
  @IsString()
  @MaxLength(255)
  country?: string;

  /** Province, for addresses outside the US. */
  @OptionalField()
  @IsString()
  @MaxLength(255)
  province?: string;

  /** State, for US addresses. */
  @OptionalField()
  @IsString()
  @MaxLength(255)
  state?: string;

  /** ZIP or postal code. */
  @OptionalField()
  @IsString()
  @MaxLength(64)
  zip?: string;

  /** Phone number of the venue. */
  @OptionalField()
  @IsString()
  @MaxLength(64)
  phone?: string;

  /** State or province as displayed; derived from `state`/`province` while never set. */
  @OptionalField()
  @IsString()
  @MaxLength(255)
  stateprovince?: string;

  /** Website, an http(s) URL; "" clears it. */
  @OptionalField()
  @IsHttpUrlOrEmpty()
  @MaxLength(2048)
  website?: string;

  /** Latitude in degrees (-90 to 90); "" clears it. */
  @ApiPropertyOptional(coordinateInput(90))
  @OptionalField()
  @ToNumber()
  @IsNumberInRangeOrEmpty(-90, 90)
  geo_lat?: number | '';

  /** Longitude in degrees (-180 to 180); "" clears it. */
  @ApiPropertyOptional(coordinateInput(180))
  @OptionalField()
  @ToNumber()
  @IsNumberInRangeOrEmpty(-180, 180)
  geo_lng?: number | '';
}

/*
 * The create body drops the optional `venue` of the update fields and declares it anew:
 * class-validator merges inherited decorators, and an inherited @IsOptional would let a missing
 * name through.
 */

/** Body of `POST /venues`. */
export class CreateVenueDto extends OmitType(VenueFieldsDto, ['venue'] as const) {
  /** Venue name, plain text. */
  @IsDefined()
  @Trim()
  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  venue: string;
}
