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
  // What an anonymous list checks of a match (visibility, listing, window, lock): a search's total
  // is counted from the postings (EventsRepository).
  {
    status: { sql: 'r.status', value: (row) => row.status },
    published_utc: { sql: 'r.published_utc', value: (row) => row.publishedUtc },
    hide_from_listings: { sql: 'r.hide_from_listings', value: (row) => Boolean(row.hideFromListings) },
    is_series: { sql: 'r.is_series', value: (row) => Boolean(row.isSeries) },
    start_utc: { sql: 'r.start_utc', value: (row) => row.startUtc },
    end_utc: { sql: 'r.end_utc', value: (row) => row.endUtc },
    locked: {
      sql: "(r.password IS NOT NULL AND r.password <> '')",
      value: (row) => typeof row.password === 'string' && row.password !== '',
    },
  },
);

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
