import { Authenticated, CurrentUser } from '@app/auth';
import { API_NAMESPACE, AuthenticatedUser, IdParam, LinkContext, Links } from '@app/common';
import { APP_CONFIG, AppConfig } from '@app/config';
import { DeletePostQuery, effectivePostListQuery, PostRoutes, ReadPostQuery, VENUE_KIND } from '@app/posts';
import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Patch, Post, Put, Query, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { CreateVenueDto, VenueFieldsDto } from './dto/create-venue.dto';
import { ListVenuesQuery } from './dto/list-venues.query';
import { UpdateVenueDto } from './dto/update-venue.dto';
import { Venue } from './entities/venue.entity';
import { toVenueResponse, venueJsonLd } from './venue.mapper';
import { VenuesService } from './venues.service';
import { ApiCreateResponses, ApiListResponses, ApiReadResponses, ApiTrashResponses, ApiUpdateResponses } from '../swagger/api-responses';
import { DeletedVenueDto } from '../swagger/schemas/deleted-records.dto';
import { VenueDto } from '../swagger/schemas/venue.dto';
import { VenueListDto } from '../swagger/schemas/list-envelopes.dto';

@ApiTags('venues')
@Controller(`${API_NAMESPACE}/venues`)
export class VenuesController {
  private readonly routes: PostRoutes<Venue, VenueFieldsDto>;

  constructor(venues: VenuesService, @Inject(APP_CONFIG) config: AppConfig) {
    this.routes = new PostRoutes(
      VENUE_KIND,
      venues,
      (venues, { links, single, now }) =>
        venues.map((venue) => ({
          ...toVenueResponse(venue, links, config.siteTimezone, now),
          ...(single ? { json_ld: venueJsonLd(venue, links) } : {}),
        })),
      () => config.maxPerPage,
    );
  }

  @ApiListResponses(VenueListDto)
  @Get()
  list(
    @Query() query: ListVenuesQuery,
    @CurrentUser() user: AuthenticatedUser | undefined,
    @Links() links: LinkContext,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.routes.list(user, query, effectivePostListQuery(query), links, res);
  }

  @ApiCreateResponses(VenueDto)
  @Post()
  @Authenticated()
  create(
    @Body() dto: CreateVenueDto,
    @CurrentUser() user: AuthenticatedUser,
    @Links() links: LinkContext,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.routes.create(user, dto, links, res);
  }

  @ApiReadResponses(VenueDto)
  @Get('by-slug/:slug')
  getBySlug(
    @Param('slug') slug: string,
    @Query() query: ReadPostQuery,
    @CurrentUser() user: AuthenticatedUser | undefined,
    @Links() links: LinkContext,
  ) {
    return this.routes.get({ slug }, user, query.password, links);
  }

  @ApiUpdateResponses(VenueDto)
  @Post('by-slug/:slug')
  @HttpCode(200)
  @Authenticated()
  updateBySlug(
    @Param('slug') slug: string,
    @Body() dto: UpdateVenueDto,
    @CurrentUser() user: AuthenticatedUser,
    @Links() links: LinkContext,
  ) {
    return this.routes.update(user, { slug }, dto, links);
  }

  @ApiUpdateResponses(VenueDto)
  @Put('by-slug/:slug')
  @Authenticated()
  replaceBySlug(
    @Param('slug') slug: string,
    @Body() dto: UpdateVenueDto,
    @CurrentUser() user: AuthenticatedUser,
    @Links() links: LinkContext,
  ) {
    return this.routes.update(user, { slug }, dto, links);
  }

  @ApiUpdateResponses(VenueDto)
  @Patch('by-slug/:slug')
  @Authenticated()
  patchBySlug(
    @Param('slug') slug: string,
    @Body() dto: UpdateVenueDto,
    @CurrentUser() user: AuthenticatedUser,
    @Links() links: LinkContext,
  ) {
    return this.routes.update(user, { slug }, dto, links);
  }

  @ApiTrashResponses(VenueDto, DeletedVenueDto)
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

  @ApiReadResponses(VenueDto)
  @Get(':id')
  get(
    @IdParam() id: number,
    @Query() query: ReadPostQuery,
    @CurrentUser() user: AuthenticatedUser | undefined,
    @Links() links: LinkContext,
  ) {
    return this.routes.get({ id }, user, query.password, links);
  }

  @ApiUpdateResponses(VenueDto)
  @Post(':id')
  @HttpCode(200)
  @Authenticated()
  update(@IdParam() id: number, @Body() dto: UpdateVenueDto, @CurrentUser() user: AuthenticatedUser, @Links() links: LinkContext) {
    return this.routes.update(user, { id }, dto, links);
  }

  @ApiUpdateResponses(VenueDto)
  @Put(':id')
  @Authenticated()
  replace(@IdParam() id: number, @Body() dto: UpdateVenueDto, @CurrentUser() user: AuthenticatedUser, @Links() links: LinkContext) {
    return this.routes.update(user, { id }, dto, links);
  }

  @ApiUpdateResponses(VenueDto)
  @Patch(':id')
  @Authenticated()
  patch(@IdParam() id: number, @Body() dto: UpdateVenueDto, @CurrentUser() user: AuthenticatedUser, @Links() links: LinkContext) {
    return this.routes.update(user, { id }, dto, links);
  }

  @ApiTrashResponses(VenueDto, DeletedVenueDto)
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
