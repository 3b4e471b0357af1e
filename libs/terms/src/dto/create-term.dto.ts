import { ToInt } from '@app/common';
import { OptionalField, WithBodyFields } from '@app/posts';
import { ApiPropertyOptional, OmitType } from '@nestjs/swagger';
import { IsDefined, IsInt, IsNotEmpty, IsOptional, IsString, MaxLength, Min, ValidateIf } from 'class-validator';
import { TERM_FIELDS } from '../term.fields';

/** The fields term.fields.ts declares hand-written; the name is required on create (declared anew there). */
class TermOwnFieldsDto {
  /** Term name, plain text. */
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  name?: string;

  /** URL slug; generated from the name when absent or "". */
  @OptionalField()
  @IsString()
  @MaxLength(200)
  slug?: string;
}

/*
 * The other declared fields (term.fields.ts) take their texts from the create body of their
 * taxonomy (`CreateTagDto.description`, `CreateCategoryDto.description`), which the update body shares.
 */

/** The writable fields of a tag; every one optional, as on update. */
export class TermFieldsDto extends WithBodyFields(TermOwnFieldsDto, TERM_FIELDS, 'CreateTagDto') {}

/** The writable fields of a category: a tag's and `parent`. */
export class HierarchicalTermFieldsDto extends WithBodyFields(TermOwnFieldsDto, TERM_FIELDS, 'CreateCategoryDto') {
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
