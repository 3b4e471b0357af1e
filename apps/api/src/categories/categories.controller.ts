import { RequireRoles } from '@app/auth';
import { API_NAMESPACE, IdParam, LinkContext, Links, pageResponse } from '@app/common';
import { APP_CONFIG, AppConfig } from '@app/config';
import { CATEGORY_KIND, TermResponse, TermsService, toTermResponse } from '@app/terms';
import { Body, Controller, Delete, Get, HttpCode, Inject, Patch, Post, Put, Query, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { CreateCategoryDto } from './dto/create-category.dto';
import { ListCategoriesQuery } from './dto/list-categories.query';
import { UpdateCategoryDto } from './dto/update-category.dto';
import {
  ApiCreateResponses,
  ApiListResponses,
  ApiReadResponses,
  ApiTermDeleteResponses,
  ApiUpdateResponses,
} from '../swagger/api-responses';
import { TermDto } from '../swagger/schemas/term.dto';
import { CategoryListDto } from '../swagger/schemas/list-envelopes.dto';

const KIND = CATEGORY_KIND;

@ApiTags('categories')
@Controller(`${API_NAMESPACE}/categories`)
export class CategoriesController {
  constructor(
    private readonly terms: TermsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @ApiListResponses(CategoryListDto)
  @Get()
  async list(@Query() query: ListCategoriesQuery, @Links() links: LinkContext, @Res({ passthrough: true }) res: Response) {
    const { items, page } = await this.terms.listPage(KIND, query, this.config.maxPerPage, links);
    return pageResponse(res, KIND.collection, items, page);
  }

  @ApiCreateResponses(TermDto)
  @Post()
  @RequireRoles('administrator', 'editor')
  async create(
    @Body() dto: CreateCategoryDto,
    @Links() links: LinkContext,
    @Res({ passthrough: true }) res: Response,
  ): Promise<TermResponse> {
    const { term, count } = await this.terms.create(KIND, dto);
    const body = toTermResponse(term, count, KIND, links);
    res.setHeader('Location', body.urls.self);
    return body;
  }

  @ApiReadResponses(TermDto)
  @Get(':id')
  async get(@IdParam() id: number, @Links() links: LinkContext): Promise<TermResponse> {
    const { term, count } = await this.terms.get(KIND, id);
    return toTermResponse(term, count, KIND, links);
  }

  @ApiUpdateResponses(TermDto)
  @Post(':id')
  @HttpCode(200)
  @RequireRoles('administrator', 'editor')
  update(@IdParam() id: number, @Body() dto: UpdateCategoryDto, @Links() links: LinkContext): Promise<TermResponse> {
    return this.save(id, dto, links);
  }

  @ApiUpdateResponses(TermDto)
  @Put(':id')
  @RequireRoles('administrator', 'editor')
  replace(@IdParam() id: number, @Body() dto: UpdateCategoryDto, @Links() links: LinkContext): Promise<TermResponse> {
    return this.save(id, dto, links);
  }

  @ApiUpdateResponses(TermDto)
  @Patch(':id')
  @RequireRoles('administrator', 'editor')
  patch(@IdParam() id: number, @Body() dto: UpdateCategoryDto, @Links() links: LinkContext): Promise<TermResponse> {
    return this.save(id, dto, links);
  }

  @ApiTermDeleteResponses(TermDto)
  @Delete(':id')
  @RequireRoles('administrator', 'editor')
  async delete(@IdParam() id: number, @Links() links: LinkContext): Promise<TermResponse> {
    const { term, count } = await this.terms.delete(KIND, id);
    return toTermResponse(term, count, KIND, links);
  }

  private async save(id: number, dto: UpdateCategoryDto, links: LinkContext): Promise<TermResponse> {
    const { term, count } = await this.terms.update(KIND, id, dto);
    return toTermResponse(term, count, KIND, links);
  }
}
