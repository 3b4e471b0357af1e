import { RequireRoles } from '@app/auth';
import { API_NAMESPACE, IdParam, LinkContext, Links, pageResponse } from '@app/common';
import { APP_CONFIG, AppConfig } from '@app/config';
import { TAG_KIND, TermResponse, TermsService, toTermResponse } from '@app/terms';
import { Body, Controller, Delete, Get, HttpCode, Inject, Patch, Post, Put, Query, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { CreateTagDto } from './dto/create-tag.dto';
import { ListTagsQuery } from './dto/list-tags.query';
import { UpdateTagDto } from './dto/update-tag.dto';
import {
  ApiCreateResponses,
  ApiListResponses,
  ApiReadResponses,
  ApiTermDeleteResponses,
  ApiUpdateResponses,
} from '../swagger/api-responses';
import { TermDto } from '../swagger/schemas/term.dto';
import { TagListDto } from '../swagger/schemas/list-envelopes.dto';

const KIND = TAG_KIND;

@ApiTags('tags')
@Controller(`${API_NAMESPACE}/tags`)
export class TagsController {
  constructor(
    private readonly terms: TermsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @ApiListResponses(TagListDto)
  @Get()
  async list(@Query() query: ListTagsQuery, @Links() links: LinkContext, @Res({ passthrough: true }) res: Response) {
    const { items, page } = await this.terms.listPage(KIND, query, this.config.maxPerPage, links);
    return pageResponse(res, KIND.collection, items, page);
  }

  @ApiCreateResponses(TermDto)
  @Post()
  @RequireRoles('administrator', 'editor')
  async create(@Body() dto: CreateTagDto, @Links() links: LinkContext, @Res({ passthrough: true }) res: Response): Promise<TermResponse> {
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
  update(@IdParam() id: number, @Body() dto: UpdateTagDto, @Links() links: LinkContext): Promise<TermResponse> {
    return this.save(id, dto, links);
  }

  @ApiUpdateResponses(TermDto)
  @Put(':id')
  @RequireRoles('administrator', 'editor')
  replace(@IdParam() id: number, @Body() dto: UpdateTagDto, @Links() links: LinkContext): Promise<TermResponse> {
    return this.save(id, dto, links);
  }

  @ApiUpdateResponses(TermDto)
  @Patch(':id')
  @RequireRoles('administrator', 'editor')
  patch(@IdParam() id: number, @Body() dto: UpdateTagDto, @Links() links: LinkContext): Promise<TermResponse> {
    return this.save(id, dto, links);
  }

  @ApiTermDeleteResponses(TermDto)
  @Delete(':id')
  @RequireRoles('administrator', 'editor')
  async delete(@IdParam() id: number, @Links() links: LinkContext): Promise<TermResponse> {
    const { term, count } = await this.terms.delete(KIND, id);
    return toTermResponse(term, count, KIND, links);
  }

  private async save(id: number, dto: UpdateTagDto, links: LinkContext): Promise<TermResponse> {
    const { term, count } = await this.terms.update(KIND, id, dto);
    return toTermResponse(term, count, KIND, links);
  }
}
