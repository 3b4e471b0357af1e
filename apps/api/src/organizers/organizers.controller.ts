import { Authenticated, CurrentUser } from '@app/auth';
import { API_NAMESPACE, AuthenticatedUser, IdParam, LinkContext, Links } from '@app/common';
import { APP_CONFIG, AppConfig } from '@app/config';
import { DeletePostQuery, effectivePostListQuery, PostRoutes, ReadPostQuery, ORGANIZER_KIND } from '@app/posts';
import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Patch, Post, Put, Query, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { CreateOrganizerDto, OrganizerFieldsDto } from './dto/create-organizer.dto';
import { ListOrganizersQuery } from './dto/list-organizers.query';
import { UpdateOrganizerDto } from './dto/update-organizer.dto';
import { Organizer } from './entities/organizer.entity';
import { toOrganizerResponse, organizerJsonLd } from './organizer.mapper';
import { OrganizersService } from './organizers.service';
import { ApiCreateResponses, ApiListResponses, ApiReadResponses, ApiTrashResponses, ApiUpdateResponses } from '../swagger/api-responses';
import { DeletedOrganizerDto } from '../swagger/schemas/deleted-records.dto';
import { OrganizerDto } from '../swagger/schemas/organizer.dto';
import { OrganizerListDto } from '../swagger/schemas/list-envelopes.dto';

@ApiTags('organizers')
@Controller(`${API_NAMESPACE}/organizers`)
export class OrganizersController {
  private readonly routes: PostRoutes<Organizer, OrganizerFieldsDto>;

  constructor(organizers: OrganizersService, @Inject(APP_CONFIG) config: AppConfig) {
    this.routes = new PostRoutes(
      ORGANIZER_KIND,
      organizers,
      (organizers, { links, single, now }) =>
        organizers.map((organizer) => ({
          ...toOrganizerResponse(organizer, links, config.siteTimezone, now),
          ...(single ? { json_ld: organizerJsonLd(organizer, links) } : {}),
        })),
      () => config.maxPerPage,
    );
  }

  @ApiListResponses(OrganizerListDto)
  @Get()
  list(
    @Query() query: ListOrganizersQuery,
    @CurrentUser() user: AuthenticatedUser | undefined,
    @Links() links: LinkContext,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.routes.list(user, query, effectivePostListQuery(query), links, res);
  }

  @ApiCreateResponses(OrganizerDto)
  @Post()
  @Authenticated()
  create(
    @Body() dto: CreateOrganizerDto,
    @CurrentUser() user: AuthenticatedUser,
    @Links() links: LinkContext,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.routes.create(user, dto, links, res);
  }

  @ApiReadResponses(OrganizerDto)
  @Get('by-slug/:slug')
  getBySlug(
    @Param('slug') slug: string,
    @Query() query: ReadPostQuery,
    @CurrentUser() user: AuthenticatedUser | undefined,
    @Links() links: LinkContext,
  ) {
    return this.routes.get({ slug }, user, query.password, links);
  }

  @ApiUpdateResponses(OrganizerDto)
  @Post('by-slug/:slug')
  @HttpCode(200)
  @Authenticated()
  updateBySlug(
    @Param('slug') slug: string,
    @Body() dto: UpdateOrganizerDto,
    @CurrentUser() user: AuthenticatedUser,
    @Links() links: LinkContext,
  ) {
    return this.routes.update(user, { slug }, dto, links);
  }

  @ApiUpdateResponses(OrganizerDto)
  @Put('by-slug/:slug')
  @Authenticated()
  replaceBySlug(
    @Param('slug') slug: string,
    @Body() dto: UpdateOrganizerDto,
    @CurrentUser() user: AuthenticatedUser,
    @Links() links: LinkContext,
  ) {
    return this.routes.update(user, { slug }, dto, links);
  }

  @ApiUpdateResponses(OrganizerDto)
  @Patch('by-slug/:slug')
  @Authenticated()
  patchBySlug(
    @Param('slug') slug: string,
    @Body() dto: UpdateOrganizerDto,
    @CurrentUser() user: AuthenticatedUser,
    @Links() links: LinkContext,
  ) {
    return this.routes.update(user, { slug }, dto, links);
  }

  @ApiTrashResponses(OrganizerDto, DeletedOrganizerDto)
  @Delete('by-slug/:slug')
  @Authenticated()
  deleteBySlug(
    @Param('slug') slug: string,
    @Query() query: DeletePostQuery,
    @Body() body: unknown,
    @CurrentUser() user: AuthenticatedUser,
    @Links() links: LinkContext,
  ) {
    return this.routes.delete(user, { slug }, query.force, body, links);
  }

  @ApiReadResponses(OrganizerDto)
  @Get(':id')
  get(
    @IdParam() id: number,
    @Query() query: ReadPostQuery,
    @CurrentUser() user: AuthenticatedUser | undefined,
    @Links() links: LinkContext,
  ) {
    return this.routes.get({ id }, user, query.password, links);
  }

  @ApiUpdateResponses(OrganizerDto)
  @Post(':id')
  @HttpCode(200)
  @Authenticated()
  update(@IdParam() id: number, @Body() dto: UpdateOrganizerDto, @CurrentUser() user: AuthenticatedUser, @Links() links: LinkContext) {
    return this.routes.update(user, { id }, dto, links);
  }

  @ApiUpdateResponses(OrganizerDto)
  @Put(':id')
  @Authenticated()
  replace(@IdParam() id: number, @Body() dto: UpdateOrganizerDto, @CurrentUser() user: AuthenticatedUser, @Links() links: LinkContext) {
    return this.routes.update(user, { id }, dto, links);
  }

  @ApiUpdateResponses(OrganizerDto)
  @Patch(':id')
  @Authenticated()
  patch(@IdParam() id: number, @Body() dto: UpdateOrganizerDto, @CurrentUser() user: AuthenticatedUser, @Links() links: LinkContext) {
    return this.routes.update(user, { id }, dto, links);
  }

  @ApiTrashResponses(OrganizerDto, DeletedOrganizerDto)
  @Delete(':id')
  @Authenticated()
  delete(
    @IdParam() id: number,
    @Query() query: DeletePostQuery,
    @Body() body: unknown,
    @CurrentUser() user: AuthenticatedUser,
    @Links() links: LinkContext,
  ) {
    return this.routes.delete(user, { id }, query.force, body, links);
  }
}
