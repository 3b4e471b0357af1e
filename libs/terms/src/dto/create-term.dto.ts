import { ToInt } from '@app/common';
import { IsDefined, IsInt, IsNotEmpty, IsOptional, IsString, MaxLength, Min, ValidateIf } from 'class-validator';

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
  description?: string;

  /** URL slug; generated from the name when absent or "". */
  @IsOptional()
  @IsString()
  @MaxLength(200)
  slug?: string;
}

/** Categories add `parent`. */
export class HierarchicalTermFieldsDto extends TermFieldsDto {
  /** ID of the parent category; 0 or "" for none. */
  @IsOptional()
  @ToInt()
  @ValidateIf((_o, value) => value !== '')
  @IsInt()
  @Min(0)
  parent?: number | '';
}

/** Body of `POST /tags`. */
export class CreateTermDto extends TermFieldsDto {
  @IsDefined()
  override name!: string;
}

/** Body of `POST /categories`. */
export class CreateHierarchicalTermDto extends HierarchicalTermFieldsDto {
  @IsDefined()
  override name!: string;
}
