import { IsHttpUrlOrEmpty, Trim } from '@app/common';
import { OptionalField, PostFieldsDto } from '@app/posts';
import { OmitType } from '@nestjs/swagger';
import { IsDefined, IsEmail, IsNotEmpty, IsString, MaxLength, ValidateIf } from 'class-validator';

/** Writable organizer fields; all optional, as on update. */
export class OrganizerFieldsDto extends PostFieldsDto {
  /** Organizer name, plain text. */
  @OptionalField()
  @Trim()
  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  organizer?: string;

  /** Phone number of the organizer. */
  @OptionalField()
  @IsString()
  @MaxLength(64)
  phone?: string;

  /** Website, an http(s) URL; "" clears it. */
  @OptionalField()
  @IsHttpUrlOrEmpty()
  @MaxLength(2048)
  website?: string;

  /** E-mail address; "" clears it. */
  @OptionalField()
  @Trim()
  @IsString()
  @ValidateIf((_o, value) => value !== '')
  @IsEmail()
  @MaxLength(255)
  email?: string;
}

/*
 * The create body drops the optional `organizer` of the update fields and declares it anew:
 * class-validator merges inherited decorators, and an inherited @IsOptional would let a missing
 * name through.
 */

/** Body of `POST /organizers`. */
export class CreateOrganizerDto extends OmitType(OrganizerFieldsDto, ['organizer'] as const) {
  /** Organizer name, plain text. */
  @IsDefined()
  @Trim()
  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  organizer: string;
}
