import { ListPostsQuery, WithFieldFilters } from '@app/posts';
import { VENUE_FIELDS } from '../venue.fields';

/** The venue list's query: the shared filters and those declared in venue.fields.ts. */
export class ListVenuesQuery extends WithFieldFilters(ListPostsQuery, VENUE_FIELDS, 'venues_list') {}
