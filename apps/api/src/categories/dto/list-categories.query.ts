import { ListHierarchicalTermsQuery } from '@app/terms';

export class ListCategoriesQuery extends ListHierarchicalTermsQuery {}
