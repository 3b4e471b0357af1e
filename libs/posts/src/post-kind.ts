/** What distinguishes events, venues and organizers for the shared post-record machinery. */
export interface PostKind {
  /** Singular, used in error codes (`venue-is-in-trash`) and message keys. */
  name: 'event' | 'venue' | 'organizer';
  /** Route segment and list envelope key. */
  collection: 'events' | 'venues' | 'organizers';
  /** Table of the kind, for raw joins. */
  table: 'events' | 'venues' | 'organizers';
  /** Public page path on the site: `<SITE_URL>/<publicPath>/<slug>/`. */
  publicPath: string;
  /** Slug used when a title yields none (e.g. only punctuation). */
  fallbackSlug: string;
}

export const EVENT_KIND: PostKind = { name: 'event', collection: 'events', table: 'events', publicPath: 'event', fallbackSlug: 'event' };
export const VENUE_KIND: PostKind = { name: 'venue', collection: 'venues', table: 'venues', publicPath: 'venue', fallbackSlug: 'venue' };
export const ORGANIZER_KIND: PostKind = {
  name: 'organizer',
  collection: 'organizers',
  table: 'organizers',
  publicPath: 'organizer',
  fallbackSlug: 'organizer',
};
