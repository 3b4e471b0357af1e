import { IsHttpUrlOrEmpty, Trim } from '@app/common';
import { PostFieldsDto } from '@app/posts';
import { IsDefined, IsEmail, IsNotEmpty, IsOptional, IsString, MaxLength, ValidateIf } from 'class-validator';

/** Writable organizer fields; all optional, as on update. */
export class OrganizerFieldsDto extends PostFieldsDto {
  /** Organizer name, plain text. */
  @IsOptional()
  @Trim()
  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  organizer?: string;

  @IsOptional()
  @IsString()
  @MaxLength(64)
  phone?: string;

  /** Website, an http(s) URL; "" clears it. */
  @IsOptional()
  @IsHttpUrlOrEmpty()
  @MaxLength(2048)
  website?: string;

  /** E-mail address; "" clears it. */
  @IsOptional()
  @Trim()
  @IsString()
  @ValidateIf((_o, value) => value !== '')
  @IsEmail()
  @MaxLength(255)
  email?: string;
}

/** Body of `POST /organizers`. */
export class CreateOrganizerDto extends OrganizerFieldsDto {
  @IsDefined()
  override organizer!: string;
}
