import { API_NAMESPACE } from '@app/common';
import { TermController } from '@app/terms';
import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CategoriesService } from './categories.service';
import { CategoryListResponse } from './dto/category-list.response';
import { CreateCategoryDto } from './dto/create-category.dto';
import { ListCategoriesQuery } from './dto/list-categories.query';
import { UpdateCategoryDto } from './dto/update-category.dto';

@ApiTags('categories')
@Controller(`${API_NAMESPACE}/categories`)
export class CategoriesController extends TermController({
  createDto: CreateCategoryDto,
  updateDto: UpdateCategoryDto,
  listQuery: ListCategoriesQuery,
  listResponse: CategoryListResponse,
}) {
  constructor(service: CategoriesService) {
    super(service);
  }
}
