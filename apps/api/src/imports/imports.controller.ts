import { CurrentUser, RequireRoles } from '@app/auth';
import {
  API_NAMESPACE,
  ApiCreateResponses,
  ApiListResponses,
  ApiReadResponses,
  ApiValidationPipe,
  ApiUpdateResponses,
  AuthenticatedUser,
  Ctx,
  docsKey,
  IdParam,
  Reply,
  RequestContext,
  Uncached,
} from '@app/common';
import { applyDecorators, Body, Controller, Delete, Get, HttpCode, HttpStatus, Patch, Post, Put, Query, Req } from '@nestjs/common';
import { ApiResponse, ApiTags } from '@nestjs/swagger';
import { CalendarUploadRequest } from './calendar-upload.middleware';
import { CreateImportDto, ListImportsQuery, RunImportDto, UpdateImportDto } from './dto/import-source-fields.dto';
import { DeletedImportResponse, ImportSourceListResponse, ImportSourceResponse } from './dto/import-source.response';
import { toImportSourceResponse } from './import-source.mapper';
import { ImportSourcesService } from './import-sources.service';

const QUERY_OPTIONS = new ApiValidationPipe();
const OPTIONS_METADATA = { type: 'body', metatype: CreateImportDto } as const;

/** Editors and administrators only. A POST's body may also be the calendar itself (text/calendar, options in the query). */
const Editors = () => RequireRoles('administrator', 'editor');
const Update = (route: MethodDecorator) => applyDecorators(ApiUpdateResponses(ImportSourceResponse), route, Editors());

/**
 * Import sources (docs/api-rules.md, Importing calendars): subscribe to a feed or upload a calendar,
 * read what each run did, change the options, run again. Answers carry no ETag: a source's state
 * changes with every run, which raises no data version.
 */
@ApiTags('imports')
@Controller(`${API_NAMESPACE}/imports`)
@Uncached()
export class ImportsController {
  constructor(private readonly service: ImportSourcesService) {}

  @ApiListResponses(ImportSourceListResponse)
  @Get()
  @Editors()
  async list(@Query() query: ListImportsQuery, @Ctx() context: RequestContext) {
    const { items, page } = await this.service.list(query, context);
    return Reply.page(
      'imports',
      items.map((source) => toImportSourceResponse(source, context)),
      page,
    );
  }

  @ApiCreateResponses(ImportSourceResponse)
  @Post()
  @Editors()
  async create(
    @Body() dto: CreateImportDto,
    @Req() req: CalendarUploadRequest,
    @CurrentUser() user: AuthenticatedUser,
    @Ctx() context: RequestContext,
  ) {
    // With the calendar as the body, the options come in the query string, checked as a body's would be.
    const fields = req.calendarUpload ? ((await QUERY_OPTIONS.transform(req.query, OPTIONS_METADATA)) as CreateImportDto) : dto;
    const source = await this.service.create(user, fields, req.calendarUpload);
    return Reply.created(toImportSourceResponse(source, context), `${context.links.restBase}/imports/${source.id}`);
  }

  @ApiReadResponses(ImportSourceResponse)
  @Get(':id')
  @Editors()
  async get(@IdParam() id: number, @Ctx() context: RequestContext) {
    return toImportSourceResponse(await this.service.get(id), context);
  }

  @Update(Post(':id'))
  @HttpCode(200)
  update(@IdParam() id: number, @Body() dto: UpdateImportDto, @Ctx() context: RequestContext) {
    return this.write(id, dto, context);
  }

  @Update(Put(':id'))
  replace(@IdParam() id: number, @Body() dto: UpdateImportDto, @Ctx() context: RequestContext) {
    return this.write(id, dto, context);
  }

  @Update(Patch(':id'))
  patch(@IdParam() id: number, @Body() dto: UpdateImportDto, @Ctx() context: RequestContext) {
    return this.write(id, dto, context);
  }

  @ApiResponse({ status: HttpStatus.OK, description: docsKey('responses.import_deleted'), type: DeletedImportResponse })
  @Delete(':id')
  @Editors()
  async delete(@IdParam() id: number, @Ctx() context: RequestContext) {
    return { deleted: true, previous: toImportSourceResponse(await this.service.delete(id), context) };
  }

  @Update(Post(':id/run'))
  @HttpCode(200)
  async run(@IdParam() id: number, @Body() dto: RunImportDto, @Req() req: CalendarUploadRequest, @Ctx() context: RequestContext) {
    return toImportSourceResponse(await this.service.run(id, req.calendarUpload, dto.calendar), context);
  }

  private async write(id: number, dto: UpdateImportDto, context: RequestContext) {
    return toImportSourceResponse(await this.service.update(id, dto), context);
  }
}
