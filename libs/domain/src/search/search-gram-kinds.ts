import { SearchGramIndex } from './search-gram-index';

/*
 * The searchable columns of each kind, as their repositories search them (the name first): the
 * index holds the grams of all of them, the search's substring test decides which column counts.
 */
export const eventSearchGrams = new SearchGramIndex('events', ['title', 'description', 'excerpt']);
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
