import { Authenticated, CurrentUser } from '@app/auth';
import { API_NAMESPACE, AuthenticatedUser, IdParam, LinkContext, Links } from '@app/common';
import { APP_CONFIG, AppConfig } from '@app/config';
import { DeletePostQuery, EVENT_KIND, PostRoutes, ReadPostQuery } from '@app/posts';
import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Patch, Post, Put, Query, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { CreateEventDto, EventFieldsDto } from './dto/create-event.dto';
import { ListEventsQuery } from './dto/list-events.query';
import { UpdateEventDto } from './dto/update-event.dto';
import { CalendarEvent } from './entities/event.entity';
import { EventsService } from './events.service';
import { effectiveEventQuery } from './event-list-query';
import { EventPresenter } from './event.presenter';
import { ApiCreateResponses, ApiListResponses, ApiReadResponses, ApiTrashResponses, ApiUpdateResponses } from '../swagger/api-responses';
import { DeletedEventDto } from '../swagger/schemas/deleted-records.dto';
import { EventDto } from '../swagger/schemas/event.dto';
import { EventListDto } from '../swagger/schemas/list-envelopes.dto';

@ApiTags('events')
@Controller(`${API_NAMESPACE}/events`)
export class EventsController {
  private readonly routes: PostRoutes<CalendarEvent, EventFieldsDto>;

  constructor(
    events: EventsService,
    presenter: EventPresenter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.routes = new PostRoutes(EVENT_KIND, events, presenter.present, () => config.maxPerPage);
  }

  @ApiListResponses(EventListDto)
  @Get()
  list(
    @Query() query: ListEventsQuery,
    @CurrentUser() user: AuthenticatedUser | undefined,
    @Links() links: LinkContext,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.routes.list(user, query, effectiveEventQuery(query, this.config.siteTimezone, new Date()), links, res);
  }

  @ApiCreateResponses(EventDto)
  @Post()
  @Authenticated()
  create(
    @Body() dto: CreateEventDto,
    @CurrentUser() user: AuthenticatedUser,
    @Links() links: LinkContext,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.routes.create(user, dto, links, res);
  }

  @ApiReadResponses(EventDto)
  @Get('by-slug/:slug')
  getBySlug(
    @Param('slug') slug: string,
    @Query() query: ReadPostQuery,
    @CurrentUser() user: AuthenticatedUser | undefined,
    @Links() links: LinkContext,
  ) {
    return this.routes.get({ slug }, user, query.password, links);
  }

  @ApiUpdateResponses(EventDto)
  @Post('by-slug/:slug')
  @HttpCode(200)
  @Authenticated()
  updateBySlug(
    @Param('slug') slug: string,
    @Body() dto: UpdateEventDto,
    @CurrentUser() user: AuthenticatedUser,
    @Links() links: LinkContext,
  ) {
    return this.routes.update(user, { slug }, dto, links);
  }

  @ApiUpdateResponses(EventDto)
  @Put('by-slug/:slug')
  @Authenticated()
  replaceBySlug(
    @Param('slug') slug: string,
    @Body() dto: UpdateEventDto,
    @CurrentUser() user: AuthenticatedUser,
    @Links() links: LinkContext,
  ) {
    return this.routes.update(user, { slug }, dto, links);
  }

  @ApiUpdateResponses(EventDto)
  @Patch('by-slug/:slug')
  @Authenticated()
  patchBySlug(
    @Param('slug') slug: string,
    @Body() dto: UpdateEventDto,
    @CurrentUser() user: AuthenticatedUser,
    @Links() links: LinkContext,
  ) {
    return this.routes.update(user, { slug }, dto, links);
  }

  @ApiTrashResponses(EventDto, DeletedEventDto)
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

  @ApiReadResponses(EventDto)
  @Get(':id')
  get(
    @IdParam() id: number,
    @Query() query: ReadPostQuery,
    @CurrentUser() user: AuthenticatedUser | undefined,
    @Links() links: LinkContext,
  ) {
    return this.routes.get({ id }, user, query.password, links);
  }

  @ApiUpdateResponses(EventDto)
  @Post(':id')
  @HttpCode(200)
  @Authenticated()
  update(@IdParam() id: number, @Body() dto: UpdateEventDto, @CurrentUser() user: AuthenticatedUser, @Links() links: LinkContext) {
    return this.routes.update(user, { id }, dto, links);
  }

  @ApiUpdateResponses(EventDto)
  @Put(':id')
  @Authenticated()
  replace(@IdParam() id: number, @Body() dto: UpdateEventDto, @CurrentUser() user: AuthenticatedUser, @Links() links: LinkContext) {
    return this.routes.update(user, { id }, dto, links);
  }

  @ApiUpdateResponses(EventDto)
  @Patch(':id')
  @Authenticated()
  patch(@IdParam() id: number, @Body() dto: UpdateEventDto, @CurrentUser() user: AuthenticatedUser, @Links() links: LinkContext) {
    return this.routes.update(user, { id }, dto, links);
  }

  @ApiTrashResponses(EventDto, DeletedEventDto)
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
