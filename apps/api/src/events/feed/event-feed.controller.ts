import { CurrentUser } from '@app/auth';
import { API_NAMESPACE, AuthenticatedUser, Ctx, IdParam, RequestContext } from '@app/common';
import { ReadPostQuery } from '@app/posts';
import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ListEventsQuery } from '../dto/list-events.query';
import { ApiFeedResponses } from './api-feed-responses';
import { EventFeedService } from './event-feed.service';

/**
 * `events.ics`, `events/{id}.ics`, `events/by-slug/{slug}.ics`: what calendar apps subscribe to.
 * Registered before the JSON routes, whose `events/:id` would otherwise take `7.ics` for an ID.
 */
@ApiTags('events')
@Controller(API_NAMESPACE)
export class EventFeedController {
  constructor(private readonly feeds: EventFeedService) {}

  @ApiFeedResponses('list')
  @Get('events.ics')
  list(@Query() query: ListEventsQuery, @CurrentUser() user: AuthenticatedUser | undefined, @Ctx() context: RequestContext) {
    return this.feeds.list(query, user, context);
  }

  @ApiFeedResponses('record')
  @Get('events/by-slug/:slug.ics')
  getBySlug(
    @Param('slug') slug: string,
    @Query() query: ReadPostQuery,
    @CurrentUser() user: AuthenticatedUser | undefined,
    @Ctx() context: RequestContext,
  ) {
    return this.feeds.one({ slug }, query, user, context);
  }

  @ApiFeedResponses('record')
  @Get('events/:id.ics')
  get(
    @IdParam() id: number,
    @Query() query: ReadPostQuery,
    @CurrentUser() user: AuthenticatedUser | undefined,
    @Ctx() context: RequestContext,
  ) {
    return this.feeds.one({ id }, query, user, context);
  }
}
