import { Category, Tag, Taxonomy, TAXONOMIES, TermTarget } from '@app/domain';

/** What distinguishes categories from tags; everything else about terms is shared. */
export interface TermKind {
  taxonomy: Taxonomy;
  /** The entity of the taxonomy: queries on it see only its terms. */
  target: TermTarget;
  /** Route segment and list envelope key. */
  collection: 'categories' | 'tags';
  /** Public archive path on the site (`<SITE_URL>/<publicPath>/<ancestor slugs>/<slug>/`). */
  publicPath: string;
  hierarchical: boolean;
}

export const CATEGORY_KIND: TermKind = {
  taxonomy: TAXONOMIES.category,
  target: Category,
  collection: 'categories',
  publicPath: 'events/category',
  hierarchical: true,
};

export const TAG_KIND: TermKind = {
  taxonomy: TAXONOMIES.tag,
  target: Tag,
  collection: 'tags',
  // WordPress links tags at its own tag archive, not under the calendar's path.
  publicPath: 'tag',
  hierarchical: false,
};
