/** A category or tag as returned (contract §2). */
export class TermResponse {
  id: number;
  name: string;
  slug: string;
  description: string;
  /** `tribe_events_cat` for categories, `post_tag` for tags. */
  taxonomy: string;
  /** Parent category ID; 0 for none (always 0 for tags). */
  parent: number;
  /** Number of published events using the term. */
  count: number;
  /** Public archive page of the term. */
  url: string;
  urls: { self: string; collection: string; up?: string };
}
