import { ListPostsQuery, WithFieldFilters } from '@app/posts';
import { ORGANIZER_FIELDS } from '../organizer.fields';

/** The organizer list's query: the shared filters and those declared in organizer.fields.ts. */
export class ListOrganizersQuery extends WithFieldFilters(ListPostsQuery, ORGANIZER_FIELDS, 'organizers_list') {}
