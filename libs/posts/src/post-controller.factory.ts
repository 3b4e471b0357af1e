import { Authenticated, CurrentUser } from '@app/auth';
import {
  ApiCreateResponses,
  ApiListResponses,
  ApiReadResponses,
  ApiTrashResponses,
  ApiUpdateResponses,
  AuthenticatedUser,
  Ctx,
  declareParamTypes,
  IdParam,
  parseLooseBoolean,
  Reply,
  RequestContext,
} from '@app/common';
import { PostRecord, RecordRef } from '@app/domain';
import { Body, Delete, Get, HttpCode, Param, Patch, Post, Put, Query, Type } from '@nestjs/common';
import { DeletePostQuery } from './dto/delete-post.query';
import { PostFieldsDto } from './dto/post-fields.dto';
import { ReadPostQuery } from './dto/read-post.query';
import { PostPresenter } from './post-presenter';
import { PostListQuery, PostRecordsService } from './post-records.service';

/** What the routes ask of a resource's service. */
type PostRoutesService<T extends PostRecord, D extends PostFieldsDto> = Pick<
  PostRecordsService<T, D>,
  'kind' | 'list' | 'isLocked' | 'getReadable' | 'create' | 'update' | 'delete' | 'createdByUpdate'
>;

/** Who reads: a user, or nobody signed in. */
type Viewer = AuthenticatedUser | undefined;

/** The classes a post-like resource's routes validate and document. */
interface PostResourceTypes {
  createDto: Type;
  updateDto: Type;
  listQuery: Type;
  response: Type;
  listResponse: Type;
  deletedResponse: Type;
  /** The query of DELETE, when a kind takes more than `force` there. */
  deleteQuery?: Type;
}

/**
 * The eleven routes of a post-like resource (events, venues, organizers), by ID and by slug, so
 * all three answer alike: status codes, `Location`, list envelopes, trash. Each handler parses,
 * calls the service and the presenter, and returns. The resource's controller extends the class
 * this returns, adding its path and tag.
 */
