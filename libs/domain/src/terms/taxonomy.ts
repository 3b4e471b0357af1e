/** Taxonomy names as the plugin reports them in `taxonomy`. */
export const TAXONOMIES = {
  category: 'tribe_events_cat',
  tag: 'post_tag',
} as const;
export type Taxonomy = (typeof TAXONOMIES)[keyof typeof TAXONOMIES];
