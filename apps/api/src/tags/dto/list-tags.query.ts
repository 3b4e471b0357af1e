import { ListTermsQuery } from '@app/terms';

export class ListTagsQuery extends ListTermsQuery {}
