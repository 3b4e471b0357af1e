import { API_NAMESPACE, LocalizedQuery } from '@app/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString } from 'class-validator';

/** `view`, `embed` and `edit` (what WordPress clients send) give the same index; `help` adds each route's response schema. */
const INDEX_CONTEXTS = ['view', 'embed', 'edit', 'help'] as const;
type IndexContext = (typeof INDEX_CONTEXTS)[number];

/** Query of the namespace index `GET /{ns}`. */
export class NamespaceIndexQuery extends LocalizedQuery {
  /** Namespace to describe; only this API's namespace exists. */
  @ApiPropertyOptional({ default: API_NAMESPACE })
  @IsOptional()
  @IsString()
  namespace?: string;

  /** Detail of the index: `help` adds the response schema of each route. */
  @ApiPropertyOptional({ enum: INDEX_CONTEXTS, default: 'view' })
  @IsOptional()
  @IsIn(INDEX_CONTEXTS)
  context?: IndexContext;
}
