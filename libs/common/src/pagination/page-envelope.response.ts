import { ApiProperty } from '@nestjs/swagger';

/** Paging links and counts every list carries (docs/api-rules.md, Lists); not a schema of its own. */
export abstract class PageEnvelope {
  /** This page, repeating the effective query with its defaults filled in. */
  rest_url: string;

  /** The next page; only when there is one. */
  next_rest_url?: string;

  /** The previous page; only from page 2 on. */
  previous_rest_url?: string;

  /** Number of records that match, on all pages. */
  @ApiProperty({ type: 'integer' })
  total: number;

  /** Number of pages; 0 when nothing matches. */
  @ApiProperty({ type: 'integer' })
  total_pages: number;
}
