import {
  OptionalBooleanFilter,
  OptionalIdFilter,
  OptionalIdListFilter,
  OptionalSearchText,
  PageQuery,
  ToInt,
  ToStringArray,
} from '@app/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayNotEmpty, IsArray, IsIn, IsInt, IsOptional, IsString, Min } from 'class-validator';
import { TERM_ORDERBY } from '@app/domain';

const SORT_ORDER = ['asc', 'desc'] as const;

/** Query of `GET /categories` and `GET /tags`. */
export class ListTermsQuery extends PageQuery {
  /** Only terms whose name or slug contains this text (case-insensitive). */
  @OptionalSearchText()
  search?: string;

  /** Leave out terms with these IDs. */
  @OptionalIdListFilter()
  exclude?: number[];

  /** Only terms with these IDs. */
  @OptionalIdListFilter()
  include?: number[];

  /** Sort direction. */
  @IsOptional()
  @Transform(({ value }) => (typeof value === 'string' ? value.toLowerCase() : value))
  @IsIn(SORT_ORDER)
  order?: (typeof SORT_ORDER)[number];

  /** Term attribute to sort by. */
  @IsOptional()
  @Transform(({ value }) => (typeof value === 'string' ? value.toLowerCase() : value))
  @IsIn(TERM_ORDERBY)
  orderby?: (typeof TERM_ORDERBY)[number];

  /** Hide terms not assigned to any published event. */
  @ApiPropertyOptional({ default: true })
  @OptionalBooleanFilter()
  hide_empty?: boolean;

  /** Only terms assigned to this event. */
  @OptionalIdFilter()
  post?: number;

  /** Alias of `post`; wins when both are given. */
  @OptionalIdFilter()
  event?: number;

  /** Only terms with one of these slugs; an empty `slug=` is refused (400). */
  @IsOptional()
  @ToStringArray()
  @IsArray()
  @ArrayNotEmpty()
  @IsString({ each: true })
  slug?: string[];
}

/** Categories add `parent`. */
export class ListHierarchicalTermsQuery extends ListTermsQuery {
  /** Only direct children of this category; 0 for top-level categories. */
  @IsOptional()
  @ToInt()
  @IsInt()
  @Min(0)
  parent?: number;
}
