import { Taxonomy, TAXONOMIES } from './taxonomy';

/** What distinguishes categories from tags; everything else about terms is shared. */
export interface TermKind {
  taxonomy: Taxonomy;
  /** Route segment and list envelope key. */
  collection: 'categories' | 'tags';
  /** Public archive path on the site (`<SITE_URL>/<publicPath>/<slug>/`). */
  publicPath: string;
  hierarchical: boolean;
}

export const CATEGORY_KIND: TermKind = {
  taxonomy: TAXONOMIES.category,
  collection: 'categories',
  publicPath: 'events/category',
  hierarchical: true,
};

export const TAG_KIND: TermKind = {
  taxonomy: TAXONOMIES.tag,
  collection: 'tags',
  publicPath: 'events/tag',
  hierarchical: false,
};
