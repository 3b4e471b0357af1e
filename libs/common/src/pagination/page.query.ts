import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, Min } from 'class-validator';
import { LocalizedQuery } from '../validation/localized.query';
import { ToInt } from '../validation/transforms';

/** `page` and `per_page`, shared by every list route (docs/api-rules.md, Lists). */
export class PageQuery extends LocalizedQuery {
  /** Page of the collection to return (default 1). */
  @ApiPropertyOptional({ default: 1 })
  @IsOptional()
  @ToInt()
  @IsInt()
  @Min(1)
  page?: number;

  /** Records per page (default 10); lowered to MAX_PER_PAGE. */
  @ApiPropertyOptional({ default: 10 })
  @IsOptional()
  @ToInt()
  @IsInt()
  @Min(1)
  per_page?: number;
}
