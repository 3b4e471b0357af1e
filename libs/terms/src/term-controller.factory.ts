import { CurrentUser, RequireRoles } from '@app/auth';
import {
  ApiCreateResponses,
  ApiListResponses,
  ApiReadResponses,
  ApiTermDeleteResponses,
  ApiUpdateResponses,
  AuthenticatedUser,
  Ctx,
  declareParamTypes,
  IdParam,
  Reply,
  RequestContext,
} from '@app/common';
import { applyDecorators, Body, Delete, Get, HttpCode, Param, Patch, Post, Put, Query, Type } from '@nestjs/common';
import { HierarchicalTermFieldsDto } from './dto/create-term.dto';
import { ListHierarchicalTermsQuery } from './dto/list-terms.query';
import { TermResponse } from './dto/term.response';
import { toTermResponse } from './term.mapper';
import { TermRef, TermsService } from './terms.service';

/** The classes a taxonomy's routes validate and document. */
interface TermResourceTypes {
  createDto: Type;
  updateDto: Type;
  listQuery: Type;
  listResponse: Type;
}

type TermBody = HierarchicalTermFieldsDto & { name: string };

/** An update route: editors and administrators change a term and get it back (so POST answers 200, not 201). */
const EditorWrite = (route: MethodDecorator, ...more: MethodDecorator[]) =>
  applyDecorators(ApiUpdateResponses(TermResponse), route, ...more, RequireRoles('administrator', 'editor'));

/** What an update may carry (the taxonomy's update DTO validates it; see declareParamTypes below). */
type Fields = HierarchicalTermFieldsDto;

/**
 * The routes of a taxonomy (categories, tags), by ID and by slug with the same rules: anyone reads,
 * editors and administrators write. The taxonomy's controller extends the class this returns.
 */
export function TermController(types: TermResourceTypes) {
  abstract class TermControllerBase {
    constructor(protected readonly service: TermsService) {}

    @ApiListResponses(types.listResponse)
    @Get()
    async list(
      @Query() query: ListHierarchicalTermsQuery,
      @CurrentUser() user: AuthenticatedUser | undefined,
      @Ctx() context: RequestContext,
    ) {
      const { items, page } = await this.service.list(query, user, context);
      const kind = this.service.kind;
      return Reply.page(
        kind.collection,
        items.map((item) => toTermResponse(item, kind, context.links)),
        page,
      );
    }

    @ApiCreateResponses(TermResponse)
    @Post()
    @RequireRoles('administrator', 'editor')
    async create(@Body() dto: TermBody, @Ctx() context: RequestContext) {
      const body = toTermResponse(await this.service.create(dto), this.service.kind, context.links);
      return Reply.created(body, body.urls.self);
    }

    @ApiReadResponses(TermResponse)
    @Get('by-slug/:slug')
    getBySlug(@Param('slug') slug: string, @Ctx() context: RequestContext): Promise<TermResponse> {
      return this.read({ slug }, context);
    }

    @EditorWrite(Post('by-slug/:slug'), HttpCode(200))
    updateBySlug(@Param('slug') slug: string, @Body() dto: Fields, @Ctx() context: RequestContext): Promise<TermResponse> {
      return this.write({ slug }, dto, context);
    }

    @EditorWrite(Put('by-slug/:slug'))
    replaceBySlug(@Param('slug') slug: string, @Body() dto: Fields, @Ctx() context: RequestContext): Promise<TermResponse> {
      return this.write({ slug }, dto, context);
    }

    @EditorWrite(Patch('by-slug/:slug'))
    patchBySlug(@Param('slug') slug: string, @Body() dto: Fields, @Ctx() context: RequestContext): Promise<TermResponse> {
      return this.write({ slug }, dto, context);
    }

    @ApiTermDeleteResponses(TermResponse)
    @Delete('by-slug/:slug')
    @RequireRoles('administrator', 'editor')
    deleteBySlug(@Param('slug') slug: string, @Ctx() context: RequestContext): Promise<TermResponse> {
      return this.remove({ slug }, context);
    }

    @ApiReadResponses(TermResponse)
    @Get(':id')
    get(@IdParam() id: number, @Ctx() context: RequestContext): Promise<TermResponse> {
      return this.read({ id }, context);
    }

    @EditorWrite(Post(':id'), HttpCode(200))
    update(@IdParam() id: number, @Body() dto: Fields, @Ctx() context: RequestContext): Promise<TermResponse> {
      return this.write({ id }, dto, context);
    }

    @EditorWrite(Put(':id'))
    replace(@IdParam() id: number, @Body() dto: Fields, @Ctx() context: RequestContext): Promise<TermResponse> {
      return this.write({ id }, dto, context);
    }

    @EditorWrite(Patch(':id'))
    patch(@IdParam() id: number, @Body() dto: Fields, @Ctx() context: RequestContext): Promise<TermResponse> {
      return this.write({ id }, dto, context);
    }

    @ApiTermDeleteResponses(TermResponse)
    @Delete(':id')
    @RequireRoles('administrator', 'editor')
    delete(@IdParam() id: number, @Ctx() context: RequestContext): Promise<TermResponse> {
      return this.remove({ id }, context);
    }

    private async read(ref: TermRef, context: RequestContext): Promise<TermResponse> {
      return toTermResponse(await this.service.get(ref, context.now, context.eventsDue), this.service.kind, context.links);
    }

    private async write(ref: TermRef, dto: Fields, context: RequestContext): Promise<TermResponse> {
      return toTermResponse(await this.service.update(ref, dto), this.service.kind, context.links);
    }

    private async remove(ref: TermRef, context: RequestContext): Promise<TermResponse> {
      return toTermResponse(await this.service.delete(ref), this.service.kind, context.links);
    }
  }

  declareParamTypes(TermControllerBase, {
    list: [types.listQuery, Object, Object],
    create: [types.createDto, Object],
    getBySlug: [String, Object],
    updateBySlug: [String, types.updateDto, Object],
    replaceBySlug: [String, types.updateDto, Object],
    patchBySlug: [String, types.updateDto, Object],
    deleteBySlug: [String, Object],
    get: [Number, Object],
    update: [Number, types.updateDto, Object],
    replace: [Number, types.updateDto, Object],
    patch: [Number, types.updateDto, Object],
    delete: [Number, Object],
  });
  return TermControllerBase;
}
