import { UpdateHierarchicalTermDto } from '@app/terms';

export class UpdateCategoryDto extends UpdateHierarchicalTermDto {}
