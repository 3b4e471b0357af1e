import { ApiProperty, ApiSchema } from '@nestjs/swagger';

/** REST links of a term. */
@ApiSchema({ name: 'TermUrls' })
export class TermUrls {
  /** This term in the API. */
  self: string;
  /** The list the term belongs to in the API. */
  collection: string;
  /** The parent category in the API; only when the term has a parent. */
  up?: string;
}

/** A category or tag as returned (docs/api-rules.md, Records as returned); events embed the same shape. */
@ApiSchema({ name: 'Term' })
export class TermResponse {
  /** Term ID. */
  @ApiProperty({ type: 'integer' })
  id: number;

  /** Name of the category or tag. */
  name: string;

  /** URL slug of the term, unique within its taxonomy. */
  slug: string;

  /** Plain-text description of the term. */
  description: string;

  /** `tribe_events_cat` for categories, `post_tag` for tags. */
  @ApiProperty({ enum: ['tribe_events_cat', 'post_tag'] })
  taxonomy: string;

  /** ID of the parent category; 0 for none (always 0 for tags). */
  @ApiProperty({ type: 'integer' })
  parent: number;

  /** Number of published events that use the term. */
  @ApiProperty({ type: 'integer' })
  count: number;

  /** Public archive page of the term on the site; a category's path holds its ancestors' slugs (`/events/category/music/jazz/`), a tag's is `/tag/<slug>/`. */
  url: string;

  /** Term meta; always empty. */
  @ApiProperty({ type: 'array', items: { type: 'object' }, maxItems: 0 })
  meta: never[];

  /** REST links of the term. */
  urls: TermUrls;
}
