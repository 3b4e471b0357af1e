import { Trim } from '@app/common';
import { OptionalField, PostFieldsDto, WithBodyFields } from '@app/posts';
import { OmitType } from '@nestjs/swagger';
import { IsDefined, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { VENUE_FIELDS } from '../venue.fields';

/** Writable venue fields; all optional, as on update. The declared ones come from venue.fields.ts. */
export class VenueFieldsDto extends WithBodyFields(PostFieldsDto, VENUE_FIELDS, 'CreateVenueDto') {
  /** Venue name, plain text. */
  @OptionalField()
  @Trim()
  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  venue?: string;
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
