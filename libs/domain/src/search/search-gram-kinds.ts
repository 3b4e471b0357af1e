import { SearchGramIndex } from './search-gram-index';

/*
 * The searchable columns of each kind, as their repositories search them (the name first): the
 * index holds the grams of all of them, the search's substring test decides which column counts.
 */
/*
 * Events: an occurrence that kept its series' texts has no grams of its own; its text_id (the
 * series' ID) finds it through the series' grams, so a long series costs no more than one event.
 */
export const eventSearchGrams = new SearchGramIndex('events', ['title', 'description', 'excerpt'], {
  column: 'text_id',
  owners: 'text_id = id',
});
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