export function PostController<T extends PostRecord, D extends PostFieldsDto, R>(types: PostResourceTypes) {
  abstract class PostControllerBase {
    constructor(
      protected readonly service: PostRoutesService<T, D>,
      protected readonly presenter: PostPresenter<T, R>,
    ) {}

    @ApiListResponses(types.listResponse)
    @Get()
    async list(@Query() query: PostListQuery, @CurrentUser() user: Viewer, @Ctx() context: RequestContext) {
      const { items, page } = await this.service.list(query, user, context);
      const isLocked = (record: T) => this.service.isLocked(record, user);
      return Reply.page(
        this.service.kind.collection,
        await this.presenter.present(items, { context, user, single: false, isLocked }),
        page,
      );
    }

    @ApiCreateResponses(types.response)
    @Post()
    @Authenticated()
    async create(@Body() dto: D, @CurrentUser() user: AuthenticatedUser, @Ctx() context: RequestContext) {
      const { record } = await this.service.create(user, dto);
      return Reply.created(
        await this.presentOne(record, context, user),
        `${context.links.restBase}/${this.service.kind.collection}/${record.id}`,
      );
    }

    @ApiReadResponses(types.response)
    @Get('by-slug/:slug')
    getBySlug(@Param('slug') slug: string, @Query() query: ReadPostQuery, @CurrentUser() user: Viewer, @Ctx() context: RequestContext) {
      return this.read({ slug }, query, user, context);
    }

    @ApiUpdateResponses(types.response)
    @Post('by-slug/:slug')
    @HttpCode(200)
    @Authenticated()
    updateBySlug(@Param('slug') slug: string, @Body() dto: D, @CurrentUser() user: AuthenticatedUser, @Ctx() context: RequestContext) {
      return this.write({ slug }, dto, user, context);
    }

    @ApiUpdateResponses(types.response)
    @Put('by-slug/:slug')
    @Authenticated()
    replaceBySlug(@Param('slug') slug: string, @Body() dto: D, @CurrentUser() user: AuthenticatedUser, @Ctx() context: RequestContext) {
      return this.write({ slug }, dto, user, context);
    }

    @ApiUpdateResponses(types.response)
    @Patch('by-slug/:slug')
    @Authenticated()
    patchBySlug(@Param('slug') slug: string, @Body() dto: D, @CurrentUser() user: AuthenticatedUser, @Ctx() context: RequestContext) {
      return this.write({ slug }, dto, user, context);
    }

    @ApiTrashResponses(types.response, types.deletedResponse)
    @Delete('by-slug/:slug')
    @Authenticated()
    deleteBySlug(
      @Param('slug') slug: string,
      @Query() query: DeletePostQuery,
      @Body() body: unknown,
      @CurrentUser() user: AuthenticatedUser,
      @Ctx() context: RequestContext,
    ) {
      return this.remove({ slug }, query, body, user, context);
    }

    @ApiReadResponses(types.response)
    @Get(':id')
    get(@IdParam() id: number, @Query() query: ReadPostQuery, @CurrentUser() user: Viewer, @Ctx() context: RequestContext) {
      return this.read({ id }, query, user, context);
    }

    @ApiUpdateResponses(types.response)
    @Post(':id')
    @HttpCode(200)
    @Authenticated()
    update(@IdParam() id: number, @Body() dto: D, @CurrentUser() user: AuthenticatedUser, @Ctx() context: RequestContext) {
      return this.write({ id }, dto, user, context);
    }

    @ApiUpdateResponses(types.response)
    @Put(':id')
    @Authenticated()
    replace(@IdParam() id: number, @Body() dto: D, @CurrentUser() user: AuthenticatedUser, @Ctx() context: RequestContext) {
      return this.write({ id }, dto, user, context);
    }

    @ApiUpdateResponses(types.response)
    @Patch(':id')
    @Authenticated()
    patch(@IdParam() id: number, @Body() dto: D, @CurrentUser() user: AuthenticatedUser, @Ctx() context: RequestContext) {
      return this.write({ id }, dto, user, context);
    }

    @ApiTrashResponses(types.response, types.deletedResponse)
    @Delete(':id')
    @Authenticated()
    delete(
      @IdParam() id: number,
      @Query() query: DeletePostQuery,
      @Body() body: unknown,
      @CurrentUser() user: AuthenticatedUser,
      @Ctx() context: RequestContext,
    ) {
      return this.remove({ id }, query, body, user, context);
    }

    private async read(ref: RecordRef, query: ReadPostQuery, user: Viewer, context: RequestContext): Promise<R> {
      const record = await this.service.getReadable(ref, user, query.password, context);
      const isLocked = (shown: T) => this.service.isLocked(shown, user, query.password);
      const [body] = await this.presenter.present([record], { context, user, single: true, isLocked });
      return body;
    }

    private async write(ref: RecordRef, dto: D, user: AuthenticatedUser, context: RequestContext): Promise<R | Reply<R>> {
      const record = await this.service.update(user, ref, dto, context);
      const body = await this.presentOne(record, context, user);
      if (!this.service.createdByUpdate(record)) return body;
      return Reply.created(body, `${context.links.restBase}/${this.service.kind.collection}/${record.id}`);
    }

    /** `force` may come in the query or the body. */
    private async remove(ref: RecordRef, query: DeletePostQuery, body: unknown, user: AuthenticatedUser, context: RequestContext) {
      const forced = query.force ?? parseLooseBoolean((body as { force?: unknown } | undefined)?.force) ?? false;
      const { deleted, record } = await this.service.delete(user, ref, forced, query);
      const presented = await this.presentOne(record, context, user);
      return deleted ? { deleted: true, previous: presented } : presented;
    }

    /** A write's answer, locked like any other view when the caller cannot open the record. */
    private async presentOne(record: T, context: RequestContext, user: AuthenticatedUser): Promise<R> {
      const isLocked = (shown: T) => this.service.isLocked(shown, user);
      const [body] = await this.presenter.present([record], { context, user, single: false, isLocked });
      return body;
    }
  }

  const context = [Object, Object];
  declareParamTypes(PostControllerBase, {
    list: [types.listQuery, ...context],
    create: [types.createDto, ...context],
    getBySlug: [String, ReadPostQuery, ...context],
    updateBySlug: [String, types.updateDto, ...context],
    replaceBySlug: [String, types.updateDto, ...context],
    patchBySlug: [String, types.updateDto, ...context],
    deleteBySlug: [String, types.deleteQuery ?? DeletePostQuery, Object, ...context],
    get: [Number, ReadPostQuery, ...context],
    update: [Number, types.updateDto, ...context],
    replace: [Number, types.updateDto, ...context],
    patch: [Number, types.updateDto, ...context],
    delete: [Number, types.deleteQuery ?? DeletePostQuery, Object, ...context],
  });
  return PostControllerBase;
}
