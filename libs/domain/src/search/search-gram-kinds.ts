import { SearchGramIndex } from './search-gram-index';

/*
 * The searchable columns of each kind, as their repositories search them (the name first): the
 * index holds the grams of all of them, the search's substring test decides which column counts.
 */
/*
 * Events: an occurrence that kept its series' texts has no grams of its own; its text_id (the
 * series' ID) finds it through the series' grams, so a long series costs no more than one event.
 */
export const eventSearchGrams = new SearchGramIndex(
  'events',
  ['title', 'description', 'excerpt'],
  { column: 'text_id', owners: 'text_id = id' },
  // What an anonymous list checks of a match (visibility, listing, window, lock), in the order of
  // eventPostingCopyValues: a search's total is counted from the postings (EventsRepository).
  {
    status: 'r.status',
    published_utc: 'r.published_utc',
    hide_from_listings: 'r.hide_from_listings',
    is_series: 'r.is_series',
    start_utc: 'r.start_utc',
    end_utc: 'r.end_utc',
    locked: "(r.password IS NOT NULL AND r.password <> '')",
  },
);

/** The values of an event's posting copies from its row, in the order declared above (bulk loads). */
export function eventPostingCopyValues(row: {
  status?: unknown;
  publishedUtc?: unknown;
  hideFromListings?: unknown;
  isSeries?: unknown;
  startUtc?: unknown;
  endUtc?: unknown;
  password?: unknown;
}): unknown[] {
  const locked = typeof row.password === 'string' && row.password !== '';
  return [row.status, row.publishedUtc, Boolean(row.hideFromListings), Boolean(row.isSeries), row.startUtc, row.endUtc, locked];
}
export const venueSearchGrams = new SearchGramIndex('venues', [
  'title',
  'description',
  'excerpt',
  'address',
  'city',
  'province',
  'state',
  'stateprovince',
  'zip',
  'phone',
]);
export const organizerSearchGrams = new SearchGramIndex('organizers', ['title', 'description', 'excerpt', 'phone', 'email', 'website']);
