import { API_NAMESPACE } from '@app/common';
import { TermController } from '@app/terms';
import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { TagsService } from './tags.service';
import { TagListResponse } from './dto/tag-list.response';
import { CreateTagDto } from './dto/create-tag.dto';
import { ListTagsQuery } from './dto/list-tags.query';
import { UpdateTagDto } from './dto/update-tag.dto';

@ApiTags('tags')
@Controller(`${API_NAMESPACE}/tags`)
export class TagsController extends TermController({
  createDto: CreateTagDto,
  updateDto: UpdateTagDto,
  listQuery: ListTagsQuery,
  listResponse: TagListResponse,
}) {
  constructor(service: TagsService) {
    super(service);
  }
}
