import { HierarchicalTermFieldsDto, TermFieldsDto } from './create-term.dto';

/** Body of `POST|PUT|PATCH /tags/{id}`: fields not sent keep their values. */
export class UpdateTermDto extends TermFieldsDto {}

/** Body of `POST|PUT|PATCH /categories/{id}`. */
export class UpdateHierarchicalTermDto extends HierarchicalTermFieldsDto {}
