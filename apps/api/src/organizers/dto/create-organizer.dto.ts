import { Trim } from '@app/common';
import { OptionalField, PostFieldsDto, WithBodyFields } from '@app/posts';
import { OmitType } from '@nestjs/swagger';
import { IsDefined, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { ORGANIZER_FIELDS } from '../organizer.fields';

/** Writable organizer fields; all optional, as on update. The declared ones come from organizer.fields.ts. */
export class OrganizerFieldsDto extends WithBodyFields(PostFieldsDto, ORGANIZER_FIELDS, 'CreateOrganizerDto') {
  /** Organizer name, plain text. */
  @OptionalField()
  @Trim()
  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  organizer?: string;
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
