import { ListPostsQuery } from '@app/posts';

export class ListOrganizersQuery extends ListPostsQuery {}
