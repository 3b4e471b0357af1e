import { ToInt } from '@app/common';
import { ApiPropertyOptional, OmitType } from '@nestjs/swagger';
import { IsDefined, IsInt, IsNotEmpty, IsOptional, IsString, MaxLength, Min, ValidateIf } from 'class-validator';

/**
 * The description column is a MySQL TEXT (65,535 bytes). At up to four bytes per character this many
 * characters always fit, so a longer description is a 400 rather than a database error.
 */
export const MAX_TERM_DESCRIPTION_LENGTH = 16_000;

/** The writable fields of a tag; every one optional, as on update. */
export class TermFieldsDto {
  /** Term name, plain text. */
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  name?: string;

  /** Plain-text description; "" clears it. */
  @IsOptional()
  @IsString()
  @MaxLength(MAX_TERM_DESCRIPTION_LENGTH)
  description?: string;

  /** URL slug; generated from the name when absent or "". */
  @IsOptional()
  @IsString()
  @MaxLength(200)
  slug?: string;
}

/** Categories add `parent`. */
export class HierarchicalTermFieldsDto extends TermFieldsDto {
  /** ID of the parent category; 0, "" or null for none. */
  @ApiPropertyOptional({
    oneOf: [
      { type: 'integer', minimum: 0 },
      { type: 'string', nullable: true, enum: ['', null] },
    ],
  })
  @IsOptional()
  @ToInt()
  @ValidateIf((_o, value) => value !== '')
  @IsInt()
  @Min(0)
  parent?: number | '' | null;
}

/*
 * Create bodies drop the optional `name` of the update fields and declare it anew: class-validator
 * merges inherited decorators, so an inherited @IsOptional would let a missing name through.
 */

/** Body of `POST /tags`. */
export class CreateTermDto extends OmitType(TermFieldsDto, ['name'] as const) {
  /** Term name, plain text. */
  @IsDefined()
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  name: string;
}

/** Body of `POST /categories`. */
export class CreateHierarchicalTermDto extends OmitType(HierarchicalTermFieldsDto, ['name'] as const) {
  /** Term name, plain text. */
  @IsDefined()
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  name: string;
}
