import { WithRecordFields } from '@app/posts';
import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { TERM_FIELDS } from '../term.fields';

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

/** Whatever a response class starts from: a term has no shared head. */
abstract class NoHead {}

/**
 * A category or tag as returned (docs/api-rules.md, Records as returned); events embed the same
 * shape. The declared fields come from term.fields.ts; the hand-written ones are declared here.
 */
@ApiSchema({ name: 'Term' })
export class TermResponse extends WithRecordFields(NoHead, TERM_FIELDS, 'Term') {
  /** Term ID. */
  @ApiProperty({ type: 'integer' })
  id: number;

  /** Name of the category or tag. */
  name: string;

  /** URL slug of the term, unique within its taxonomy. */
  slug: string;

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
