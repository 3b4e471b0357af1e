import { ListPostsQuery } from '@app/posts';

export class ListVenuesQuery extends ListPostsQuery {}
