import { CreateHierarchicalTermDto } from '@app/terms';

export class CreateCategoryDto extends CreateHierarchicalTermDto {}
